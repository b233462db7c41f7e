import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { CLOSING_LINES, ClosingStage } from '@/features/onboarding/components/closing-stage';
import { renderApp } from '@/testing/test-utils';

/** A closing line, shown as one paragraph (made of phrases). */
const lineShown = (line: string) =>
  screen.queryByText((_, element) => element?.tagName === 'P' && element.textContent === line);
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const phase = () => screen.getByTestId('onboarding-closing').getAttribute('data-phase');

describe('the closing screen', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows its first line at 1 s, the second at 3 s, fades out at 5.5 s and is done at 7.5 s', () => {
    const onDone = vi.fn();
    renderApp(<ClosingStage onDone={onDone} />);
    const [first, second] = CLOSING_LINES;

    expect(lineShown(first)).not.toBeInTheDocument();
    advance(999);
    expect(lineShown(first)).not.toBeInTheDocument();
    advance(1);
    expect(lineShown(first)).toBeInTheDocument();
    expect(lineShown(second)).not.toBeInTheDocument();

    advance(1999);
    expect(lineShown(second)).not.toBeInTheDocument();
    advance(1);
    expect(lineShown(second)).toBeInTheDocument();

    advance(2499);
    expect(phase()).toBe('second');
    advance(1);
    expect(phase()).toBe('fading');

    advance(1999);
    expect(onDone).not.toHaveBeenCalled();
    advance(1);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('ends at once with Esc', () => {
    const onDone = vi.fn();
    renderApp(<ClosingStage onDone={onDone} />);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});
