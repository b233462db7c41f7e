import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { greetingFor, INTRO_MESSAGE, IntroStage } from '@/features/onboarding/components/intro-stage';
import { beepDurationMs } from '@/features/onboarding/utils/beep';
import { typingTimes } from '@/features/onboarding/utils/typing';
import { fakeAudio } from '@/testing/fake-audio';
import { renderApp } from '@/testing/test-utils';

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const phase = () => screen.getByTestId('onboarding-intro').getAttribute('data-phase');
const typed = () => screen.getByTestId('typed-text').textContent ?? '';
const greeting = greetingFor('hanako');
const BEEP_MS = beepDurationMs(1.5);

function renderIntro({ reducedMotion = false } = {}) {
  const onStartTour = vi.fn();
  const onSkip = vi.fn();
  renderApp(<IntroStage name="hanako" reducedMotion={reducedMotion} onStartTour={onStartTour} onSkip={onSkip} />);
  return { onStartTour, onSkip };
}

/** Plays the three beeps to their end and the message in and out: the greeting starts. */
function toGreeting(audio: ReturnType<typeof fakeAudio>) {
  for (let i = 0; i < 3; i += 1) act(() => audio.end());
  // One step per timer: a timer set by a state change is scheduled once React has rendered it.
  advance(3000);
  advance(1000);
  expect(phase()).toBe('greeting');
}

describe('the intro', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("beeps 3 times at 1.5× speed, each next beep started by the previous one's ended event", () => {
    const audio = fakeAudio();
    renderIntro();

    expect(phase()).toBe('transmission');
    expect(screen.getByTestId('onboarding-transmission')).toHaveAttribute('data-beep', '1');
    expect(audio.play).toHaveBeenCalledTimes(1);
    expect(audio.element.playbackRate).toBe(1.5);
    expect(URL.createObjectURL).toHaveBeenCalledWith(expect.any(Blob));

    // While the sound plays, only its end moves things on.
    advance(BEEP_MS * 2);
    expect(audio.play).toHaveBeenCalledTimes(1);

    act(() => audio.end());
    expect(audio.play).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('onboarding-transmission')).toHaveAttribute('data-beep', '2');
    act(() => audio.end());
    expect(audio.play).toHaveBeenCalledTimes(3);
    expect(screen.getByTestId('onboarding-transmission')).toHaveAttribute('data-beep', '3');
    act(() => audio.end());

    expect(audio.play).toHaveBeenCalledTimes(3);
    expect(phase()).toBe('message-in');
    expect(screen.getByTestId('onboarding-message')).toHaveTextContent(INTRO_MESSAGE);
  });

  it('goes on with timers, without sound, when autoplay is blocked, and only logs it', async () => {
    const audio = fakeAudio({ blocked: true });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderIntro();
    await act(async () => {}); // play() rejects

    expect(warn).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('onboarding-transmission')).toHaveAttribute('data-beep', '1');
    advance(BEEP_MS - 1);
    expect(screen.getByTestId('onboarding-transmission')).toHaveAttribute('data-beep', '1');
    advance(1);
    expect(screen.getByTestId('onboarding-transmission')).toHaveAttribute('data-beep', '2');
    advance(BEEP_MS);
    expect(screen.getByTestId('onboarding-transmission')).toHaveAttribute('data-beep', '3');
    advance(BEEP_MS - 1);
    expect(phase()).toBe('transmission');
    advance(1);
    expect(phase()).toBe('message-in');
    // No more attempts at sound once the browser has said no.
    expect(audio.play).toHaveBeenCalledTimes(1);
  });

  it('does not stall when a beep never reports its end', () => {
    fakeAudio();
    renderIntro();
    advance(BEEP_MS * 3 + 1000);
    expect(screen.getByTestId('onboarding-transmission')).toHaveAttribute('data-beep', '2');
  });

  it('fades the message in over 3 s and out over 1 s, then greets', () => {
    const audio = fakeAudio();
    renderIntro();
    for (let i = 0; i < 3; i += 1) act(() => audio.end());

    expect(phase()).toBe('message-in');
    advance(2999);
    expect(phase()).toBe('message-in');
    advance(1);
    expect(phase()).toBe('message-out');
    expect(screen.getByTestId('onboarding-message')).toBeInTheDocument();
    advance(999);
    expect(phase()).toBe('message-out');
    advance(1);
    expect(phase()).toBe('greeting');
    expect(screen.queryByTestId('onboarding-message')).not.toBeInTheDocument();
  });

  it('types the greeting at 50 ms a character after 0.5 s, pausing 2 s at the blank line', () => {
    const audio = fakeAudio();
    renderIntro();
    toGreeting(audio);

    // Screen readers get the whole greeting at once.
    const whole = (_: string, element: Element | null) =>
      element?.classList.contains('visually-hidden') === true && element.textContent === greeting;
    expect(screen.getByText(whole)).toBeInTheDocument();
    expect(typed()).toBe('');
    advance(499);
    expect(typed()).toBe('');
    advance(1);
    expect(typed()).toBe('h');
    advance(49);
    expect(typed()).toBe('h');
    advance(1);
    expect(typed()).toBe('ha');

    const chars = Array.from(greeting);
    const breakEnd = greeting.indexOf('\n\n') + 1; // index of the blank line's second '\n'
    const times = typingTimes(greeting, { charMs: 50, startDelayMs: 500, breakPauseMs: 2000 });
    advance((times[breakEnd] ?? 0) - 550);
    expect(typed()).toBe(chars.slice(0, breakEnd + 1).join(''));
    advance(1999);
    expect(typed()).toBe(chars.slice(0, breakEnd + 1).join(''));
    advance(1);
    expect(typed()).toBe(chars.slice(0, breakEnd + 2).join(''));
    expect((times[breakEnd + 1] ?? 0) - (times[breakEnd] ?? 0)).toBe(2000);

    advance((times.at(-1) ?? 0) - (times[breakEnd + 1] ?? 0));
    expect(typed()).toBe(greeting);
  });

  it('shows the two buttons 2 s after the greeting has finished typing, and moves the focus there', () => {
    const audio = fakeAudio();
    const { onStartTour } = renderIntro();
    toGreeting(audio);
    const times = typingTimes(greeting, { charMs: 50, startDelayMs: 500, breakPauseMs: 2000 });
    advance(times.at(-1) ?? 0);
    expect(typed()).toBe(greeting);

    advance(1999);
    expect(screen.queryByRole('button', { name: '使い方を聞く' })).not.toBeInTheDocument();
    advance(1);
    const start = screen.getByRole('button', { name: '使い方を聞く' });
    expect(screen.getByRole('button', { name: 'スキップ' })).toBeInTheDocument();
    expect(start).toHaveFocus();

    fireEvent.click(start);
    expect(onStartTour).toHaveBeenCalledTimes(1);
  });

  it("fades out over 0.5 s after 'スキップ', and only then skips", () => {
    const audio = fakeAudio();
    const { onSkip } = renderIntro();
    toGreeting(audio);
    advance(60_000); // typed out
    advance(2000); // the buttons

    fireEvent.click(screen.getByRole('button', { name: 'スキップ' }));
    expect(screen.getByTestId('onboarding-intro')).toHaveAttribute('data-skipping', 'true');
    expect(screen.getByRole('button', { name: 'スキップ' })).toBeDisabled();
    advance(499);
    expect(onSkip).not.toHaveBeenCalled();
    advance(1);
    expect(onSkip).toHaveBeenCalledTimes(1);
  });

  it('skips with Esc at any time, silencing the transmission', () => {
    const audio = fakeAudio();
    const { onSkip } = renderIntro();

    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(audio.pause).toHaveBeenCalled();
    advance(500);
    expect(onSkip).toHaveBeenCalledTimes(1);
    expect(audio.play).toHaveBeenCalledTimes(1);
  });

  it('shows the greeting at once under reduced motion, with the same timings otherwise', () => {
    const audio = fakeAudio();
    renderIntro({ reducedMotion: true });
    for (let i = 0; i < 3; i += 1) act(() => audio.end());
    advance(3000);
    advance(999);
    expect(phase()).toBe('message-out');
    advance(1);

    expect(typed()).toBe(greeting);
    advance(1999);
    expect(screen.queryByRole('button', { name: '使い方を聞く' })).not.toBeInTheDocument();
    advance(1);
    expect(screen.getByRole('button', { name: '使い方を聞く' })).toBeInTheDocument();
  });

  it('draws 60 stars', () => {
    fakeAudio();
    renderIntro();
    expect(screen.getByTestId('onboarding-stars').querySelectorAll('[data-star]')).toHaveLength(60);
  });
});
