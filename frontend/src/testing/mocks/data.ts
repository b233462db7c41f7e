import type { CalculateBaziResponse } from '@/features/bazi-chart/api/calculate-bazi';
import type { User } from '@/features/auth/api/get-user';

/** Shaped like the gateway's answers (spec §3, §7); the values are made up. */
export const sampleUser: User = {
  id: '0193d1a2-7c1e-7000-8000-000000000001',
  email: 'hanako@example.com',
  username: 'hanako',
  firstName: null,
  lastName: null,
  profileImageUrl: null,
  gender: 'female',
  birthDate: '1990-05-15',
  birthTime: '14:30',
  birthTimeUnknown: false,
  birthLocation: '札幌, 北海道, 日本',
  birthLongitude: 141.3545,
  birthLatitude: 43.0621,
  dstChoice: null,
  isEmailVerified: true,
  hasCompletedOnboarding: true,
  pendingEmail: null,
  timezoneOffset: -540,
  baziChartStatus: 'ready',
  credits: 3,
  role: 'user',
  createdAt: '2025-01-10T09:00:00Z',
  lastLoginAt: '2025-01-12T08:30:00Z',
};

/**
 * The calculator's minimal answer: the chart and elements the spec promises, in the gateway's generated shape.
 * Without `analysis` and `time` (the screen must cope with an answer that lacks them).
 */
export const sampleCalculation: Pick<CalculateBaziResponse, 'baziChart' | 'elements'> = {
  baziChart: {
    year: { heavenlyStem: '庚', earthlyBranch: '午', stemElement: 'metal', branchElement: 'fire' },
    month: { heavenlyStem: '辛', earthlyBranch: '巳', stemElement: 'metal', branchElement: 'fire' },
    day: { heavenlyStem: '庚', earthlyBranch: '辰', stemElement: 'metal', branchElement: 'earth' },
    hour: { heavenlyStem: '癸', earthlyBranch: '未', stemElement: 'water', branchElement: 'earth' },
  },
  elements: { wood: 0, fire: 3, earth: 2, metal: 5, water: 4, dominant: 'metal' },
};

export const samplePlaces = [
  '札幌, 北海道, 日本',
  '札幌市中央区, 北海道, 日本',
  '札幌市北区, 北海道, 日本',
  '札幌市東区, 北海道, 日本',
  '札幌市白石区, 北海道, 日本',
  '札幌市豊平区, 北海道, 日本',
  '札幌市南区, 北海道, 日本',
];

export const sampleCoordinates = { longitude: 141.3545, latitude: 43.0621 };
