import useSWR from 'swr';

import { CHART_POLL_MS } from '@/config/constants';
import { apiPaths } from '@/config/paths';
import { api, isApiError } from '@/lib/api-client';
import { hasChartAndElements, type BaziAnalysis, type ChartAndElements, type TimeCorrection } from '@/lib/bazi';
import { CHART_NOT_READY } from '@/lib/chart-status';
import { usePollWhile } from '@/lib/use-poll-while';
import type { ApiSchema } from '@/types/api';

/**
 * The signed-in person's chart (GET /api/fortune/chart, docs/api/readings.md "Chart"): the gateway's
 * `ChartBody` as `readChart` leaves it, with `builtAt` and the calculator's analysis (ten gods, hidden
 * stems, strength, luck pillars …) null when not sent.
 */
export type StoredChart = Omit<ApiSchema<'ChartBody'>, 'builtAt' | 'analysis'> & {
  /** RFC 3339 */
  builtAt: string | null;
  analysis: BaziAnalysis | null;
};

export function chartKey() {
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
    return readChart(await api.get(chartKey()));
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
