import { http, HttpResponse, type JsonBodyType } from 'msw';

import { apiPaths } from '@/config/paths';
import type { DailyReading } from '@/features/home/api/get-daily-fortune';
import type { DayInfo } from '@/features/home/api/get-day-info';
import type { FriendUpdatesResponse } from '@/features/home/api/get-friend-updates';
import type { FortuneRating, RateFortuneInput } from '@/features/home/api/rate-fortune';
import type { ElementKey, LuckPillar, TimeCorrection } from '@/lib/bazi';
import type { ApiSchema } from '@/types/api';
import { apiError } from '@/testing/mocks/accounts';
import { server } from '@/testing/mocks/server';

/** Shaped like the gateway's readings answers (docs/api/readings.md); the values are made up. */
export const sampleReading: DailyReading = {
  date: '2026-11-22',
  fortune: '人との縁が運を運ぶ日。|午後は肩の力を抜いて、流れに身をまかせて。',
  dos: ['朝のうちに連絡をひとつ返す', '温かいお茶でひと息つく', '気になっていた人に声をかける', '早めに休む'],
  donts: ['勢いだけで大きな買い物をする', '予定を詰め込みすぎる', '寝る前にスマホを長く見る', '約束を後回しにする'],
  reasons: [
    {
      kind: 'ten_god',
      label: '今日の干: 偏財',
      detail: '日干から見て偏財にあたり、人やお金の動きが活発になります。',
      hourDependent: false,
    },
    {
      kind: 'relation',
      label: '日支と支合',
      detail: '今日の地支があなたの日支と支合し、協力を得やすい流れです。',
      hourDependent: false,
    },
  ],
  dayPillar: { heavenlyStem: '甲', earthlyBranch: '子', stemElement: 'wood', branchElement: 'water' },
  contentHash: '9f2c4e0a7b1d3c5e9f2c4e0a7b1d3c5e9f2c4e0a7b1d3c5e9f2c4e0a7b1d3c5e',
  engine: 'builtin',
  generatedAt: '2026-11-22T00:03:11Z',
};

export const sampleDayInfo: DayInfo[] = [
  { id: 'tensha', name: '天赦日', description: '天がすべての罪を赦すとされる、最上の吉日です。', type: 'almanac' },
  { id: 'ichiryu', name: '一粒万倍日', description: '一粒の籾が万倍にも実るとされ、始めごとに向く日です。', type: 'almanac' },
  { id: 'taian', name: '大安', description: '何事にも吉とされる日です。', type: 'rokuyo' },
  { id: 'tora', name: '寅の日', description: '金運に縁があるとされる日です。', type: 'almanac' },
];

export const emptyFriendUpdates: FriendUpdatesResponse = { date: '2026-11-22', updates: [] };

/** Home's readings for a signed-in person whose chart is ready; a test overrides one with `server.use`. */
export const readingsHandlers = [
  http.get('/api/fortune/daily', () => HttpResponse.json<DailyReading>(sampleReading)),
  http.get('/api/day-info', () => HttpResponse.json<DayInfo[]>(sampleDayInfo)),
  http.get('/api/fortune/badges', () => HttpResponse.json<ApiSchema<'BadgeBody'>[]>([])),
  http.get('/api/friend-updates', () => HttpResponse.json(emptyFriendUpdates)),
  http.post<never, RateFortuneInput>('/api/fortunes/rate', async ({ request }) => {
    const body = await request.json();
    return HttpResponse.json<FortuneRating>({
      id: 'rating-1',
      ...body,
      feedbackText: null,
      createdAt: '2026-11-22T01:00:00Z',
      updatedAt: '2026-11-22T01:00:00Z',
    });
  }),
];


/** GET /api/fortune/chart as the gateway sends it (docs/api/readings.md "Chart"; generated `ChartBody`). */
export type ChartAnswer = ApiSchema<'ChartBody'>;

/** A day the tests treat as today: the luck pillar 丁丑 (from 2023-07-10) is running. */
export const TEST_TODAY = new Date(2026, 10, 22, 10, 0, 0);

/** A luck pillar: its two characters with their elements, as the gateway sends them. */
const luckPillar = (
  pillar: string,
  [stemElement, branchElement]: [ElementKey, ElementKey],
  startYear: number,
  tenGod: string,
  lifeStage: string,
): LuckPillar => ({
  heavenlyStem: pillar.charAt(0),
  earthlyBranch: pillar.charAt(1),
  stemElement,
  branchElement,
  startAge: startYear - 1990 + 0.1516,
  startYear,
  startDate: `${startYear}-07-10`,
  tenGod,
  lifeStage,
});

/**
 * 1990-05-15 14:30 in Sapporo, female: the engine's own answer (`bazi chart --date 1990-05-15 --time 14:30
 * --place 札幌 --gender female`) in the gateway's shape. Reverse luck from 3 years 1 month.
 */
export const sampleChart: ChartAnswer = {
  status: 'ready',
  builtAt: '2026-11-21T09:00:05Z',
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
    luck: {
      forward: false,
      startYears: 3,
      startMonths: 1,
      startDays: 24,
      startDate: '1993-07-10',
      pillars: [
        luckPillar('庚辰', ['metal', 'earth'], 1993, '比肩', '養'),
        luckPillar('己卯', ['earth', 'wood'], 2003, '印綬', '胎'),
        luckPillar('戊寅', ['earth', 'wood'], 2013, '偏印', '絶'),
        luckPillar('丁丑', ['fire', 'earth'], 2023, '正官', '墓'),
        luckPillar('丙子', ['fire', 'water'], 2033, '偏官', '死'),
        luckPillar('乙亥', ['wood', 'water'], 2043, '正財', '病'),
        luckPillar('甲戌', ['wood', 'earth'], 2053, '偏財', '衰'),
        luckPillar('癸酉', ['water', 'metal'], 2063, '傷官', '帝旺'),
      ],
    },
    timeKnown: true,
    hourDependent: [],
    notes: ['札幌市（東経141.35°）の真太陽時: 経度補正 +25分25秒、均時差 +3分42秒（合計 +29分08秒）'],
    hiddenElements: { wood: 0.8, fire: 2.5, earth: 2.8, metal: 0.5, water: 0.3, dominant: 'earth' },
    previousJie: { name: '立夏', longitude: 45, utc: '1990-05-05T18:35:25.804Z' },
    nextJie: { name: '芒種', longitude: 75, utc: '1990-06-05T22:46:17.838Z' },
  },
  time: {
    civilLocalTime: '1990-05-15T14:30:00',
    timeZone: 'Asia/Tokyo',
    utcOffsetSeconds: 32400,
    summerTime: false,
    utc: '1990-05-15T05:30:00Z',
    mode: 'apparent',
    longitude: 141.3543763,
    latitude: 43.0620958,
    longitudeCorrectionSeconds: 1525.05,
    equationOfTimeSeconds: 222.46,
    totalCorrectionSeconds: 1747.51,
    correctedLocalTime: '1990-05-15 14:59:07',
    placeLabel: '札幌市, 北海道, 日本',
    placeApproximate: false,
    zi: 'split',
    clockChange: '',
    dstChoice: '',
    wallClock: '1990-05-15T14:30:00',
  },
};

/**
 * The same birth without a time and without a gender (`bazi chart --date 1990-05-15 --place 札幌`): 12:00
 * is used, the hour pillar becomes 壬午 and is only a reference, and there are no luck pillars.
 */
export const sampleChartWithoutTime: ChartAnswer = {
  ...sampleChart,
  baziChart: { ...sampleChart.baziChart, hour: { heavenlyStem: '壬', earthlyBranch: '午', stemElement: 'water', branchElement: 'fire' } },
  elements: { wood: 0, fire: 3, earth: 1, metal: 3, water: 1, dominant: 'fire' },
  analysis: {
    ...sampleChart.analysis,
    pillars: [
      ...sampleChart.analysis.pillars.slice(0, 3),
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
    luck: null,
    timeKnown: false,
    hourDependent: ['hour', 'elements', 'dominant', 'strength', 'favorableElements', 'luck'],
  },
  time: {
    ...(sampleChart.time as TimeCorrection),
    civilLocalTime: '1990-05-15T12:00:00',
    utc: '1990-05-15T03:00:00Z',
    correctedLocalTime: '1990-05-15 12:29:07',
  },
};

/** GET /api/fortune/yearly and /life as the gateway sends them (generated `ReportBody`). */
export type ReportAnswer = ApiSchema<'ReportBody'>;

export const sampleYearlyReport: ReportAnswer = {
  kind: 'yearly',
  status: 'ready',
  year: 2026,
  title: '実りを形にする一年',
  sections: [
    {
      heading: '一年の流れ',
      body: '丙午の年は、あなたの日主・庚を火が鍛える年です。\n\n試される場面ほど、持ち前の芯の強さが光ります。',
    },
    { heading: '仕事と学び', body: '春から夏にかけて、責任ある役目が巡ってきます。' },
  ],
  importantDates: [
    { date: '2026-03', label: '新しい役目', detail: '声がかかったら、まず引き受けてみましょう。' },
    { date: '2026-11-30', label: '振り返りの日', detail: '一年の学びを書き留めると次につながります。' },
  ],
  generatedAt: '2026-11-21T09:01:00Z',
  engine: 'builtin',
  hourDependent: [],
};

/** Important dates out of order on purpose: the timeline sorts them. */
export const sampleLifeReport: ReportAnswer = {
  kind: 'life',
  status: 'ready',
  year: 0,
  title: '金を磨き、水に流す人生',
  sections: [
    { heading: '生まれ持った流れ', body: '庚の日主は、磨かれるほど輝く刀の金です。\n\n若いうちの試練が、のちの自信の土台になります。' },
    { heading: '人生の後半', body: '50代からは財の巡りが穏やかに広がります。' },
  ],
  importantDates: [
    { date: '2033-07-10', label: '大運の切り替わり', detail: '丙子の大運へ。挑戦の十年が始まります。' },
    { date: '2013', label: '学びの転機', detail: '偏印の大運で、独自の道を選んだ頃です。' },
    { date: '2028-04', label: '役割が広がる時期', detail: '人を導く立場がめぐってきます。' },
    { date: '2023-07-10', label: '大運の切り替わり', detail: '丁丑の大運へ。' },
  ],
  generatedAt: '2026-11-21T09:02:00Z',
  engine: 'builtin',
  hourDependent: [],
};

export const generatingReport = (kind: 'yearly' | 'life'): ReportAnswer => ({
  kind,
  status: 'generating',
  year: kind === 'yearly' ? 2026 : 0,
  title: '',
  sections: [],
  importantDates: [],
  generatedAt: null,
  engine: '',
  hourDependent: [],
});

export const failedReport = (kind: 'yearly' | 'life'): ReportAnswer => ({ ...generatingReport(kind), status: 'failed' });

export const chartNotReady = () => apiError(409, 'CHART_NOT_READY', '命式を準備しています。しばらくしてからもう一度お試しください');

type Answer = JsonBodyType | (() => Response);

/**
 * The readings routes of the profile on the mocked gateway. Each answer is a body (sent with 200) or a
 * function returning a Response; a list is answered in turn, its last item for every later request.
 * Returns how often each route was asked.
 */
export function mockReadings({
  chart = [sampleChart],
  yearly = [sampleYearlyReport],
  life = [sampleLifeReport],
}: { chart?: Answer[]; yearly?: Answer[]; life?: Answer[] } = {}) {
  const calls = { chart: 0, yearly: 0, life: 0 };
  const answer = (list: Answer[], index: number) => {
    const item = list[Math.min(index, list.length - 1)];
    return typeof item === 'function' ? (item as () => Response)() : HttpResponse.json(item as JsonBodyType);
  };
  server.use(
    http.get(apiPaths.fortune.chart, () => answer(chart, calls.chart++)),
    http.get('/api/fortune/yearly', () => answer(yearly, calls.yearly++)),
    http.get(apiPaths.fortune.life, () => answer(life, calls.life++)),
  );
  return calls;
}
