import { useCallback } from 'react';

import { CHAT_PENDING_POLL_MS } from '@/config/constants';
import { getChatMessage } from '@/features/chat/api/get-chat-message';
import type { ChatMessage } from '@/features/chat/api/types';
import { usePollWhile } from '@/lib/use-poll-while';

/**
 * Replies the history shows as still being written that this screen is not streaming (sent from another
 * tab, or before a reload): each is read again every few seconds until it is completed or refunded, and
 * handed to `onChanged`.
 */
export function usePendingReplies(
  messages: readonly ChatMessage[],
  onChanged: (message: ChatMessage) => void,
  streamingId: string | null,
): void {
  const pendingIds = messages
    .filter((message) => message.status === 'pending' && message.id !== streamingId)
    .map((message) => message.id)
    .join(',');

  const refresh = useCallback(async () => {
    const ids = pendingIds === '' ? [] : pendingIds.split(',');
    const fresh = await Promise.all(ids.map((id) => getChatMessage(id).catch(() => null)));
    for (const message of fresh) {
      if (message && message.status !== 'pending') onChanged(message);
    }
  }, [pendingIds, onChanged]);

  usePollWhile(pendingIds !== '', refresh, CHAT_PENDING_POLL_MS);
}
