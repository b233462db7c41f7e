import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { AppRoutes } from '@/app-web/router';
import { apiPaths } from '@/config/paths';
import type { User } from '@/features/auth/api/get-user';
import { fakeAudio } from '@/testing/fake-audio';
import { mockSession } from '@/testing/mocks/accounts';
import { sampleUser } from '@/testing/mocks/data';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

const FLAG = 'meguri_onboarding_completed';
const newUser: User = { ...sampleUser, hasCompletedOnboarding: false };

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

function renderAt(route: string) {
  return renderApp(
    <>
      <AppRoutes />
      <Where />
    </>,
    { route },
  );
}

/** A signed-in screen has rendered (the chat's: the gate works on every one), so the gate has made up its mind. */
async function screenShown() {
  expect(await screen.findByRole('heading', { name: 'チャット' })).toBeInTheDocument();
  // The overlay is a lazily loaded chunk: give it the time it would need to arrive.
  await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
}

describe('when the onboarding shows', () => {
  beforeEach(() => {
    fakeAudio();
  });

  afterEach(() => {
    localStorage.clear();
  });

  it('shows for a signed-in user with a username and birth date who has not completed it', async () => {
    mockSession(newUser);
    renderAt('/');
    expect(await screen.findByRole('dialog', { name: 'ナビゲーターのご案内' })).toBeInTheDocument();
  });

  it('does not show when the server says it was completed', async () => {
    mockSession({ ...newUser, hasCompletedOnboarding: true });
    renderAt('/chat');
    await screenShown();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not show when this browser says it was completed', async () => {
    localStorage.setItem(FLAG, 'true');
    mockSession(newUser);
    renderAt('/chat');
    await screenShown();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not show before the profile has a birth date', async () => {
    mockSession({ ...newUser, birthDate: null });
    renderAt('/chat');
    await screenShown();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not show to a signed-out visitor, even on request', async () => {
    renderAt('/?replay-tutorial=true');
    expect(await screen.findByRole('heading', { name: '生年月日を入力' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('replays on ?replay-tutorial=true even when completed: clears the flag and the parameter', async () => {
    localStorage.setItem(FLAG, 'true');
    mockSession({ ...newUser, hasCompletedOnboarding: true });
    renderAt('/?tab=1&replay-tutorial=true');

    expect(await screen.findByRole('dialog', { name: 'ナビゲーターのご案内' })).toBeInTheDocument();
    expect(localStorage.getItem(FLAG)).toBeNull();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/\?tab=1$/));
  });

  it('goes away once completed, refreshes the user, and does not come back', async () => {
    const session = mockSession(newUser);
    let userReads = 0;
    server.use(
      http.get(apiPaths.auth.user, () => {
        userReads += 1;
        return HttpResponse.json(session.user);
      }),
      http.post(apiPaths.onboarding.complete, () => {
        session.user = { ...newUser, hasCompletedOnboarding: true };
        return HttpResponse.json(session.user);
      }),
    );
    renderAt('/');
    const dialog = await screen.findByRole('dialog');
    const readsBefore = userReads;

    fireEvent.keyDown(dialog, { key: 'Escape' });

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(localStorage.getItem(FLAG)).toBe('true');
    await waitFor(() => expect(userReads).toBe(readsBefore + 1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
