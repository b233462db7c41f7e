import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import LandingRoute from '@/app-web/routes/landing';
import { LANDING_ANIMATION_FLAG } from '@/config/constants';
import { apiPaths } from '@/config/paths';
import { loadPreFillBirthData } from '@/lib/birth-data';
import { sampleCalculation, sampleCoordinates, sampleUser } from '@/testing/mocks/data';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

function renderLanding(minLoadingMs = 0) {
  return renderApp(
    <Routes>
      <Route path="/" element={<LandingRoute minLoadingMs={minLoadingMs} />} />
      <Route path="/auth/signup" element={<h1>新規登録</h1>} />
    </Routes>,
  );
}

async function fillEverything(user: UserEvent) {
  // The date selects' choices are labelled in Japanese (lib/dates.ts).
  expect(within(screen.getByRole('combobox', { name: '月' })).getByRole('option', { name: '5月' })).toHaveValue('5');
  expect(within(screen.getByRole('combobox', { name: '日' })).getByRole('option', { name: '15日' })).toHaveValue('15');
  expect(within(screen.getByRole('combobox', { name: '年' })).getByRole('option', { name: '1990年' })).toHaveValue('1990');
  await user.selectOptions(screen.getByRole('combobox', { name: '年' }), '1990');
  await user.selectOptions(screen.getByRole('combobox', { name: '月' }), '5');
  await user.selectOptions(screen.getByRole('combobox', { name: '日' }), '15');
  await user.selectOptions(screen.getByRole('combobox', { name: '時' }), '14');
  await user.selectOptions(screen.getByRole('combobox', { name: '分' }), '30');
  await user.type(screen.getByRole('combobox', { name: '出生地' }), '札幌');
  const listbox = await screen.findByRole('listbox', { name: '出生地' });
  await user.click(within(listbox).getByRole('option', { name: '札幌, 北海道, 日本' }));
  await screen.findByDisplayValue('札幌, 北海道, 日本');
}

const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: '命式を読み解く' }));

describe('landing intro', () => {
  it('plays on the first visit, then shows the hero and remembers it was seen', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderLanding();
      const intro = screen.getByTestId('landing-intro');
      expect(screen.getByTestId('landing-intro-text')).toHaveTextContent('すべては巡っている。');
      expect(screen.getByTestId('landing-hero')).toHaveAttribute('data-revealed', 'false');

      for (const text of ['土は金を育む。', '水はふたたび木を潤す。', 'あなただけの流れがある。']) {
        act(() => vi.advanceTimersByTime(2000));
        expect(screen.getByTestId('landing-intro-text')).toHaveTextContent(text);
      }
      act(() => vi.advanceTimersByTime(2000));
      act(() => vi.advanceTimersByTime(500));
      expect(intro).not.toBeInTheDocument();
      expect(localStorage.getItem(LANDING_ANIMATION_FLAG)).toBe('true');
      act(() => vi.advanceTimersByTime(300));
      expect(screen.getByTestId('landing-hero')).toHaveAttribute('data-revealed', 'true');
    } finally {
      vi.useRealTimers();
    }
  });

  it('can be skipped with its button', async () => {
    const { user } = renderLanding();

    await user.click(screen.getByRole('button', { name: 'スキップ' }));

    expect(localStorage.getItem(LANDING_ANIMATION_FLAG)).toBe('true');
    await vi.waitFor(() => expect(screen.queryByTestId('landing-intro')).not.toBeInTheDocument());
    await vi.waitFor(() => expect(screen.getByTestId('landing-hero')).toHaveAttribute('data-revealed', 'true'));
    expect(screen.getByRole('heading', { name: '巡り', level: 1 })).toHaveFocus();
  });

  it('does not play once seen', () => {
    localStorage.setItem(LANDING_ANIMATION_FLAG, 'true');
    renderLanding();

    expect(screen.queryByTestId('landing-intro')).not.toBeInTheDocument();
    expect(screen.getByTestId('landing-hero')).toHaveAttribute('data-revealed', 'true');
  });
});

describe('landing header', () => {
  beforeEach(() => localStorage.setItem(LANDING_ANIMATION_FLAG, 'true'));

  it("offers 'ログイン / 登録' to a visitor", async () => {
    renderLanding();
    expect(await screen.findByRole('link', { name: 'ログイン / 登録' })).toHaveAttribute('href', '/auth/login');
  });

  it("offers 'マイページ' (to /home) once GET /api/auth/user returns a user", async () => {
    server.use(http.get(apiPaths.auth.user, () => HttpResponse.json(sampleUser)));
    renderLanding();
    expect(await screen.findByRole('link', { name: 'マイページ' })).toHaveAttribute('href', '/home');
  });
});

describe('landing calculator', () => {
  beforeEach(() => localStorage.setItem(LANDING_ANIMATION_FLAG, 'true'));

  it('posts the birth input and shows the four pillars and five elements', async () => {
    let posted: unknown;
    server.use(
      http.post(apiPaths.public.calculateBazi, async ({ request }) => {
        posted = await request.json();
        return HttpResponse.json({ ...sampleCalculation, extra: 'ignored' });
      }),
    );
    const { user } = renderLanding();
    await fillEverything(user);

    await submit(user);
    await screen.findByTestId('bazi-result');

    expect(posted).toEqual({
      birthDate: '1990-05-15',
      birthTime: '14:30',
      birthLocation: '札幌, 北海道, 日本',
      coordinates: sampleCoordinates,
    });
    // The input, repeated over the chart with the date written out (lib/dates.ts).
    expect(screen.getByText('1990年5月15日 14:30 ・ 札幌, 北海道, 日本')).toBeInTheDocument();
    expect(screen.getByTestId('pillar-year-stem')).toHaveTextContent('庚');
    expect(screen.getByTestId('pillar-year-branch')).toHaveTextContent('午');
    expect(screen.getByTestId('pillar-month-stem')).toHaveTextContent('辛');
    expect(screen.getByTestId('pillar-day-branch')).toHaveTextContent('辰');
    expect(screen.getByTestId('pillar-hour-stem')).toHaveTextContent('癸');
    expect(screen.getByTestId('pillar-hour-branch')).toHaveTextContent('未');
    // metal 5, water 4, fire 3, earth 2, wood 0
    expect(screen.getByTestId('element-metal')).toHaveAttribute('data-size', 'xl');
    expect(screen.getByTestId('element-water')).toHaveAttribute('data-size', 'lg');
    expect(screen.getByTestId('element-fire')).toHaveAttribute('data-size', 'md');
    expect(screen.getByTestId('element-earth')).toHaveAttribute('data-size', 'sm');
    expect(screen.getByTestId('element-earth')).toHaveAttribute('data-weak', 'true');
    expect(screen.getByTestId('element-fire')).toHaveAttribute('data-weak', 'false');
    expect(screen.getByTestId('element-dominant')).toHaveTextContent('金');
    // metal 5 leads, wood is missing: the reading says so and sends metal's surplus to water.
    expect(screen.getByTestId('balance-reading-headline')).toHaveTextContent('「金」の気がとりわけ強い');
    expect(screen.getByTestId('balance-reading')).toHaveTextContent('「木」の気が命式にありません。');
    expect(screen.getByTestId('balance-reading-advice')).toHaveTextContent('「水」');
  });

  it('keeps the loading state up for the minimum time even when the answer is quick', async () => {
    const { user } = renderLanding(600);
    await fillEverything(user);

    const started = performance.now();
    await submit(user);

    expect(screen.getByRole('status')).toHaveTextContent('命式を読み解いています...');
    await screen.findByTestId('bazi-result', {}, { timeout: 5000 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(590);
  });

  it("hands the birth input to signup through session storage", async () => {
    const { user } = renderLanding();
    await fillEverything(user);
    await submit(user);
    await screen.findByTestId('bazi-result');

    await user.click(screen.getByRole('button', { name: '無料で登録する' }));

    expect(await screen.findByRole('heading', { name: '新規登録' })).toBeInTheDocument();
    expect(loadPreFillBirthData()).toEqual({
      birthDate: '1990-05-15',
      birthTime: '14:30',
      birthLocation: '札幌, 北海道, 日本',
      coordinates: sampleCoordinates,
    });
  });

  it('asks before starting over, and clears the result and the form when confirmed', async () => {
    const { user } = renderLanding();
    await fillEverything(user);
    await submit(user);
    await screen.findByTestId('bazi-result');

    await user.click(screen.getByRole('button', { name: '最初からやり直す' }));
    const dialog = await screen.findByRole('dialog', { name: '最初からやり直しますか？' });
    expect(within(dialog).getByText('入力した情報がリセットされます。')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
    expect(screen.getByTestId('bazi-result')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '最初からやり直す' }));
    await user.click(await screen.findByRole('button', { name: 'やり直す' }));

    expect(screen.queryByTestId('bazi-result')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: '年' })).toHaveValue('');
    expect(screen.getByRole('button', { name: '命式を読み解く' })).toBeDisabled();
  });

  it("shows the server's message in a destructive toast when the calculation fails, and returns to the form", async () => {
    server.use(
      http.post(apiPaths.public.calculateBazi, () =>
        HttpResponse.json({ message: '生年月日が正しくありません', code: 'INVALID_BIRTH_DATE' }, { status: 400 }),
      ),
    );
    const { user } = renderLanding();
    await fillEverything(user);

    await submit(user);

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('エラー');
    expect(toast).toHaveTextContent('生年月日が正しくありません');
    expect(screen.queryByText('命式を読み解いています...')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: '年' })).toHaveValue('1990');
  });

  it('falls back to the default message when the failure has none', async () => {
    server.use(http.post(apiPaths.public.calculateBazi, () => new HttpResponse('Bad Gateway', { status: 502 })));
    const { user } = renderLanding();
    await fillEverything(user);

    await submit(user);

    expect(await screen.findByRole('alert')).toHaveTextContent('運命の計算に失敗しました。もう一度お試しください。');
  });
});
