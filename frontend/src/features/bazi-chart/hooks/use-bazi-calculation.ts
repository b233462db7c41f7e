import { useCallback, useEffect, useRef, useState } from 'react';

import { toast } from '@/components/ui/toast/toast-store';
import { MIN_CALCULATION_LOADING_MS } from '@/config/constants';
import { calculateBazi, type BaziCalculation } from '@/features/bazi-chart/api/calculate-bazi';
import { errorMessageFor } from '@/lib/api-client';
import type { BirthInput } from '@/lib/birth-data';
import { dstOptionsOf, type DstOption } from '@/lib/dst-choice';

export const CALCULATION_FAILED_MESSAGE = '運命の計算に失敗しました。もう一度お試しください。';

export type CalculationState =
  | { status: 'idle' }
  /** The birth time was skipped or repeated by a summer-time change: the person picks a reading. */
  | { status: 'choosing'; input: BirthInput; options: DstOption[] }
  | { status: 'loading'; input: BirthInput }
  | { status: 'done'; input: BirthInput; result: BaziCalculation };

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs the public chart calculation. The loading state lasts at least `minLoadingMs` in total (the request
 * runs meanwhile); a failure ends loading at once with a destructive toast carrying the server's message,
 * except a birth time a summer-time change skipped or repeated: then the readings are offered ('choosing').
 */
export function useBaziCalculation({ minLoadingMs = MIN_CALCULATION_LOADING_MS } = {}) {
  const [state, setState] = useState<CalculationState>({ status: 'idle' });
  // Each run gets a number; an answer that arrives after a reset or a newer run is dropped.
  const currentRun = useRef(0);

  useEffect(
    () => () => {
      currentRun.current += 1;
    },
    [],
  );

  const calculate = useCallback(
    async (input: BirthInput) => {
      currentRun.current += 1;
      const run = currentRun.current;
      setState({ status: 'loading', input });
      const minimum = wait(minLoadingMs);
      try {
        const result = await calculateBazi(input);
        await minimum;
        if (run === currentRun.current) setState({ status: 'done', input, result });
      } catch (error) {
        if (run !== currentRun.current) return;
        const options = dstOptionsOf(error);
        if (options) {
          setState({ status: 'choosing', input, options });
          return;
        }
        setState({ status: 'idle' });
        toast({
          variant: 'destructive',
          title: 'エラー',
          description: errorMessageFor(error, CALCULATION_FAILED_MESSAGE),
        });
      }
    },
    [minLoadingMs],
  );

  const reset = useCallback(() => {
    currentRun.current += 1;
    setState({ status: 'idle' });
  }, []);

  return { state, calculate, reset };
}
