import { useCallback } from 'react';

import { toast } from '@/components/ui/toast/toast-store';
import { useUpdateVisitorConsent, type VisitorConsentChange } from '@/features/analytics/api/visitor-consent';
import { errorMessageFor } from '@/lib/api-client';

/**
 * Sends a visitor's answer (PUT /api/analytics/consent). Resolves to whether it was recorded; a failure (503
 * ANALYTICS_UNAVAILABLE when a withdrawal could not be passed on) is said in a toast.
 */
export function useAnswerVisitorConsent() {
  const { answer, isMutating } = useUpdateVisitorConsent();

  const send = useCallback(
    async (change: VisitorConsentChange): Promise<boolean> => {
      try {
        await answer(change);
        return true;
      } catch (failure) {
        toast({
          variant: 'destructive',
          title: 'エラー',
          description: errorMessageFor(failure, '利用状況の記録の設定を保存できませんでした。しばらくしてからもう一度お試しください。'),
        });
        return false;
      }
    },
    [answer],
  );

  return { send, sending: isMutating };
}
