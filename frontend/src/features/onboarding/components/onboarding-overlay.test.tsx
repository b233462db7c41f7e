import { act, fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { apiPaths } from '@/config/paths';
import { CLOSING_LINES } from '@/features/onboarding/components/closing-stage';
import { OnboardingOverlay } from '@/features/onboarding/components/onboarding-overlay';
import { fakeAudio, preferReducedMotion } from '@/testing/fake-audio';
import { sampleUser } from '@/testing/mocks/data';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

/** A closing line, shown as one paragraph (made of phrases). */
const lineShown = (line: string) =>
  screen.queryByText((_, element) => element?.tagName === 'P' && element.textContent === line);
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const flag = () => localStorage.getItem('meguri_onboarding_completed');

function completeEndpoint(respond: () => Response = () => HttpResponse.json({ ...sampleUser, hasCompletedOnboarding: true })) {
  const calls = { count: 0 };
  server.use(
    http.post(apiPaths.onboarding.complete, () => {
      calls.count += 1;
      return respond();
    }),
  );
  return calls;
}

function renderOverlay() {
  const onCompleted = vi.fn();
  const onClose = vi.fn();
  renderApp(<OnboardingOverlay name="hanako" onCompleted={onCompleted} onClose={onClose} />);
  return { onCompleted, onClose };
}

/** Through the beeps, the message and the greeting (reduced motion: shown at once) to the two buttons. */
async function toButtons(audio: ReturnType<typeof fakeAudio>) {
  for (let i = 0; i < 3; i += 1) act(() => audio.end());
  await advance(3000);
  await advance(1000);
  await advance(2000);
  return screen.getByRole('button', { name: '使い方を聞く' });
}

describe('the onboarding overlay', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    preferReducedMotion();
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is a modal dialog with a name', () => {
    fakeAudio();
    renderOverlay();
    const dialog = screen.getByRole('dialog', { name: 'ナビゲーターのご案内' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByTestId('onboarding-intro')).toBeInTheDocument();
  });

  it("completes after 'スキップ' and the intro's 0.5 s fade: flag set, call sent, user refreshed", async () => {
    const audio = fakeAudio();
    const calls = completeEndpoint();
    const { onCompleted, onClose } = renderOverlay();
    await toButtons(audio);
    fireEvent.click(screen.getByRole('button', { name: 'スキップ' }));

    await advance(499);
    expect(calls.count).toBe(0);
    expect(flag()).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    await advance(1);
    expect(flag()).toBe('true');
    expect(onClose).toHaveBeenCalledTimes(1);
    await advance(0);
    expect(calls.count).toBe(1);
    expect(onCompleted).toHaveBeenCalledTimes(1);
  });

  it('still sets the flag, logs, and lets the user go when the call fails', async () => {
    fakeAudio();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const calls = completeEndpoint(() => HttpResponse.json({ message: '問題が発生しました', code: 'INTERNAL' }, { status: 500 }));
    const { onCompleted, onClose } = renderOverlay();

    // From inside the dialog, where the focus is: the modal must not swallow it.
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await advance(500);
    await advance(0);

    expect(calls.count).toBe(1);
    expect(flag()).toBe('true');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onCompleted).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith(expect.stringContaining('/api/onboarding/complete'), expect.anything());
  });

  it('skips from the tour with the close button', async () => {
    const audio = fakeAudio();
    const calls = completeEndpoint();
    const { onClose } = renderOverlay();
    fireEvent.click(await toButtons(audio));
    await advance(3000); // no screen here: the first step gives up on its target
    fireEvent.click(within(screen.getByTestId('tour-bubble')).getByRole('button', { name: '閉じる' }));
    await advance(0);

    expect(onClose).toHaveBeenCalledTimes(1);
    expect(flag()).toBe('true');
    expect(calls.count).toBe(1);
  });

  it('skips from the tour with Esc pressed in its bubble', async () => {
    const audio = fakeAudio();
    completeEndpoint();
    const { onClose } = renderOverlay();
    fireEvent.click(await toButtons(audio));
    await advance(3000);
    const bubble = screen.getByTestId('tour-bubble');
    expect(bubble).toHaveFocus();
    fireEvent.keyDown(bubble, { key: 'Escape' });
    await advance(0);

    expect(onClose).toHaveBeenCalledTimes(1);
    expect(flag()).toBe('true');
  });

  it('goes from the intro through the 13 steps to the closing screen, completing once', async () => {
    const audio = fakeAudio();
    const calls = completeEndpoint();
    const { onCompleted, onClose } = renderOverlay();

    fireEvent.click(await toButtons(audio));
    expect(screen.getByTestId('onboarding-overlay')).toHaveAttribute('data-stage', 'tour');
    for (let i = 0; i < 13; i += 1) {
      await advance(3000);
      fireEvent.click(within(screen.getByTestId('tour-bubble')).getByRole('button', { name: i === 12 ? '完了' : '次へ' }));
    }
    await advance(999);
    expect(screen.getByTestId('onboarding-overlay')).toHaveAttribute('data-stage', 'tour');
    expect(calls.count).toBe(0);
    await advance(1);

    expect(screen.getByTestId('onboarding-overlay')).toHaveAttribute('data-stage', 'closing');
    expect(flag()).toBe('true');
    await advance(0);
    expect(calls.count).toBe(1);
    expect(onCompleted).toHaveBeenCalledTimes(1);

    await advance(1000);
    expect(lineShown(CLOSING_LINES[0])).toBeInTheDocument();
    await advance(2000);
    expect(lineShown(CLOSING_LINES[1])).toBeInTheDocument();
    await advance(4499);
    expect(onClose).not.toHaveBeenCalled();
    await advance(1);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(calls.count).toBe(1);
  });
});
