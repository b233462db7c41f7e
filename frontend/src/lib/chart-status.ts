/**
 * `baziChartStatus` of the user object (docs/api/readings.md): `pending` and `generating` both mean the
 * chart is still being built; any other value (`ready`, `failed`) counts as ready (spec §4) — a failed
 * build is retried by the server, and the chart call itself then answers 409 CHART_NOT_READY.
 */
export function isChartBuilding(status: string | null | undefined): boolean {
  return status === 'pending' || status === 'generating';
}

/** The code of the 409 that the chart and report calls answer while there is no chart yet. */
export const CHART_NOT_READY = 'CHART_NOT_READY';
