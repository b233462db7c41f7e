import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import type { BirthInput } from '@/lib/birth-data';

export type Pillar = {
  heavenlyStem: string;
  earthlyBranch: string;
};

export const PILLAR_KEYS = ['year', 'month', 'day', 'hour'] as const;
export type PillarKey = (typeof PILLAR_KEYS)[number];

export const ELEMENT_KEYS = ['wood', 'fire', 'earth', 'metal', 'water'] as const;
export type ElementKey = (typeof ELEMENT_KEYS)[number];

export type ElementBalance = Record<ElementKey, number> & {
  dominant: ElementKey;
};

/** The public calculator's answer (spec §3); the gateway may send more fields, which are ignored here. */
export type BaziCalculation = {
  baziChart: Record<PillarKey, Pillar>;
  elements: ElementBalance;
};

function isPillar(value: unknown): value is Pillar {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Pillar).heavenlyStem === 'string' &&
    typeof (value as Pillar).earthlyBranch === 'string'
  );
}

function isBaziCalculation(value: unknown): value is BaziCalculation {
  if (typeof value !== 'object' || value === null) return false;
  const { baziChart, elements } = value as Partial<BaziCalculation>;
  if (typeof baziChart !== 'object' || baziChart === null) return false;
  if (typeof elements !== 'object' || elements === null) return false;
  return (
    PILLAR_KEYS.every((key) => isPillar(baziChart[key])) &&
    ELEMENT_KEYS.every((key) => typeof elements[key] === 'number') &&
    (ELEMENT_KEYS as readonly string[]).includes(elements.dominant)
  );
}

/** POST /api/public/calculate-bazi: no sign-in needed. Rejects an answer without the chart and elements. */
export async function calculateBazi(input: BirthInput): Promise<BaziCalculation> {
  const response = await api.post<unknown>(apiPaths.public.calculateBazi, input);
  if (!isBaziCalculation(response)) {
    throw new Error('calculate-bazi answered without a complete baziChart and elements');
  }
  return response;
}
