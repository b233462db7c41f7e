import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { FEATURE_SLIDES, FeatureCarousel } from '@/features/about/components/feature-carousel';
import { renderApp } from '@/testing/test-utils';

const carousel = () => screen.getByTestId('feature-carousel');
const currentIndex = () => Number(carousel().getAttribute('data-index'));
const currentTitle = () =>
  screen.getByRole('group', { name: new RegExp(`^${currentIndex() + 1} / 4`) }).querySelector('h3')?.textContent;

describe('feature carousel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('has the four features, each with a drawing of its screen', () => {
    renderApp(<FeatureCarousel reducedMotion={false} />);

    expect(FEATURE_SLIDES.map((s) => s.title)).toEqual(['毎日の運勢', 'マスコットとのチャット', '未来日記', '友達との相性']);
    expect(screen.getAllByRole('img', { hidden: true })).toHaveLength(4);
    expect(currentTitle()).toBe('毎日の運勢');
    // Only the slide in view can be reached.
    expect(screen.getByTestId('feature-slide-1')).toHaveAttribute('aria-hidden', 'true');
  });

  it('advances by itself every 6 s and loops', () => {
    renderApp(<FeatureCarousel reducedMotion={false} />);
    const seen = [currentIndex()];
    for (let i = 0; i < 4; i++) {
      act(() => vi.advanceTimersByTime(6000));
      seen.push(currentIndex());
    }
    expect(seen).toEqual([0, 1, 2, 3, 0]);
  });

  it('goes back and forth with the buttons, the dots and the arrow keys', () => {
    renderApp(<FeatureCarousel reducedMotion={false} />);

    fireEvent.click(screen.getByRole('button', { name: '前のスライド' }));
    expect(currentTitle()).toBe('友達との相性');
    fireEvent.click(screen.getByRole('button', { name: '次のスライド' }));
    expect(currentIndex()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'スライド 3' }));
    expect(currentTitle()).toBe('未来日記');
    expect(screen.getByRole('button', { name: 'スライド 3' })).toHaveAttribute('aria-pressed', 'true');

    fireEvent.keyDown(carousel(), { key: 'ArrowRight' });
    expect(currentIndex()).toBe(3);
    fireEvent.keyDown(carousel(), { key: 'ArrowLeft' });
    fireEvent.keyDown(carousel(), { key: 'ArrowLeft' });
    expect(currentIndex()).toBe(1);
  });

  it('stays still under reduced motion, and offers no pause button there', () => {
    renderApp(<FeatureCarousel reducedMotion />);

    act(() => vi.advanceTimersByTime(30_000));

    expect(currentIndex()).toBe(0);
    expect(screen.queryByRole('button', { name: '自動切り替えを停止' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '次のスライド' }));
    expect(currentIndex()).toBe(1);
  });

  it('stops and restarts with the pause button, and while pointed at', () => {
    renderApp(<FeatureCarousel reducedMotion={false} />);

    fireEvent.click(screen.getByRole('button', { name: '自動切り替えを停止' }));
    // The click focused the button inside the carousel; blur it so only the pause button decides.
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    act(() => vi.advanceTimersByTime(12_000));
    expect(currentIndex()).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: '自動切り替えを再開' }));
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    act(() => vi.advanceTimersByTime(6000));
    expect(currentIndex()).toBe(1);

    fireEvent.mouseEnter(carousel());
    act(() => vi.advanceTimersByTime(12_000));
    expect(currentIndex()).toBe(1);
    fireEvent.mouseLeave(carousel());
    act(() => vi.advanceTimersByTime(6000));
    expect(currentIndex()).toBe(2);
  });
});
