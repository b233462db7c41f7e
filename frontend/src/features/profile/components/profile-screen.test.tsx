import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { ProfilePerson } from '@/features/profile/components/profile-person';
import { ProfileScreen } from '@/features/profile/components/profile-screen';
import { centreInScroller } from '@/features/profile/components/luck-timeline';
import { apiError } from '@/testing/mocks/accounts';
import {
  chartNotReady,
  mockReadings,
  sampleChart,
  sampleChartWithoutTime,
  TEST_TODAY,
} from '@/testing/mocks/readings';
import { renderApp } from '@/testing/test-utils';

const hanako: ProfilePerson = {
  username: 'hanako',
  firstName: '花子',
  lastName: '山田',
  profileImageUrl: null,
  birthDate: '1990-05-15',
  birthTime: '14:30',
  birthTimeUnknown: false,
  birthLocation: '札幌市, 北海道, 日本',
  baziChartStatus: 'ready',
};

function renderProfile(person: ProfilePerson = hanako, route = '/profile') {
  return renderApp(<ProfileScreen person={person} reports={<p>レポートの中身</p>} now={TEST_TODAY} />, { route });
}

const panel = (id: 'chart' | 'elements' | 'reports') => screen.getByTestId(`profile-panel-${id}`);

afterEach(() => {
  vi.useRealTimers();
});

describe('profile header', () => {
  it('shows the name, the birth data and the settings button the tour points at', async () => {
    mockReadings();
    renderProfile();

    expect(screen.getByRole('heading', { level: 1, name: '山田 花子' })).toBeInTheDocument();
    expect(screen.getByText('@hanako')).toBeInTheDocument();
    expect(screen.getByTestId('profile-birth-date')).toHaveTextContent('1990年5月15日');
    expect(screen.getByTestId('profile-birth-time')).toHaveTextContent('14:30');
    expect(screen.getByTestId('profile-birth-place')).toHaveTextContent('札幌市, 北海道, 日本');

    const settings = screen.getByRole('link', { name: '設定' });
    expect(settings).toHaveAttribute('href', '/settings');
    expect(settings).toHaveAttribute('data-tour', 'profile-settings');
    await screen.findByTestId('pillar-day-stem');
  });

  it('uses the username when no name is given', async () => {
    mockReadings();
    renderProfile({ ...hanako, firstName: null, lastName: null });

    expect(screen.getByRole('heading', { level: 1, name: 'hanako' })).toBeInTheDocument();
    expect(screen.queryByText('@hanako')).not.toBeInTheDocument();
    await screen.findByTestId('pillar-day-stem');
  });
});

describe('profile tabs', () => {
  it('carries the tour targets on the tab list and the reports tab', async () => {
    mockReadings();
    renderProfile();

    const tablist = screen.getByRole('tablist', { name: 'プロフィールの表示' });
    expect(tablist.closest('[data-tour="profile-tabs"]')).not.toBeNull();
    expect(within(tablist).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['命式', '五行', 'レポート']);
    expect(screen.getByRole('tab', { name: 'レポート' })).toHaveAttribute('data-tour', 'profile-reports-tab');
    expect(screen.getByRole('tab', { name: '命式' })).toHaveAttribute('aria-selected', 'true');
    await screen.findByTestId('pillar-day-stem');
  });

  it('keeps the tab targets while the chart is being built, so the tour finds them', () => {
    const calls = mockReadings();
    renderProfile({ ...hanako, baziChartStatus: 'generating' });

    expect(document.querySelector('[data-tour="profile-tabs"]')).not.toBeNull();
    expect(document.querySelector('[data-tour="profile-reports-tab"]')).not.toBeNull();
    expect(document.querySelector('[data-tour="profile-settings"]')).not.toBeNull();
    expect(calls.chart).toBe(0);
  });

  it('switches with the keyboard', async () => {
    mockReadings();
    const { user } = renderProfile();
    await screen.findByTestId('pillar-day-stem');

    screen.getByRole('tab', { name: '命式' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: '五行' })).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(screen.getByRole('tab', { name: '五行' })).toHaveAttribute('aria-selected', 'true');
    expect(panel('elements')).toBeVisible();
    expect(panel('chart')).not.toBeVisible();
    expect(await within(panel('elements')).findByRole('img', { name: /五行のバランス/ })).toBeInTheDocument();
  });

  it('opens the tab named in ?tab=', async () => {
    mockReadings();
    renderProfile(hanako, '/profile?tab=reports');

    expect(screen.getByRole('tab', { name: 'レポート' })).toHaveAttribute('aria-selected', 'true');
    expect(within(panel('reports')).getByText('レポートの中身')).toBeVisible();
  });
});

describe('命式 tab', () => {
  it('shows the four pillars with ten gods, hidden stems and their ten gods, 十二運 and 納音', async () => {
    mockReadings();
    renderProfile();

    const table = await screen.findByRole('table', { name: 'あなたの四柱（年柱・月柱・日柱・時柱）' });
    expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual([
      '通変星',
      '天干',
      '地支',
      '蔵干',
      '十二運',
      '納音',
    ]);
    const shown = (['year', 'month', 'day', 'hour'] as const).map(
      (key) => `${screen.getByTestId(`pillar-${key}-stem`).textContent}${screen.getByTestId(`pillar-${key}-branch`).textContent}`,
    );
    expect(shown).toEqual(['庚午', '辛巳', '庚辰', '癸未']);

    expect(screen.getByTestId('detail-tengod-year')).toHaveTextContent('比肩');
    expect(screen.getByTestId('detail-tengod-day')).toHaveTextContent('日主');
    expect(screen.getByTestId('detail-tengod-hour')).toHaveTextContent('傷官');
    const monthHidden = within(screen.getByTestId('detail-hidden-month')).getAllByRole('listitem');
    expect(monthHidden.map((item) => item.textContent)).toEqual(['丙偏官', '庚比肩', '戊偏印']);
    expect(screen.getByTestId('detail-lifestage-month')).toHaveTextContent('長生');
    expect(screen.getByTestId('detail-nayin-hour')).toHaveTextContent('楊柳木');

    // The element of each stem and branch is told to screen readers too.
    expect(screen.getByTestId('detail-stem-hour')).toHaveTextContent('癸 水');
    expect(screen.getByTestId('detail-branch-year')).toHaveTextContent('午 火');

    expect(screen.getByTestId('chart-day-master')).toHaveTextContent('庚（陽の金）');
    expect(screen.getByTestId('detail-correction-note')).toHaveTextContent(
      '札幌市（東経141.35°）の真太陽時: 経度補正 +25分25秒、均時差 +3分42秒（合計 +29分08秒）',
    );
    expect(screen.queryByTestId('detail-time-unknown')).not.toBeInTheDocument();
    expect(screen.queryByText('（時刻不明のため参考）')).not.toBeInTheDocument();
    expect(screen.queryByTestId('profile-hour-note')).not.toBeInTheDocument();
  });

  it('flags what rests on the assumed 12:00 when the birth time is unknown', async () => {
    mockReadings({ chart: [sampleChartWithoutTime] });
    // As the user object has it: the 12:00 used, and that it was skipped.
    renderProfile({ ...hanako, birthTime: '12:00', birthTimeUnknown: true });

    await screen.findByTestId('pillar-hour-stem');
    expect(screen.getByTestId('profile-birth-time')).toHaveTextContent('不明（12:00で計算）');
    // Said once at the top, for every tab: which pillars and results, and that readings mark it too.
    expect(screen.getByTestId('profile-hour-note')).toHaveTextContent(
      '出生時刻が不明のため、12:00として計算しています。時刻で変わる時柱・五行のバランス・最も強い五行・身強・身弱・喜神・忌神・大運は参考としてご覧ください。毎日の運勢の理由やレポートでも、時刻に左右される部分には「参考」と表示します。',
    );
    expect(screen.getByTestId('detail-column-hour')).toHaveAttribute('data-depends-on-hour', 'true');
    expect(screen.getByTestId('detail-column-hour')).toHaveTextContent('時柱時刻不明のため参考');
    expect(screen.getByTestId('detail-column-day')).toHaveAttribute('data-depends-on-hour', 'false');
    expect(screen.getByTestId('detail-tengod-hour')).toHaveTextContent('食神');
    expect(screen.getByTestId('detail-time-unknown')).toHaveTextContent(
      '出生時刻が不明のため、12:00 として計算しています。次の結果は参考としてご覧ください: 時柱・五行のバランス・最も強い五行・身強・身弱・喜神・忌神・大運',
    );
  });

  it('says the time is unknown when the chart was built without one even if the account reads 12:00', async () => {
    mockReadings({ chart: [sampleChartWithoutTime] });
    renderProfile({ ...hanako, birthTime: '12:00' });

    await screen.findByTestId('pillar-hour-stem');
    expect(screen.getByTestId('profile-birth-time')).toHaveTextContent('不明（12:00で計算）');
  });

  it('says the time is unknown from the account alone while the chart is still being built', () => {
    renderProfile({ ...hanako, birthTime: '12:00', birthTimeUnknown: true, baziChartStatus: 'generating' });

    expect(screen.getByTestId('profile-birth-time')).toHaveTextContent('不明（12:00で計算）');
    expect(screen.getByTestId('profile-hour-note')).toHaveTextContent('時刻で変わる時柱は参考としてご覧ください。');
  });

  it('shows noon that was given as a known time', async () => {
    mockReadings();
    renderProfile({ ...hanako, birthTime: '12:00', birthTimeUnknown: false });

    await screen.findByTestId('pillar-hour-stem');
    expect(screen.getByTestId('profile-birth-time')).toHaveTextContent(/^12:00$/);
    expect(screen.queryByTestId('profile-hour-note')).not.toBeInTheDocument();
  });

  it('shows the luck pillars with the current one marked', async () => {
    mockReadings();
    renderProfile();

    const timeline = await screen.findByRole('list', { name: '大運の流れ' });
    const items = within(timeline).getAllByRole('listitem');
    expect(items).toHaveLength(8);
    const current = items.filter((item) => item.getAttribute('aria-current') === 'true');
    expect(current).toHaveLength(1);
    expect(current[0]).toBe(screen.getByTestId('luck-pillar-3'));
    expect(current[0]).toHaveTextContent('いま 33歳〜');
    expect(current[0]).toHaveTextContent('丁');
    expect(current[0]).toHaveTextContent('丑');
    expect(current[0]).toHaveTextContent('正官');
    expect(current[0]).toHaveTextContent('2023年〜');
    expect(items[0]).toHaveTextContent('3歳〜');
    expect(items[0]).toHaveTextContent('1993年〜');
    expect(screen.getByText(/3歳1か月から、10年ごとに大運が切り替わります（逆行）/)).toBeInTheDocument();
  });

  it('gently points to the settings when there are no luck pillars (gender unknown)', async () => {
    mockReadings({ chart: [sampleChartWithoutTime] });
    renderProfile();

    const note = await screen.findByTestId('luck-missing');
    expect(note).toHaveTextContent('大運は、性別をもとに巡る向きを決めて読み解きます。');
    expect(within(note).getByRole('link', { name: '設定で性別を登録する' })).toHaveAttribute('href', '/settings');
    expect(screen.queryByRole('list', { name: '大運の流れ' })).not.toBeInTheDocument();
  });

  it('still shows the pillars when the chart comes without its analysis', async () => {
    const { analysis: _analysis, time: _time, ...bare } = sampleChart;
    mockReadings({ chart: [bare] });
    renderProfile();

    expect(await screen.findByTestId('pillar-month-stem')).toHaveTextContent('辛');
    expect(screen.getByTestId('detail-tengod-month')).toHaveTextContent('—');
    expect(screen.getByTestId('luck-missing')).toBeInTheDocument();
  });
});

describe('centreInScroller', () => {
  it('scrolls the list so the item sits in the middle, never before the start', () => {
    const list = { clientWidth: 300, scrollLeft: 0 } as HTMLElement;
    centreInScroller(list, { offsetLeft: 500, offsetWidth: 100 } as HTMLElement);
    expect(list.scrollLeft).toBe(400);
    centreInScroller(list, { offsetLeft: 20, offsetWidth: 100 } as HTMLElement);
    expect(list.scrollLeft).toBe(0);
  });
});

describe('五行 tab', () => {
  it('draws the balance with numbers, shares, the dominant and the missing and weak elements', async () => {
    mockReadings();
    renderProfile(hanako, '/profile?tab=elements');

    const chart = await screen.findByRole('img', { name: /五行のバランス（相生の順: 木→火→土→金→水）/ });
    expect(chart).toHaveAccessibleName(expect.stringContaining('木 0（0%）、火 2（25%）、土 2（25%）、金 3（38%）、水 1（12%）。'));
    expect(chart).toHaveAccessibleName(expect.stringContaining('いちばん多いのは金。ないのは木。控えめなのは水。'));
    expect(screen.getByTestId('ring-node-metal')).toHaveAttribute('data-standing', 'dominant');
    expect(screen.getByTestId('ring-node-wood')).toHaveAttribute('data-standing', 'missing');
    expect(screen.getByTestId('ring-node-water')).toHaveAttribute('data-standing', 'weak');
    expect(screen.getByTestId('ring-node-metal')).toHaveTextContent('3・38%');

    const table = screen.getByRole('table', { name: '五行の数と割合' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '木00%なし',
      '火225%',
      '土225%',
      '金338%いちばん多い',
      '水112%控えめ',
    ]);
  });

  it('says what the balance, the strength and the helpful elements mean', async () => {
    mockReadings();
    renderProfile(hanako, '/profile?tab=elements');

    // The landing's reading of the balance, reused.
    expect(await screen.findByTestId('balance-reading-headline')).toHaveTextContent('「金」の気を軸に');
    expect(screen.getByRole('heading', { name: '五行が語るあなた' })).toBeInTheDocument();

    const strength = screen.getByTestId('elements-strength');
    expect(within(strength).getByTestId('strength-verdict')).toHaveTextContent('身強');
    expect(strength).toHaveTextContent('あなた自身の力がしっかり強い命式です。');
    expect(within(strength).getByRole('meter', { name: '日主を支える力' })).toHaveAttribute('aria-valuenow', '53');
    expect(within(within(strength).getByTestId('strength-reasons')).getAllByRole('listitem')).toHaveLength(5);

    const favorable = screen.getByTestId('elements-favorable');
    expect(within(favorable).getAllByRole('listitem').map((item) => item.getAttribute('data-testid'))).toEqual([
      'favorable-wood',
      'favorable-water',
      'favorable-fire',
    ]);
    expect(screen.getByTestId('favorable-wood')).toHaveTextContent('色: 緑・青緑・方角: 東');
    expect(screen.getByTestId('elements-unfavorable')).toHaveTextContent('金・土の気（忌神）');
  });

  it('marks the balance as a reference when the birth time is unknown', async () => {
    mockReadings({ chart: [sampleChartWithoutTime] });
    renderProfile(hanako, '/profile?tab=elements');

    const balance = await screen.findByTestId('elements-balance');
    expect(within(balance).getByTestId('reference-mark')).toHaveTextContent('（時刻不明のため参考）');
    expect(within(screen.getByTestId('elements-strength')).getByTestId('reference-mark')).toBeInTheDocument();
  });
});

describe('before the chart is ready', () => {
  it('shows 未来を覗き見中... and asks for nothing while the user says the chart is being built', async () => {
    const calls = mockReadings();
    renderProfile({ ...hanako, baziChartStatus: 'pending' });

    expect(within(panel('chart')).getByRole('status')).toHaveTextContent('未来を覗き見中...');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(calls.chart).toBe(0);
  });

  it('waits through CHART_NOT_READY, asking again every 3 s, and shows the chart once it is there', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = mockReadings({ chart: [chartNotReady, chartNotReady, sampleChart] });
    renderProfile();

    expect(await within(panel('chart')).findByText('未来を覗き見中...')).toBeInTheDocument();
    expect(calls.chart).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(calls.chart).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(await screen.findByTestId('pillar-day-stem')).toHaveTextContent('庚');
    expect(calls.chart).toBe(3);

    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(calls.chart).toBe(3);
  });

  it('asks for the birth date when there is none, on every tab', async () => {
    const calls = mockReadings();
    const { user } = renderProfile({ ...hanako, birthDate: null, birthTime: null, birthLocation: null, baziChartStatus: 'pending' });

    const prompt = within(panel('chart')).getByTestId('birth-data-prompt');
    expect(prompt).toHaveTextContent('生年月日を教えてください');
    expect(within(prompt).getByRole('link', { name: '設定で生年月日を登録する' })).toHaveAttribute('href', '/settings');
    expect(screen.getByTestId('profile-birth-date')).toHaveTextContent('未登録');

    await user.click(screen.getByRole('tab', { name: 'レポート' }));
    expect(within(panel('reports')).getByTestId('birth-data-prompt')).toBeVisible();
    expect(within(panel('reports')).queryByText('レポートの中身')).not.toBeInTheDocument();
    expect(calls.chart).toBe(0);
  });

  it('offers to try again when the chart cannot be loaded', async () => {
    const calls = mockReadings({ chart: [() => apiError(503, 'UNAVAILABLE', '一時的に利用できません'), sampleChart] });
    const { user } = renderProfile();

    const alert = await within(panel('chart')).findByRole('alert');
    expect(alert).toHaveTextContent('命式を読み込めませんでした。');
    await user.click(within(alert).getByRole('button', { name: 'もう一度読み込む' }));
    expect(await screen.findByTestId('pillar-day-stem')).toHaveTextContent('庚');
    expect(calls.chart).toBe(2);
  });
});
