import useSWRMutation from 'swr/mutation';

import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

export type FortuneRatingValue = 'positive' | 'negative';

/** Which reading a rating is about (spec §5 fortune feedback). Home rates only `daily`. */
export type FortuneType = 'daily' | 'chat' | 'life' | 'yearly' | 'dos' | 'donts' | 'bazi';

export type RateFortuneInput = {
  fortuneType: FortuneType;
  fortuneContentHash: string;
  rating: FortuneRatingValue;
};

export type FortuneFeedbackInput = {
  fortuneContentHash: string;
  feedbackText: string;
  fortuneType?: FortuneType;
};

/** The stored rating (docs/api/readings.md "Rating"). */
export type FortuneRating = {
  id: string;
  fortuneType: FortuneType;
  fortuneContentHash: string;
  rating: FortuneRatingValue;
  feedbackText: string | null;
  createdAt: string;
  updatedAt: string;
};

/** POST /api/fortunes/rate: a second rating of the same reading replaces the first. */
export function rateFortune(input: RateFortuneInput): Promise<FortuneRating> {
  return api.post<FortuneRating>(apiPaths.fortune.rate, input);
}

/** PATCH /api/fortunes/rate: adds the feedback text to an existing rating. */
export function sendFortuneFeedback(input: FortuneFeedbackInput): Promise<FortuneRating> {
  return api.patch<FortuneRating>(apiPaths.fortune.rate, input);
}

/** Through swr's mutation hook, so a 401 here ends the session like any other data call (app provider). */
export function useRateFortune() {
  return useSWRMutation(apiPaths.fortune.rate, (_key: string, { arg }: { arg: RateFortuneInput }) => rateFortune(arg));
}

export function useSendFortuneFeedback() {
  return useSWRMutation(apiPaths.fortune.rate, (_key: string, { arg }: { arg: FortuneFeedbackInput }) =>
    sendFortuneFeedback(arg),
  );
}
