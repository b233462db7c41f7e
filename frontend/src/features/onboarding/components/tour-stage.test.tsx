import { useEffect, useState } from 'react';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { TourStage } from '@/features/onboarding/components/tour-stage';
import { TOUR_STEPS } from '@/features/onboarding/data/tour-steps';
import type { Box } from '@/features/onboarding/utils/bubble-placement';
import { renderApp } from '@/testing/test-utils';

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

/** jsdom lays nothing out: give an element the box a browser would. */
function at(box: Box) {
  return (element: HTMLElement | null) => {
    if (element) {
      element.getBoundingClientRect = () =>
        ({ ...box, x: box.left, y: box.top, right: box.left + box.width, bottom: box.top + box.height }) as DOMRect;
    }
  };
}

const boxes = {
  dailyFortune: { top: 100, left: 20, width: 350, height: 120 },
  dosDonts: { top: 400, left: 20, width: 350, height: 200 },
  navProfile: { top: 700, left: 900, width: 60, height: 56 },
  navProfileRail: { top: 300, left: 10, width: 60, height: 56 },
} as const;

/** The app as the tour sees it: a bottom navigation on every screen and the screens' targets. */
function Screens({ withoutFriendSearch = false }: { withoutFriendSearch?: boolean }) {
  return (
    <>
      <nav>
        <a data-tour="nav-home" ref={at({ top: 700, left: 0, width: 60, height: 56 })} href="/">ホーム</a>
        <a data-tour="nav-friends" ref={at({ top: 700, left: 100, width: 60, height: 56 })} href="/friends">友達</a>
        <a data-tour="nav-chat" ref={at({ top: 690, left: 480, width: 64, height: 64 })} href="/chat">チャット</a>
        <a data-tour="nav-diary" ref={at({ top: 700, left: 800, width: 60, height: 56 })} href="/diary">日記</a>
        <a data-tour="nav-profile" ref={at(boxes.navProfile)} href="/profile">マイフロー</a>
      </nav>
      <aside>
        <a data-tour="nav-profile" ref={at(boxes.navProfileRail)} href="/profile">マイフロー</a>
      </aside>
      <Routes>
        <Route
          path="/"
          element={
            <main>
              <section data-tour="daily-fortune" ref={at(boxes.dailyFortune)} />
              <section data-tour="dos-donts" ref={at(boxes.dosDonts)} />
            </main>
          }
        />
        <Route path="/profile" element={<Profile />} />
        <Route
          path="/friends"
          element={
            <main>
              {withoutFriendSearch ? null : (
                <div data-tour="friend-search" ref={at({ top: 80, left: 20, width: 350, height: 56 })} />
              )}
            </main>
          }
        />
        <Route
          path="/diary"
          element={
            <main>
              <textarea data-tour="diary-textarea" ref={at({ top: 120, left: 20, width: 350, height: 140 })} />
              <button type="button" data-tour="diary-mention" ref={at({ top: 280, left: 20, width: 180, height: 36 })}>
                フレンドをメンション
              </button>
            </main>
          }
        />
      </Routes>
      <Where />
    </>
  );
}

/** The settings button arrives a little later than the rest, as a screen's data would. */
function Profile() {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLoaded(true), 250);
    return () => clearTimeout(timer);
  }, []);
  return (
    <main>
      <div role="tablist" data-tour="profile-tabs" ref={at({ top: 120, left: 20, width: 350, height: 48 })}>
        <button type="button" role="tab" data-tour="profile-reports-tab" ref={at({ top: 120, left: 260, width: 110, height: 48 })}>
          レポート
        </button>
      </div>
      {loaded && <button type="button" data-tour="profile-settings" ref={at({ top: 20, left: 330, width: 44, height: 44 })} />}
    </main>
  );
}

function Where() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function renderTour({ reducedMotion = true, route = '/', withoutFriendSearch = false } = {}) {
  const onFinished = vi.fn();
  const onSkip = vi.fn();
  renderApp(
    <>
      <Screens withoutFriendSearch={withoutFriendSearch} />
      <TourStage reducedMotion={reducedMotion} onFinished={onFinished} onSkip={onSkip} />
    </>,
    { route },
  );
  return { onFinished, onSkip };
}

const tour = () => screen.getByTestId('onboarding-tour');
const bubble = () => screen.getByTestId('tour-bubble');
const location = () => screen.getByTestId('location').textContent;
const stepShown = () => Number(tour().getAttribute('data-step'));
const next = () => within(bubble()).getByRole('button', { name: /^(次へ|完了)$/ });

/** Lets the tour find (or give up on) the current step's target. */
function settle() {
  for (let waited = 0; waited <= 3100 && !screen.queryByTestId('tour-bubble'); waited += 100) advance(100);
  expect(screen.getByTestId('tour-bubble')).toBeInTheDocument();
}

function highlightStyle() {
  const el = screen.getByTestId('tour-highlight');
  return { top: el.style.top, left: el.style.left, width: el.style.width, height: el.style.height };
}

describe('the tour', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('walks all 13 steps, each on its own route, and finishes 1 s after 完了', () => {
    const { onFinished, onSkip } = renderTour();
    const seen: { step: number; route: string | null; side: string | null; highlighted: boolean }[] = [];

    for (let i = 0; i < TOUR_STEPS.length; i += 1) {
      settle();
      expect(stepShown()).toBe(i);
      const step = TOUR_STEPS[i];
      expect(within(bubble()).getByRole('heading', { name: step?.title })).toBeInTheDocument();
      expect(bubble()).toHaveTextContent(`${i + 1} / 13`);
      seen.push({
        step: i,
        route: location(),
        side: bubble().getAttribute('data-side'),
        highlighted: screen.queryByTestId('tour-highlight') !== null,
      });
      fireEvent.click(next());
    }

    expect(seen.map((s) => s.route)).toEqual(TOUR_STEPS.map((s) => s.route));
    expect(seen.map((s) => s.route)).toEqual([
      '/', '/', '/', '/profile', '/profile', '/profile', '/', '/friends', '/diary', '/diary', '/diary', '/', '/',
    ]);
    // Every step finds its target (the friend search, the diary's textarea and mention button included).
    expect(seen.filter((s) => !s.highlighted).map((s) => s.step)).toEqual([]);
    expect(seen.filter((s) => s.side === 'center').map((s) => s.step)).toEqual([]);

    expect(location()).toBe('/');
    expect(onFinished).not.toHaveBeenCalled();
    advance(999);
    expect(onFinished).not.toHaveBeenCalled();
    advance(1);
    expect(onFinished).toHaveBeenCalledTimes(1);
    expect(onSkip).not.toHaveBeenCalled();
  });

  it('labels the last button 完了, and shows 戻る only from the second step on', () => {
    renderTour();
    settle();
    expect(within(bubble()).queryByRole('button', { name: '戻る' })).not.toBeInTheDocument();
    expect(next()).toHaveTextContent('次へ');
    fireEvent.click(next());
    settle();
    expect(within(bubble()).getByRole('button', { name: '戻る' })).toBeInTheDocument();

    for (let i = 1; i < 12; i += 1) {
      fireEvent.click(next());
      settle();
    }
    expect(stepShown()).toBe(12);
    expect(next()).toHaveTextContent('完了');
    expect(within(bubble()).getByRole('button', { name: '戻る' })).toBeInTheDocument();
  });

  it('keeps 次へ disabled while the text types: 300 ms, then 30 ms a character', () => {
    renderTour({ reducedMotion: false });
    const content = TOUR_STEPS[0]?.content ?? '';
    const length = Array.from(content).length;

    expect(next()).toBeDisabled();
    expect(within(bubble()).getByTestId('typed-text')).toHaveTextContent('');
    advance(299);
    expect(within(bubble()).getByTestId('typed-text').textContent).toBe('');
    advance(1);
    expect(within(bubble()).getByTestId('typed-text').textContent).toBe(content[0]);
    advance(30);
    expect(within(bubble()).getByTestId('typed-text').textContent).toBe(content.slice(0, 2));
    advance(30 * (length - 2) - 1);
    expect(next()).toBeDisabled();
    advance(1);
    expect(within(bubble()).getByTestId('typed-text').textContent).toBe(content);
    expect(next()).toBeEnabled();

    // The next step types afresh.
    fireEvent.click(next());
    expect(next()).toBeDisabled();
  });

  it('highlights the target with an 8 px margin and puts the bubble on its side', () => {
    renderTour();
    settle();
    expect(highlightStyle()).toEqual({ top: '92px', left: '12px', width: '366px', height: '136px' });
    expect(bubble()).toHaveAttribute('data-side', 'bottom');
    expect(Number.parseFloat(bubble().style.top)).toBeGreaterThanOrEqual(92 + 136);
  });

  it('highlights the bounding box of every match', () => {
    renderTour();
    settle();
    fireEvent.click(next());
    settle();
    fireEvent.click(next()); // step 3: the 'my flow' item, in the bottom bar and in the side rail
    settle();
    expect(stepShown()).toBe(2);
    const { navProfile: a, navProfileRail: b } = boxes;
    expect(highlightStyle()).toEqual({
      top: `${b.top - 8}px`,
      left: `${b.left - 8}px`,
      width: `${a.left + a.width - b.left + 16}px`,
      height: `${a.top + a.height - b.top + 16}px`,
    });
  });

  it('goes to the step route, and waits for the target, looking every 100 ms', () => {
    renderTour();
    for (let i = 0; i < 5; i += 1) {
      settle();
      fireEvent.click(next());
    }
    // Step 6: the settings button appears 250 ms after the profile screen.
    expect(stepShown()).toBe(5);
    expect(location()).toBe('/profile');
    expect(screen.queryByTestId('tour-bubble')).not.toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '読み込み中' })).toBeInTheDocument();
    advance(200);
    expect(screen.queryByTestId('tour-bubble')).not.toBeInTheDocument();
    advance(50); // the button is there now …
    expect(document.querySelector('[data-tour="profile-settings"]')).not.toBeNull();
    expect(screen.queryByTestId('tour-bubble')).not.toBeInTheDocument();
    advance(50); // … and the look at 300 ms finds it
    expect(bubble()).toBeInTheDocument();
    expect(screen.getByTestId('tour-highlight')).toBeInTheDocument();
  });

  it('shows the bubble centred, without a highlight, when the target never comes (after 3 s)', () => {
    renderTour({ route: '/friends', withoutFriendSearch: true });
    for (let i = 0; i < 7; i += 1) {
      settle();
      fireEvent.click(next());
    }
    expect(stepShown()).toBe(7);
    expect(location()).toBe('/friends');
    advance(2900);
    expect(screen.queryByTestId('tour-bubble')).not.toBeInTheDocument();
    advance(100);
    expect(bubble()).toHaveAttribute('data-side', 'center');
    expect(screen.queryByTestId('tour-highlight')).not.toBeInTheDocument();
    expect(tour()).toHaveAttribute('data-target', 'missing');
  });

  it('goes back a step with 戻る, to that step’s route', () => {
    renderTour();
    for (let i = 0; i < 3; i += 1) {
      settle();
      fireEvent.click(next());
    }
    settle();
    expect(location()).toBe('/profile');
    fireEvent.click(within(bubble()).getByRole('button', { name: '戻る' }));
    settle();
    expect(stepShown()).toBe(2);
    expect(location()).toBe('/');
  });

  it('starts by going to the first step’s route', () => {
    renderTour({ route: '/diary' });
    settle();
    expect(location()).toBe('/');
    expect(stepShown()).toBe(0);
  });

  it('takes the keyboard into the bubble', () => {
    renderTour();
    settle();
    expect(bubble()).toHaveFocus();
    expect(bubble()).toHaveAccessibleName(TOUR_STEPS[0]?.title ?? '');
    fireEvent.click(next());
    settle();
    expect(bubble()).toHaveFocus();
  });

  it('skips with the close button at any step', () => {
    const { onSkip, onFinished } = renderTour();
    settle();
    fireEvent.click(next());
    settle();
    fireEvent.click(within(bubble()).getByRole('button', { name: '閉じる' }));
    expect(onSkip).toHaveBeenCalledTimes(1);
    expect(onFinished).not.toHaveBeenCalled();
  });

  it('skips with Esc', () => {
    const { onSkip } = renderTour();
    settle();
    fireEvent.keyDown(bubble(), { key: 'Escape' });
    expect(onSkip).toHaveBeenCalledTimes(1);
  });
});
