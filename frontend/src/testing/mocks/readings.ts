import { http, HttpResponse } from 'msw';

import type { DailyReading } from '@/features/home/api/get-daily-fortune';
import type { DayInfo } from '@/features/home/api/get-day-info';
import type { FriendUpdatesResponse } from '@/features/home/api/get-friend-updates';

/** Shaped like the gateway's readings answers (docs/api/readings.md); the values are made up. */
export const sampleReading: DailyReading = {
  date: '2026-11-22',
  fortune: '人との縁が運を運ぶ日。|午後は肩の力を抜いて、流れに身をまかせて。',
  dos: ['朝のうちに連絡をひとつ返す', '温かいお茶でひと息つく', '気になっていた人に声をかける', '早めに休む'],
  donts: ['勢いだけで大きな買い物をする', '予定を詰め込みすぎる', '寝る前にスマホを長く見る', '約束を後回しにする'],
  reasons: [
    { kind: 'ten_god', label: '今日の干: 偏財', detail: '日干から見て偏財にあたり、人やお金の動きが活発になります。' },
    { kind: 'relation', label: '日支と支合', detail: '今日の地支があなたの日支と支合し、協力を得やすい流れです。' },
  ],
  dayPillar: { heavenlyStem: '甲', earthlyBranch: '子' },
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

export const emptyFriendUpdates: FriendUpdatesResponse = { updates: [] };

/** Home's readings for a signed-in person whose chart is ready; a test overrides one with `server.use`. */
export const readingsHandlers = [
  http.get('/api/fortune/daily', () => HttpResponse.json(sampleReading)),
  http.get('/api/day-info', () => HttpResponse.json(sampleDayInfo)),
  http.get('/api/fortune/badges', () => HttpResponse.json([])),
  http.get('/api/friend-updates', () => HttpResponse.json(emptyFriendUpdates)),
  http.post('/api/fortunes/rate', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    return HttpResponse.json({
      id: 'rating-1',
      ...body,
      feedbackText: null,
      createdAt: '2026-11-22T01:00:00Z',
      updatedAt: '2026-11-22T01:00:00Z',
    });
  }),
];
