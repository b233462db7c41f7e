import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { hasChartAndElements, type BaziAnalysis, type ChartAndElements, type TimeCorrection } from '@/lib/bazi';
import type { BirthInput } from '@/lib/birth-data';
import type { ApiSchema } from '@/types/api';

/**
 * The public calculator's answer (spec §3). `analysis` and `time` go beyond the spec's contract and are
 * optional so that an answer without them still counts as complete; other extra fields are ignored.
 */
export type BaziCalculation = ChartAndElements & {
  analysis?: BaziAnalysis;
  time?: TimeCorrection | null;
};

/** The calculator's answer as the gateway's OpenAPI document describes it (generated). */
export type CalculateBaziResponse = ApiSchema<'CalculateBaziResponse'>;

/** POST /api/public/calculate-bazi: no sign-in needed. Rejects an answer without the chart and elements. */
export async function calculateBazi(input: BirthInput): Promise<BaziCalculation> {
  const response = await api.post(apiPaths.public.calculateBazi, input);
  // What the document promises must be what the screens read: tsc fails here when the two disagree.
  const calculation: BaziCalculation = response;
  if (!hasChartAndElements(calculation)) {
    throw new Error('calculate-bazi answered without a complete baziChart and elements');
  }
  return calculation;
}
