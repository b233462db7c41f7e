import { afterEach, describe, expect, it } from 'vitest';

import { ONBOARDING_FLAG } from '@/config/constants';
import {
  clearOnboardingCompletedLocally,
  isOnboardingCompletedLocally,
  markOnboardingCompletedLocally,
} from '@/features/onboarding/utils/onboarding-flag';
import {
  isReplayRequested,
  searchWithoutReplay,
  shouldShowOnboarding,
  type OnboardingUser,
} from '@/features/onboarding/utils/should-show-onboarding';

const newUser: OnboardingUser = { username: 'hanako', birthDate: '1990-05-15', hasCompletedOnboarding: false };
const notDone = { completedLocally: false, replay: false };

describe('shouldShowOnboarding', () => {
  it('shows for a user with a username and a birth date who has not completed it anywhere', () => {
    expect(shouldShowOnboarding(newUser, notDone)).toBe(true);
  });

  it('does not show without a username or without a birth date', () => {
    expect(shouldShowOnboarding({ ...newUser, username: null }, notDone)).toBe(false);
    expect(shouldShowOnboarding({ ...newUser, username: '' }, notDone)).toBe(false);
    expect(shouldShowOnboarding({ ...newUser, birthDate: null }, notDone)).toBe(false);
  });

  it('does not show when this browser marked it completed', () => {
    expect(shouldShowOnboarding(newUser, { completedLocally: true, replay: false })).toBe(false);
  });

  it('does not show when the server marked it completed', () => {
    expect(shouldShowOnboarding({ ...newUser, hasCompletedOnboarding: true }, notDone)).toBe(false);
  });

  it('shows on a replay request even when both say completed, but still needs username and birth date', () => {
    const done = { ...newUser, hasCompletedOnboarding: true };
    expect(shouldShowOnboarding(done, { completedLocally: true, replay: true })).toBe(true);
    expect(shouldShowOnboarding({ ...done, birthDate: null }, { completedLocally: true, replay: true })).toBe(false);
  });
});

describe('the replay parameter', () => {
  it('is recognised only as replay-tutorial=true', () => {
    expect(isReplayRequested('?replay-tutorial=true')).toBe(true);
    expect(isReplayRequested('?a=1&replay-tutorial=true')).toBe(true);
    expect(isReplayRequested('?replay-tutorial=false')).toBe(false);
    expect(isReplayRequested('?replay-tutorial')).toBe(false);
    expect(isReplayRequested('')).toBe(false);
  });

  it('is removed from the query string, keeping the rest', () => {
    expect(searchWithoutReplay('?replay-tutorial=true')).toBe('');
    expect(searchWithoutReplay('?tab=reports&replay-tutorial=true')).toBe('?tab=reports');
  });
});

describe('the local flag', () => {
  afterEach(() => localStorage.clear());

  it(`is stored as ${ONBOARDING_FLAG}`, () => {
    expect(isOnboardingCompletedLocally()).toBe(false);
    markOnboardingCompletedLocally();
    expect(localStorage.getItem('meguri_onboarding_completed')).toBe('true');
    expect(isOnboardingCompletedLocally()).toBe(true);
    clearOnboardingCompletedLocally();
    expect(isOnboardingCompletedLocally()).toBe(false);
  });
});
