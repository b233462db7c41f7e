import { useCallback } from 'react';
import useSWR from 'swr';

import { apiPaths } from '@/config/paths';
import type { ChatStatus } from '@/features/chat/api/types';
import { api } from '@/lib/api-client';

export const chatStatusKey = apiPaths.chat.status;

/** GET /api/chat/status: the cost of a message, the longest message and the caller's credit balance. */
export function getChatStatus(): Promise<ChatStatus> {
  return api.get(apiPaths.chat.status);
}

/**
 * The chat's settings and the caller's balance. Every send answers with the balance after it, and
 * `setBalance` shows that without asking again.
 */
export function useChatStatus() {
  const result = useSWR<ChatStatus>(chatStatusKey, getChatStatus);
  const { mutate } = result;
  const setBalance = useCallback(
    (balance: number) => void mutate((status) => (status ? { ...status, balance } : status), { revalidate: false }),
    [mutate],
  );
  return { ...result, setBalance };
}
