import useSWRInfinite from 'swr/infinite';

import { CHAT_PAGE_SIZE } from '@/config/constants';
import { apiPaths } from '@/config/paths';
import type { ChatMessage, ChatPage } from '@/features/chat/api/types';
import { api } from '@/lib/api-client';

/** The key of the history's page `index`, after `previous` (null: no older page). */
export function chatPageKey(index: number, previous: ChatPage | null): string | null {
  if (index === 0) return apiPaths.chat.page(null, CHAT_PAGE_SIZE);
  return previous?.nextBefore ? apiPaths.chat.page(previous.nextBefore, CHAT_PAGE_SIZE) : null;
}

/** GET /api/chat/messages: one page of the caller's messages, newest first. */
export function getChatPage(key: string): Promise<ChatPage> {
  return api.get<'/api/chat/messages'>(key as ReturnType<typeof apiPaths.chat.page>);
}

/**
 * The conversation so far, oldest first as a chat reads, a page at a time ("もっと見る" reads older ones).
 * `addMessage` puts a message the screen has just finished (or replaces the stored one with the same id)
 * into the newest page without reading the history again.
 */
export function useChatHistory() {
  const result = useSWRInfinite<ChatPage>(chatPageKey, getChatPage, { revalidateFirstPage: false });
  const pages = result.data ?? [];
  const newestFirst: ChatMessage[] = pages.flatMap((page) => page.messages);
  const seen = new Set<string>();
  const messages = newestFirst.filter((message) => !seen.has(message.id) && seen.add(message.id)).reverse();
  const last = pages[pages.length - 1];

  const addMessage = (message: ChatMessage) =>
    void result.mutate(
      (current) => {
        const pages = (current ?? []).map((page) => ({
          ...page,
          messages: page.messages.filter((stored) => stored.id !== message.id),
        }));
        const [first, ...rest] = pages;
        return first ? [{ ...first, messages: [message, ...first.messages] }, ...rest] : [{ messages: [message], nextBefore: null }];
      },
      { revalidate: false },
    );

  return {
    ...result,
    messages,
    addMessage,
    hasMore: last !== undefined && last.nextBefore !== null,
    loadingMore: result.size > 0 && result.data !== undefined && result.data[result.size - 1] === undefined,
  };
}
