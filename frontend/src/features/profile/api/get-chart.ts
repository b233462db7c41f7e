import useSWR from 'swr';

import { CHART_POLL_MS } from '@/config/constants';
import { apiPaths } from '@/config/paths';
import { api, isApiError } from '@/lib/api-client';
import {
  hasChartAndElements,
  type BaziAnalysis,
  type ChartAndElements,
  type TimeCorrection,
} from '@/lib/bazi';
import { CHART_NOT_READY } from '@/lib/chart-status';
import { usePollWhile } from '@/lib/use-poll-while';

/** The signed-in person's chart (GET /api/fortune/chart, docs/api/readings.md "Chart"). */
export type StoredChart = ChartAndElements & {
  status: string;
  /** RFC 3339 */
  builtAt: string | null;
  /** The calculator's analysis (ten gods, hidden stems, strength, luck pillars …); null if not sent. */
  analysis: BaziAnalysis | null;
  time: TimeCorrection | null;
};

export function chartKey(): string {
  return apiPaths.fortune.chart;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const isAnalysis = (value: unknown): value is BaziAnalysis =>
  isObject(value) && typeof value.dayMaster === 'string' && Array.isArray(value.pillars);

const isTime = (value: unknown): value is TimeCorrection =>
  isObject(value) && typeof value.correctedLocalTime === 'string';

/** Reads the answer: the calculator's shape (`baziChart`, `elements`, `analysis`, `time`) plus status. */
export function readChart(body: unknown): StoredChart {
  if (!hasChartAndElements(body)) {
    throw new Error('fortune/chart answered without a complete baziChart and elements');
  }
  const raw = body as ChartAndElements & Record<string, unknown>;
  return {
    baziChart: raw.baziChart,
    elements: raw.elements,
    status: typeof raw.status === 'string' ? raw.status : 'ready',
    builtAt: typeof raw.builtAt === 'string' ? raw.builtAt : null,
    analysis: isAnalysis(raw.analysis) ? raw.analysis : null,
    time: isTime(raw.time) ? raw.time : null,
  };
}

/** The chart, or null while the server answers 409 CHART_NOT_READY (it is still being built). */
export async function getChart(): Promise<StoredChart | null> {
  try {
    return readChart(await api.get<unknown>(chartKey()));
  } catch (error) {
    if (isApiError(error) && error.status === 409 && error.code === CHART_NOT_READY) return null;
    throw error;
  }
}

/**
 * The chart, fetched once the user's chart status says it is ready (`enabled`). While the server still
 * answers CHART_NOT_READY (null) it is asked again every 3 s.
 */
export function useChart({ enabled }: { enabled: boolean }) {
  const swr = useSWR<StoredChart | null>(enabled ? chartKey() : null, getChart);
  usePollWhile(enabled && !swr.error && swr.data === null, swr.mutate, CHART_POLL_MS);
  return swr;
}
