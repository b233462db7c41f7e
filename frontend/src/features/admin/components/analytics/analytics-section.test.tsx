import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { AdminLayout } from '@/features/admin/components/admin-layout';
import { DashboardScreen } from '@/features/admin/components/dashboard-screen';
import { RequireAdminSession } from '@/features/admin/components/require-admin-session';
import { BOM } from '@/features/admin/utils/analytics-csv';
import { apiError } from '@/testing/mocks/accounts';
import { mockAdmin, SATO, signInStaff, TANAKA } from '@/testing/mocks/admin';
import { mockAnalytics, mockDashboard, sampleAnalytics } from '@/testing/mocks/admin-ops';
import { server } from '@/testing/mocks/server';
import { renderAdmin, toastSaying } from '@/testing/test-utils';

/** The dashboard as the admin build shows it: inside the guard and the shell. */
function renderDashboard() {
  return renderAdmin(
    <Routes>
      <Route path="/admin/login" element={<p>管理者ログイン</p>} />
      <Route
        path="*"
        element={
          <RequireAdminSession>
            <AdminLayout>
              <DashboardScreen />
            </AdminLayout>
          </RequireAdminSession>
        }
      />
    </Routes>,
    { route: '/admin/dashboard' },
  );
}

/** The card or chart titled `title`. */
const region = (title: string) => screen.findByRole('region', { name: title });

/** A blob's bytes (jsdom's Blob has no `arrayBuffer()`). */
function bytesOf(blob: Blob | undefined): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    if (!blob) return reject(new Error('no blob'));
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(blob);
  });
}

/** The default period at 2026-11-30 00:30 in Japan: the 30 days up to yesterday. */
const DEFAULT_QUERY = '?from=2026-10-31&to=2026-11-29';

describe("the dashboard's charts", () => {
  beforeEach(() => {
    // 15:30 UTC on the 29th is already the 30th in Japan, whatever the device's zone.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-29T15:30:00Z'));
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("reads the last 30 Japan days ending yesterday with the staff token, and shows the period's visits", async () => {
    const admin = mockAdmin();
    const session = signInStaff(admin, TANAKA);
    mockDashboard(admin);
    const analytics = mockAnalytics(admin);
    renderDashboard();

    const visits = await region('訪問数');
    expect(within(visits).getByText('4,110')).toBeInTheDocument();
    expect(within(visits).getByText('1日平均 142')).toBeInTheDocument();
    expect(within(await region('ページビュー')).getByText('12,330')).toBeInTheDocument();
    expect(analytics.queries).toEqual([DEFAULT_QUERY]);
    expect(admin.authorizations.at(-1)).toBe(`Bearer ${session.token}`);
    expect(screen.getByText('2026年10月31日〜2026年11月29日（日本時間）')).toBeInTheDocument();
    expect(screen.getByLabelText('開始日')).toHaveValue('2026-10-31');
    expect(screen.getByLabelText('終了日')).toHaveValue('2026-11-29');
    expect(screen.getByRole('button', { name: '30日' })).toHaveAttribute('aria-pressed', 'true');
    // The last day is not rolled up yet.
    expect(screen.getByText(/^集計前の日が1日あります（11\/29）/)).toBeInTheDocument();
    // Today's cards stay above.
    expect(await region('会員数')).toBeInTheDocument();
  });

  it('lets an admin roll the shown period up again and reads it anew; support staff do not see the button', async () => {
    const admin = mockAdmin();
    signInStaff(admin, SATO);
    mockDashboard(admin);
    const analytics = mockAnalytics(admin);
    const rolled: unknown[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.post('/api/admin/analytics/rollup', async ({ request }) => {
        rolled.push(await request.json());
        await held;
        return HttpResponse.json({ days: 30 });
      }),
    );
    renderDashboard();
    await region('訪問数');

    const button = screen.getByRole('button', { name: 'この期間を集計し直す' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await screen.findByRole('button', { name: '集計中...' })).toBeDisabled();
    release();
    await waitFor(() => expect(toastSaying('30日分を集計し直しました')).toBeInTheDocument());
    expect(rolled).toEqual([{ from: '2026-10-31', to: '2026-11-29' }]);
    await waitFor(() => expect(analytics.queries).toEqual([DEFAULT_QUERY, DEFAULT_QUERY]));
  });

  it('shows no rollup button to support staff', async () => {
    const admin = mockAdmin();
    signInStaff(admin, TANAKA);
    mockDashboard(admin);
    mockAnalytics(admin);
    renderDashboard();
    await region('訪問数');
    expect(screen.queryByRole('button', { name: 'この期間を集計し直す' })).not.toBeInTheDocument();
  });

  it('reads another period from a preset or the date inputs', async () => {
    const admin = mockAdmin();
    signInStaff(admin, SATO);
    mockDashboard(admin);
    const analytics = mockAnalytics(admin);
    const { user } = renderDashboard();
    await region('訪問数');

    await user.click(screen.getByRole('button', { name: '7日' }));
    await waitFor(() => expect(analytics.queries.at(-1)).toBe('?from=2026-11-23&to=2026-11-29'));
    expect(screen.getByRole('button', { name: '7日' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: '30日' })).toHaveAttribute('aria-pressed', 'false');
    expect(await screen.findByText('2026年11月23日〜2026年11月29日（日本時間）')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '1年' }));
    await waitFor(() => expect(analytics.queries.at(-1)).toBe('?from=2025-11-30&to=2026-11-29'));
    await user.click(screen.getByRole('button', { name: '90日' }));
    await waitFor(() => expect(analytics.queries.at(-1)).toBe('?from=2026-09-01&to=2026-11-29'));

    fireEvent.change(screen.getByLabelText('開始日'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('終了日'), { target: { value: '2026-11-15' } });
    await waitFor(() => expect(analytics.queries.at(-1)).toBe('?from=2026-11-01&to=2026-11-15'));
    expect(await screen.findByText('2026年11月1日〜2026年11月15日（日本時間）')).toBeInTheDocument();
    expect(screen.queryAllByRole('button', { pressed: true })).toHaveLength(0);
  });

  it('sends no period the gateway would refuse, and says what is wrong with it', async () => {
    const admin = mockAdmin();
    signInStaff(admin, SATO);
    mockDashboard(admin);
    const analytics = mockAnalytics(admin);
    renderDashboard();
    await region('訪問数');

    fireEvent.change(screen.getByLabelText('開始日'), { target: { value: '2026-12-05' } });
    expect(screen.getByText('終了日は開始日以降にしてください')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('開始日'), { target: { value: '2025-11-28' } });
    // 2025-11-28 to 2026-11-29 is 367 days.
    expect(screen.getByText('期間は366日以内にしてください')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('開始日'), { target: { value: '' } });
    expect(screen.getByText('開始日と終了日を入力してください')).toBeInTheDocument();
    expect(analytics.queries).toEqual([DEFAULT_QUERY]);
    // The charts keep the last good period.
    expect(screen.getByText('2026年10月31日〜2026年11月29日（日本時間）')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('開始日'), { target: { value: '2025-11-29' } });
    await waitFor(() => expect(analytics.queries.at(-1)).toBe('?from=2025-11-29&to=2026-11-29'));
    expect(screen.queryByText('期間は366日以内にしてください')).not.toBeInTheDocument();
  });

  it("shows the gateway's own message when it refuses a period, with a way to try again", async () => {
    const admin = mockAdmin();
    signInStaff(admin, SATO);
    mockDashboard(admin);
    server.use(
      http.get(
        '/api/admin/analytics',
        () => apiError(400, 'INVALID_ANALYTICS_RANGE', '期間は開始日から終了日まで366日以内で指定してください'),
        { once: true },
      ),
    );
    const { user } = renderDashboard();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('期間は開始日から終了日まで366日以内で指定してください');
    await user.click(within(alert).getByRole('button', { name: 'もう一度読み込む' }));
    expect(within(await region('訪問数')).getByText('4,110')).toBeInTheDocument();
  });

  it('names the funnel steps in Japanese with the rate against the step before', async () => {
    const admin = mockAdmin();
    signInStaff(admin, SATO);
    mockDashboard(admin);
    renderDashboard();
    const funnel = await region('ファネル');

    const rows = within(funnel)
      .getAllByRole('row')
      .map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['段階', '人数', '前の段階から'],
      ['ランディングで計算', '1,200人', '—'],
      ['新規登録', '504人', '42%'],
      ['メール認証', '420人', '83%'],
      ['初めての鑑定', '380人', '90%'],
      ['初めてのチャット', '95人', '25%'],
      ['初めての購入', '12人', '13%'],
    ]);
  });

  it('describes each chart in Japanese: the features by name, unknown ones as they come', async () => {
    const admin = mockAdmin();
    signInStaff(admin, SATO);
    mockDashboard(admin);
    renderDashboard();

    const features = await region('機能の利用');
    expect(within(features).getByText(/^ページ閲覧 5,400回、今日の運勢 1,800回、ランディングでの計算 1,200回、チャット 950回/)).toBeInTheDocument();
    expect(within(features).getByText(/share_image 14回$/)).toBeInTheDocument();
    const active = await region('アクティブユーザー');
    expect(within(active).getByText(/^10\/31〜11\/29：日次 合計/)).toBeInTheDocument();
    const revenue = await region('売上とクレジット');
    expect(within(revenue).getByText('￥24,000（購入 20件）')).toBeInTheDocument();
    expect(within(revenue).getByText('600クレジット')).toBeInTheDocument();
    expect(within(revenue).getByText('622クレジット')).toBeInTheDocument();
    expect(within(await region('新規登録')).getByText('期間合計 143人')).toBeInTheDocument();
    const browsers = await region('ブラウザ');
    expect(within(browsers).getByText(/Opera 10件、その他 10件$/)).toBeInTheDocument();
    expect(await region('OS')).toBeInTheDocument();
    const places = await region('地域');
    for (const name of ['日本', 'アメリカ合衆国', '台湾', '東京（日本）', '大阪（日本）']) {
      expect(within(places).getByRole('cell', { name })).toBeInTheDocument();
    }
    expect(within(places).getAllByRole('cell', { name: '不明' })).toHaveLength(2);
  });

  it('warns when billing did not answer: the money shows as 0', async () => {
    const admin = mockAdmin();
    signInStaff(admin, SATO);
    mockDashboard(admin);
    mockAnalytics(admin, (range) => sampleAnalytics(range, { unavailable: ['billing'] }));
    renderDashboard();

    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent(
      '一部のサービスが応答しなかったため、取得できない数値があります（billing）。売上・購入・クレジットの数値は0と表示されています',
    );
    expect(
      within(await region('売上とクレジット')).getByText(/決済サービスが応答しなかったため、売上と購入は0と表示されています/),
    ).toBeInTheDocument();
  });

  it('says この期間のデータはまだありません when nothing of the period is rolled up yet', async () => {
    const admin = mockAdmin();
    signInStaff(admin, SATO);
    mockDashboard(admin);
    mockAnalytics(admin, (range) =>
      sampleAnalytics(
        range,
        { funnel: [], featureUsage: [], browsers: [], operatingSystems: [], countries: [], cities: [] },
        30,
      ),
    );
    renderDashboard();

    expect(await screen.findByText('この期間のデータはまだありません')).toBeInTheDocument();
    expect(screen.getByText(/^集計前の日が30日あります（10\/31、11\/1、11\/2ほか）/)).toBeInTheDocument();
    expect(within(await region('訪問数')).getByText('0')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'ファネル' })).not.toBeInTheDocument();
  });

  it('downloads the shown period as a CSV file with a BOM and one row per day', async () => {
    const admin = mockAdmin();
    signInStaff(admin, SATO);
    mockDashboard(admin);
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:analytics';
    });
    const revokeObjectURL = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const { user } = renderDashboard();
    await region('訪問数');

    await user.click(screen.getByRole('button', { name: 'CSVをダウンロード' }));

    expect(names).toEqual(['meguri-analytics-2026-10-31-2026-11-29.csv']);
    const bytes = await bytesOf(blobs[0]);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith(BOM)).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      '日付,集計済み,新規登録,アクティブユーザー,週間アクティブ,月間アクティブ,訪問数,ページビュー,売上（円）,購入数,付与クレジット,消費クレジット',
    );
    expect(lines[1]).toBe('2026-10-31,はい,3,40,150,400,120,360,2400,2,60,20');
    expect(lines[30]).toBe('2026-11-29,いいえ,0,0,0,0,0,0,0,0,0,0');
    expect(lines).toHaveLength(32);
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:analytics'));
  });
});
