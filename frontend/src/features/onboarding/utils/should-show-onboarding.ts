import { ONBOARDING_REPLAY_PARAM } from '@/config/constants';

/** What the rule needs from the current user (the user object of docs/api/accounts.md). */
export type OnboardingUser = {
  username: string | null;
  birthDate: string | null;
  hasCompletedOnboarding: boolean;
};

/**
 * Whether the onboarding overlay starts (spec §4): the user has a username and a birth date (without
 * them home asks for the profile first, and the tour would have nothing to show), and neither this
 * browser's flag nor the server says it was completed. A replay request starts it even when both do.
 */
export function shouldShowOnboarding(
  user: OnboardingUser,
  { completedLocally, replay }: { completedLocally: boolean; replay: boolean },
): boolean {
  if (!user.username || !user.birthDate) return false;
  if (replay) return true;
  return !completedLocally && !user.hasCompletedOnboarding;
}

/** True when the query string asks to play the tutorial again (`?replay-tutorial=true`). */
export function isReplayRequested(search: string): boolean {
  return new URLSearchParams(search).get(ONBOARDING_REPLAY_PARAM) === 'true';
}

/** The query string without the replay parameter ('' or '?…'), for replacing the URL once it was read. */
export function searchWithoutReplay(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(ONBOARDING_REPLAY_PARAM);
  const rest = params.toString();
  return rest === '' ? '' : `?${rest}`;
}
