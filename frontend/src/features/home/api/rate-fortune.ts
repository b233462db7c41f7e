import useSWRMutation from 'swr/mutation';

import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import type { ApiSchema } from '@/types/api';

export type FortuneRatingValue = ApiSchema<'RatingValue'>;

/** Which reading a rating is about (spec §5 fortune feedback). Home rates only `daily`. */
export type FortuneType = ApiSchema<'FortuneTypeName'>;

/** What home sends: the gateway's `RateBody` without the optional feedback text and context. */
export type RateFortuneInput = Required<Pick<ApiSchema<'RateBody'>, 'fortuneType' | 'fortuneContentHash' | 'rating'>>;

export type FortuneFeedbackInput = Required<Pick<ApiSchema<'FeedbackBody'>, 'fortuneContentHash' | 'feedbackText'>> & {
  fortuneType?: FortuneType;
};

/** The stored rating (docs/api/readings.md "Rating"). */
export type FortuneRating = ApiSchema<'RatingBody'>;

/** POST /api/fortunes/rate: a second rating of the same reading replaces the first. */
export function rateFortune(input: RateFortuneInput): Promise<FortuneRating> {
  return api.post(apiPaths.fortune.rate, input);
}

/** PATCH /api/fortunes/rate: adds the feedback text to an existing rating. */
export function sendFortuneFeedback(input: FortuneFeedbackInput): Promise<FortuneRating> {
  return api.patch(apiPaths.fortune.rate, input);
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
