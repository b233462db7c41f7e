/**
 * The chart is still being built while the status is `pending` or `generating`; any other value means
 * the building is over (spec §4): `ready`, or `failed` while fortune-gen retries (docs/api/readings.md).
 */
export function isChartBuilding(status: string): boolean {
  return status === 'pending' || status === 'generating';
}

export function isChartFailed(status: string): boolean {
  return status === 'failed';
}
