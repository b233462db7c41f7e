import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ProfileReports } from '@/features/reports/components/profile-reports';
import { apiError } from '@/testing/mocks/accounts';
import {
  failedReport,
  generatingReport,
  mockReadings,
  sampleLifeReport,
  sampleYearlyReport,
  TEST_TODAY,
} from '@/testing/mocks/readings';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

const renderReports = () => renderApp(<ProfileReports now={TEST_TODAY} />, { route: '/profile?tab=reports' });
const yearlyCard = () => screen.getByTestId('yearly-report');
const lifeCard = () => screen.getByTestId('life-report');

afterEach(() => {
  vi.useRealTimers();
});

describe('reports tab', () => {
  it('shows a ready yearly report: title, sections with their paragraphs, and its important dates', async () => {
    mockReadings();
    renderReports();

    const card = yearlyCard();
    expect(within(card).getByRole('heading', { level: 2, name: '2026年の運勢' })).toBeInTheDocument();
    expect(await within(card).findByTestId('report-title')).toHaveTextContent('実りを形にする一年');
    expect(within(card).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      '一年の流れ',
      '仕事と学び',
      '今年の大切な日',
    ]);
    const [flow] = within(card).getAllByTestId('report-section');
    expect(within(flow as HTMLElement).getAllByText(/./, { selector: 'p' }).map((p) => p.textContent)).toEqual([
      '丙午の年は、あなたの日主・庚を火が鍛える年です。',
      '試される場面ほど、持ち前の芯の強さが光ります。',
    ]);
    const dates = within(within(card).getByTestId('important-dates')).getAllByRole('listitem');
    expect(dates.map((item) => item.textContent)).toEqual([
      '2026年3月新しい役目声がかかったら、まず引き受けてみましょう。',
      '2026年11月30日次の節目振り返りの日一年の学びを書き留めると次につながります。',
    ]);
  });

  it('says which parts rest on the assumed 12:00 when the birth time is unknown, and nothing otherwise', async () => {
    mockReadings({ life: [{ ...sampleLifeReport, hourDependent: ['strength', 'favorableElements', 'luck'] }] });
    renderReports();

    const note = await within(lifeCard()).findByTestId('report-hour-note');
    expect(note).toHaveTextContent(
      '出生時刻が不明のため、12:00として計算しています。時柱は読み解きに使わず、次の内容は参考としてご覧ください: 身強・身弱・喜神・忌神・大運',
    );
    await within(yearlyCard()).findByTestId('report-title');
    expect(within(yearlyCard()).queryByTestId('report-hour-note')).not.toBeInTheDocument();
  });

  it('shows the life report with its dates in time order and links to /life-fortune', async () => {
    mockReadings();
    renderReports();

    const card = lifeCard();
    expect(await within(card).findByTestId('report-title')).toHaveTextContent('金を磨き、水に流す人生');
    const dates = within(within(card).getByTestId('important-dates')).getAllByRole('listitem');
    expect(dates.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^2013年学びの転機/),
      expect.stringMatching(/^2023年7月10日大運の切り替わり/),
      expect.stringMatching(/^2028年4月次の節目役割が広がる時期/),
      expect.stringMatching(/^2033年7月10日大運の切り替わり/),
    ]);
    expect(within(card).getByRole('link', { name: '人生の運勢をタイムラインで見る' })).toHaveAttribute('href', '/life-fortune');
  });

  it('says 作成中… while a report is being written, asks again every 3 s, and stops once it is ready', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = mockReadings({
      yearly: [generatingReport('yearly'), generatingReport('yearly'), sampleYearlyReport],
      life: [generatingReport('life'), sampleLifeReport],
    });
    renderReports();

    expect(await within(yearlyCard()).findByText('作成中…')).toBeInTheDocument();
    expect(within(lifeCard()).getByText('作成中…')).toBeInTheDocument();
    expect(within(yearlyCard()).getByRole('status')).toHaveTextContent('星の巡りを読み解いています。');
    expect(calls).toMatchObject({ yearly: 1, life: 1 });

    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(await within(lifeCard()).findByTestId('report-title')).toBeInTheDocument();
    expect(within(yearlyCard()).getByText('作成中…')).toBeInTheDocument();
    expect(calls).toMatchObject({ yearly: 2, life: 2 });

    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(await within(yearlyCard()).findByTestId('report-title')).toHaveTextContent('実りを形にする一年');
    expect(calls).toMatchObject({ yearly: 3, life: 2 });

    // Both are ready: no more asking.
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(calls).toMatchObject({ yearly: 3, life: 2 });
  });

  it('says honestly when a report failed, and asking again restarts it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = mockReadings({
      yearly: [failedReport('yearly'), generatingReport('yearly'), sampleYearlyReport],
    });
    const { user } = renderReports();

    const alert = await within(yearlyCard()).findByRole('alert');
    expect(alert).toHaveTextContent('レポートを作成できませんでした。少し時間をおいて、もう一度お試しください。');
    // A failed report is not polled.
    await act(() => vi.advanceTimersByTimeAsync(9000));
    expect(calls.yearly).toBe(1);

    await user.click(within(alert).getByRole('button', { name: 'もう一度作成する' }));
    expect(await within(yearlyCard()).findByText('作成中…')).toBeInTheDocument();
    expect(calls.yearly).toBe(2);

    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(await within(yearlyCard()).findByTestId('report-title')).toHaveTextContent('実りを形にする一年');
    expect(calls.yearly).toBe(3);
  });

  it('offers to reload when the request itself fails, with the server’s message', async () => {
    const calls = mockReadings({
      life: [() => apiError(503, 'UNAVAILABLE', 'ただいま混み合っています'), sampleLifeReport],
    });
    const { user } = renderReports();

    const alert = await within(lifeCard()).findByRole('alert');
    expect(alert).toHaveTextContent('ただいま混み合っています');
    await user.click(within(alert).getByRole('button', { name: 'もう一度読み込む' }));
    expect(await within(lifeCard()).findByTestId('report-title')).toBeInTheDocument();
    expect(calls.life).toBe(2);
  });

  it('sends the browser’s time zone offset with the yearly request', async () => {
    let asked = '';
    mockReadings();
    server.use(
      http.get('/api/fortune/yearly', ({ request }) => {
        asked = new URL(request.url).search;
        return HttpResponse.json(sampleYearlyReport);
      }),
    );
    renderReports();

    await within(yearlyCard()).findByTestId('report-title');
    expect(asked).toBe(`?timezoneOffset=${new Date().getTimezoneOffset()}`);
  });
});
