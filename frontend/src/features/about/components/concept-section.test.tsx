import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { CONCEPT_MESSAGES, ConceptSection } from '@/features/about/components/concept-section';
import { renderApp } from '@/testing/test-utils';

const bubble = () => screen.getByTestId('concept-bubble');

describe('concept bubbles', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the four messages in turn, one every 5 s, and loops', () => {
    renderApp(<ConceptSection reducedMotion={false} />);
    expect(CONCEPT_MESSAGES).toHaveLength(4);

    const shown = [bubble().textContent];
    for (let i = 0; i < 4; i++) {
      act(() => vi.advanceTimersByTime(4999));
      expect(bubble().textContent).toBe(shown[shown.length - 1]);
      act(() => vi.advanceTimersByTime(1));
      shown.push(bubble().textContent);
    }
    expect(shown).toEqual([...CONCEPT_MESSAGES, CONCEPT_MESSAGES[0]]);
  });

  it('does not rotate under reduced motion', () => {
    renderApp(<ConceptSection reducedMotion />);
    act(() => vi.advanceTimersByTime(20_000));
    expect(bubble()).toHaveTextContent(CONCEPT_MESSAGES[0]);
  });
});
