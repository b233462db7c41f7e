import { useCallback } from 'react';
import useSWR from 'swr';

import { REPORT_POLL_MS } from '@/config/constants';
import { apiPaths } from '@/config/paths';
import { api, isApiError } from '@/lib/api-client';
import { CHART_NOT_READY } from '@/lib/chart-status';
import { usePollWhile } from '@/lib/use-poll-while';
import type { ApiSchema } from '@/types/api';

/** A heading and its paragraphs (separated by a blank line). */
export type ReportSection = ApiSchema<'SectionBody'>;

/** `date` is `YYYY`, `YYYY-MM` or `YYYY-MM-DD`. */
export type ImportantDate = ApiSchema<'ImportantDateBody'>;

/**
 * A yearly or life report (docs/api/readings.md "Report"; the gateway's `ReportBody`). `status` is
 * `generating` (ask again; sections empty), `ready` or `failed` (asking again retries).
 */
export type Report = ApiSchema<'ReportBody'>;

export type ReportKind = 'yearly' | 'life';

/** The yearly report's key carries the browser's offset, so "this year" is the person's own year. */
export function yearlyReportKey(now: Date = new Date()) {
  return apiPaths.fortune.yearly(now.getTimezoneOffset());
}

export function lifeReportKey() {
  return apiPaths.fortune.life;
}

/** The path of either report. */
export type ReportKey = ReturnType<typeof yearlyReportKey> | ReturnType<typeof lifeReportKey>;

const asArray = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** The report with its lists always present, whatever the server left out. */
function readReport(body: unknown): Report {
  if (typeof body !== 'object' || body === null || typeof (body as Report).status !== 'string') {
    throw new Error('the report answer has no status');
  }
  const raw = body as Partial<Report>;
  return {
    kind: raw.kind ?? '',
    status: raw.status ?? '',
    year: typeof raw.year === 'number' ? raw.year : 0,
    title: raw.title ?? '',
    sections: asArray<ReportSection>(raw.sections),
    importantDates: asArray<ImportantDate>(raw.importantDates),
    generatedAt: raw.generatedAt ?? null,
    engine: raw.engine ?? '',
    hourDependent: asArray<unknown>(raw.hourDependent).filter((name): name is string => typeof name === 'string'),
  };
}

/**
 * GETs a report. Asking starts its generation when there is none and retries a failed one. Null while
 * the chart is not ready (409 CHART_NOT_READY).
 */
export async function getReport(key: ReportKey): Promise<Report | null> {
  try {
    return readReport(await api.get(key));
  } catch (error) {
    if (isApiError(error) && error.status === 409 && error.code === CHART_NOT_READY) return null;
    throw error;
  }
}

const stillComing = (report: Report | null | undefined) => report === null || report?.status === 'generating';

/**
 * A report, asked for again every 3 s while it is being written (or while the chart is not ready) and
 * no more once it is ready or failed. `retry` asks again at once: for a failed report that starts a new
 * try, and the polling resumes with its `generating` answer.
 */
export function useReport(kind: ReportKind) {
  const key = kind === 'yearly' ? yearlyReportKey() : lifeReportKey();
  const { data, error, isValidating, mutate } = useSWR<Report | null>(key, getReport);
  usePollWhile(!error && stillComing(data), mutate, REPORT_POLL_MS);
  const retry = useCallback(() => void mutate(), [mutate]);
  return { data, error: error as unknown, isValidating, retry };
}
