import { screen, within } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { describe, expect, it } from 'vitest';

import { apiPaths } from '@/config/paths';
import { calculateBazi, type BaziCalculation } from '@/features/bazi-chart/api/calculate-bazi';
import { BaziResult } from '@/features/bazi-chart/components/bazi-result';
import type { BirthInput } from '@/lib/birth-data';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

const input: BirthInput = {
  birthDate: '1990-05-15',
  birthTime: '14:30',
  birthLocation: '札幌, 北海道, 日本',
  coordinates: { longitude: 141.3545, latitude: 43.0621 },
};

/**
 * The gateway's answer (`CalculateBaziResponse` in gateway/src/routes/public/post.rs, camelCase) for
 * 1990-05-15 14:30 in Sapporo, worked out by hand from the engine's rules: true solar time, 庚午 辛巳 庚辰
 * 癸未, no gender (so no luck pillars). The solar-term instants are approximate; nothing here shows them.
 */
const sapporo = {
  baziChart: {
    year: { heavenlyStem: '庚', earthlyBranch: '午', stemElement: 'metal', branchElement: 'fire' },
    month: { heavenlyStem: '辛', earthlyBranch: '巳', stemElement: 'metal', branchElement: 'fire' },
    day: { heavenlyStem: '庚', earthlyBranch: '辰', stemElement: 'metal', branchElement: 'earth' },
    hour: { heavenlyStem: '癸', earthlyBranch: '未', stemElement: 'water', branchElement: 'earth' },
  },
  elements: { wood: 0, fire: 2, earth: 2, metal: 3, water: 1, dominant: 'metal' },
  analysis: {
    dayMaster: '庚',
    dayMasterElement: 'metal',
    dayMasterPolarity: 'yang',
    pillars: [
      {
        position: 'year',
        heavenlyStem: '庚',
        earthlyBranch: '午',
        stemElement: 'metal',
        branchElement: 'fire',
        tenGod: '比肩',
        hiddenStems: [
          { stem: '丁', tenGod: '正官', role: '本気' },
          { stem: '己', tenGod: '印綬', role: '中気' },
        ],
        nayin: '路傍土',
        lifeStage: '沐浴',
        dependsOnHour: false,
      },
      {
        position: 'month',
        heavenlyStem: '辛',
        earthlyBranch: '巳',
        stemElement: 'metal',
        branchElement: 'fire',
        tenGod: '劫財',
        hiddenStems: [
          { stem: '丙', tenGod: '偏官', role: '本気' },
          { stem: '庚', tenGod: '比肩', role: '中気' },
          { stem: '戊', tenGod: '偏印', role: '余気' },
        ],
        nayin: '白鑞金',
        lifeStage: '長生',
        dependsOnHour: false,
      },
      {
        position: 'day',
        heavenlyStem: '庚',
        earthlyBranch: '辰',
        stemElement: 'metal',
        branchElement: 'earth',
        tenGod: '',
        hiddenStems: [
          { stem: '戊', tenGod: '偏印', role: '本気' },
          { stem: '乙', tenGod: '正財', role: '余気' },
          { stem: '癸', tenGod: '傷官', role: '中気' },
        ],
        nayin: '白鑞金',
        lifeStage: '養',
        dependsOnHour: false,
      },
      {
        position: 'hour',
        heavenlyStem: '癸',
        earthlyBranch: '未',
        stemElement: 'water',
        branchElement: 'earth',
        tenGod: '傷官',
        hiddenStems: [
          { stem: '己', tenGod: '印綬', role: '本気' },
          { stem: '丁', tenGod: '正官', role: '余気' },
          { stem: '乙', tenGod: '正財', role: '中気' },
        ],
        nayin: '楊柳木',
        lifeStage: '冠帯',
        dependsOnHour: false,
      },
    ],
    kongWang: ['申', '酉'],
    strength: {
      score: 53.21637426900585,
      verdict: '身強',
      reasons: [
        '月令（月支巳）が偏官で日主が抑えられている（失令）',
        '日主が月支巳に根を持つ（通根）',
        '天干で年干庚（比肩）・月干辛（劫財）が日主を助けている',
        '日主庚は日支辰で養',
        '日主を助ける力（比劫・印）の割合は53%で身強',
      ],
    },
    favorableElements: ['wood', 'water', 'fire'],
    unfavorableElements: ['metal', 'earth'],
    luck: null,
    timeKnown: true,
    hourDependent: [],
    notes: ['札幌市（東経141.35°）の真太陽時: 経度補正 +25分25秒、均時差 +3分42秒（合計 +29分08秒）'],
    hiddenElements: { wood: 0.8, fire: 2.5, earth: 2.8, metal: 0.5, water: 0.3, dominant: 'earth' },
    previousJie: { name: '立夏', longitude: 45, utc: '1990-05-05T19:35:00.000Z' },
    nextJie: { name: '芒種', longitude: 75, utc: '1990-06-05T23:46:00.000Z' },
  },
  time: {
    civilLocalTime: '1990-05-15T14:30:00',
    timeZone: 'Asia/Tokyo',
    utcOffsetSeconds: 32400,
    summerTime: false,
    utc: '1990-05-15T05:30:00Z',
    mode: 'apparent',
    longitude: 141.3545,
    latitude: 43.0621,
    longitudeCorrectionSeconds: 1525.08,
    equationOfTimeSeconds: 222.47,
    totalCorrectionSeconds: 1747.55,
    correctedLocalTime: '1990-05-15 14:59:07',
    placeLabel: '札幌市, 北海道, 日本',
    placeApproximate: false,
    zi: 'split',
    clockChange: '',
    dstChoice: '',
    wallClock: '1990-05-15T14:30:00',
  },
} satisfies BaziCalculation;

/** The same birth without a time: 12:00 is used, the hour pillar becomes 壬午 and is only a reference. */
const sapporoNoTime = {
  ...sapporo,
  baziChart: { ...sapporo.baziChart, hour: { heavenlyStem: '壬', earthlyBranch: '午', stemElement: 'water', branchElement: 'fire' } },
  elements: { wood: 0, fire: 3, earth: 1, metal: 3, water: 1, dominant: 'fire' },
  analysis: {
    ...sapporo.analysis,
    pillars: [
      ...sapporo.analysis.pillars.slice(0, 3),
      {
        position: 'hour',
        heavenlyStem: '壬',
        earthlyBranch: '午',
        stemElement: 'water',
        branchElement: 'fire',
        tenGod: '食神',
        hiddenStems: [
          { stem: '丁', tenGod: '正官', role: '本気' },
          { stem: '己', tenGod: '印綬', role: '中気' },
        ],
        nayin: '楊柳木',
        lifeStage: '沐浴',
        dependsOnHour: true,
      },
    ],
    strength: {
      score: 50.87719298245614,
      verdict: '身強',
      reasons: [
        '月令（月支巳）が偏官で日主が抑えられている（失令）',
        '日主が月支巳に根を持つ（通根）',
        '天干で年干庚（比肩）・月干辛（劫財）が日主を助けている',
        '日主庚は日支辰で養',
        '日主を助ける力（比劫・印）の割合は51%で身強',
      ],
    },
    timeKnown: false,
    hourDependent: ['hour', 'elements', 'dominant', 'strength', 'favorableElements', 'luck'],
    hiddenElements: { wood: 0.5, fire: 3, earth: 2.3, metal: 0.5, water: 0.3, dominant: 'fire' },
  },
  time: {
    ...sapporo.time,
    civilLocalTime: '1990-05-15T12:00:00',
    utc: '1990-05-15T03:00:00Z',
    equationOfTimeSeconds: 222.44,
    totalCorrectionSeconds: 1747.52,
    correctedLocalTime: '1990-05-15 12:29:07',
  },
} satisfies BaziCalculation;

/** Answers the calculator with `answer`, fetches it through the real client and shows the result. */
async function renderResult(answer: JsonBodyType) {
  server.use(http.post(apiPaths.public.calculateBazi, () => HttpResponse.json(answer)));
  const result = await calculateBazi(input);
  const view = renderApp(<BaziResult input={input} result={result} onReset={() => {}} />);
  return { ...view, result };
}

const openButton = () => screen.getByRole('button', { name: '命式の詳細を見る' });

describe('命式の詳細', () => {
  it('is collapsed by default and loads nothing until asked', async () => {
    await renderResult(sapporo);

    expect(screen.getByRole('heading', { name: '命式の詳細' })).toBeInTheDocument();
    expect(openButton()).toHaveAttribute('aria-expanded', 'false');
    expect(openButton()).toHaveAttribute('aria-controls', 'bazi-details-panel');
    expect(screen.queryByTestId('bazi-details')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('opens on click and closes again', async () => {
    const { user } = await renderResult(sapporo);

    await user.click(openButton());
    const table = await screen.findByRole('table', { name: '四柱の詳細' });
    expect(table).toBeVisible();
    const close = screen.getByRole('button', { name: '閉じる' });
    expect(close).toHaveAttribute('aria-expanded', 'true');

    await user.click(close);
    expect(openButton()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('bazi-details')).not.toBeVisible();
  });

  it('opens with the keyboard', async () => {
    const { user } = await renderResult(sapporo);

    openButton().focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('table')).toBeVisible();
    expect(screen.getByRole('button', { name: '閉じる' })).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard(' ');
    expect(openButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the pillars with ten gods, hidden stems, life stages and 納音', async () => {
    const { user } = await renderResult(sapporo);
    await user.click(openButton());
    const table = await screen.findByRole('table');

    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      '項目',
      '年柱',
      '月柱',
      '日柱',
      '時柱',
    ]);
    expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual([
      '天干／地支',
      '通変星',
      '蔵干',
      '十二運',
      '納音',
    ]);

    expect(screen.getByTestId('detail-pillar-year')).toHaveTextContent('庚午');
    expect(screen.getByTestId('detail-pillar-hour')).toHaveTextContent('癸未');
    expect(screen.getByTestId('detail-tengod-year')).toHaveTextContent('比肩');
    expect(screen.getByTestId('detail-tengod-month')).toHaveTextContent('劫財');
    expect(screen.getByTestId('detail-tengod-day')).toHaveTextContent('日主');
    expect(screen.getByTestId('detail-tengod-hour')).toHaveTextContent('傷官');

    const monthHidden = within(screen.getByTestId('detail-hidden-month')).getAllByRole('listitem');
    expect(monthHidden.map((item) => item.textContent)).toEqual(['丙（偏官）', '庚（比肩）', '戊（偏印）']);
    expect(screen.getByTestId('detail-hidden-day')).toHaveTextContent('戊（偏印）乙（正財）癸（傷官）');

    expect(screen.getByTestId('detail-lifestage-year')).toHaveTextContent('沐浴');
    expect(screen.getByTestId('detail-lifestage-day')).toHaveTextContent('養');
    expect(screen.getByTestId('detail-nayin-month')).toHaveTextContent('白鑞金');
    expect(screen.getByTestId('detail-nayin-hour')).toHaveTextContent('楊柳木');

    // The time is known: nothing is marked as a mere reference.
    expect(screen.queryByText('（時刻不明のため参考）')).not.toBeInTheDocument();
    expect(screen.queryByTestId('detail-time-unknown')).not.toBeInTheDocument();
  });

  it('shows the day master, 空亡, strength, favourable elements and the time correction', async () => {
    const { user } = await renderResult(sapporo);
    await user.click(openButton());
    await screen.findByTestId('bazi-details');

    expect(screen.getByTestId('detail-day-master')).toHaveTextContent('庚（陽の金）');
    expect(screen.getByTestId('detail-kong-wang')).toHaveTextContent('申酉');
    const strength = screen.getByTestId('detail-strength');
    expect(strength).toHaveTextContent('身強（スコア 53／100）');
    const reasons = within(strength).getAllByRole('listitem');
    expect(reasons).toHaveLength(3);
    expect(reasons[0]).toHaveTextContent('月令（月支巳）が偏官で日主が抑えられている（失令）');
    expect(screen.getByTestId('detail-favorable')).toHaveTextContent('木・水・火');
    expect(screen.getByTestId('detail-unfavorable')).toHaveTextContent('金・土');

    expect(screen.getByTestId('detail-correction-note')).toHaveTextContent(
      '札幌市（東経141.35°）の真太陽時: 経度補正 +25分25秒、均時差 +3分42秒（合計 +29分08秒）',
    );
    expect(screen.getByTestId('detail-corrected-time')).toHaveTextContent('1990年5月15日 14:59:07（真太陽時）');
  });

  it('marks the hour pillar and the results that assume 12:00 when the time is unknown', async () => {
    const { user } = await renderResult(sapporoNoTime);
    await user.click(openButton());
    await screen.findByTestId('bazi-details');

    expect(screen.getByTestId('detail-column-hour')).toHaveTextContent('時柱（時刻不明のため参考）');
    expect(screen.getByTestId('detail-column-hour')).toHaveAttribute('data-depends-on-hour', 'true');
    for (const position of ['year', 'month', 'day']) {
      expect(screen.getByTestId(`detail-column-${position}`)).toHaveAttribute('data-depends-on-hour', 'false');
      expect(screen.getByTestId(`detail-column-${position}`)).not.toHaveTextContent('参考');
    }
    expect(screen.getByTestId('detail-tengod-hour')).toHaveTextContent('食神');

    const note = screen.getByTestId('detail-time-unknown');
    expect(note).toHaveTextContent('出生時刻が不明のため、12:00 として計算しています。');
    expect(note).toHaveTextContent('時柱・五行のバランス・最も強い五行・身強・身弱・喜神・忌神・大運');
    expect(screen.getByTestId('detail-corrected-time')).toHaveTextContent('1990年5月15日 12:29:07');
  });

  it('is left out when the answer has no analysis', async () => {
    const { result } = await renderResult({ baziChart: sapporo.baziChart, elements: sapporo.elements });

    expect(result.analysis).toBeUndefined();
    expect(screen.getByTestId('bazi-result')).toBeInTheDocument();
    expect(screen.getByTestId('pillar-day-stem')).toHaveTextContent('庚');
    expect(screen.queryByRole('heading', { name: '命式の詳細' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '命式の詳細を見る' })).not.toBeInTheDocument();
  });

  it('copes with a missing time block and strength', async () => {
    const { user } = await renderResult({
      ...sapporo,
      analysis: { ...sapporo.analysis, strength: null, favorableElements: [], unfavorableElements: [] },
      time: null,
    });
    await user.click(openButton());
    await screen.findByTestId('bazi-details');

    expect(screen.getByTestId('detail-strength')).toHaveTextContent('—');
    expect(screen.getByTestId('detail-favorable')).toHaveTextContent('—');
    expect(screen.queryByTestId('detail-corrected-time')).not.toBeInTheDocument();
    expect(screen.getByTestId('detail-nayin-year')).toHaveTextContent('路傍土');
  });
});
