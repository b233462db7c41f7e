import useSWRMutation from 'swr/mutation';

import { apiPaths } from '@/config/paths';
import type { AcceptedEvent, DeltaEvent, DoneEvent, FailedEvent, SendChatBody } from '@/features/chat/api/types';
import { readSse } from '@/features/chat/utils/sse';
import { apiUrl, errorFromResponse } from '@/lib/api-client';

export type ChatStreamHandlers = {
  onAccepted: (event: AcceptedEvent) => void;
  onDelta: (event: DeltaEvent) => void;
  onDone: (event: DoneEvent) => void;
  onFailed: (event: FailedEvent) => void;
};

/** How the stream ended: with `done` or `failed` (`finished`), or before either arrived (`cut`). */
export type StreamEnd = 'finished' | 'cut';

/**
 * POST /api/chat/messages and read its `text/event-stream` answer (`accepted`, `delta`…, then `done` or
 * `failed`). Sent with fetch, not EventSource, which cannot POST. A refusal before the stream (no
 * credits, too long, rate limited …) rejects with an `ApiError`; a dropped connection with the fetch's
 * error. Sending the same `messageId` again attaches to that message — its reply so far, then the rest —
 * and is never charged twice, so a retry after any failure here reuses it.
 */
export async function sendChatMessage(
  body: SendChatBody,
  handlers: ChatStreamHandlers,
  signal?: AbortSignal,
): Promise<StreamEnd> {
  const response = await fetch(apiUrl(apiPaths.chat.messages), {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'text/event-stream', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok) throw await errorFromResponse(response);
  if (!response.body) return 'cut';

  let end: StreamEnd = 'cut';
  await readSse(response.body, ({ event, data }) => {
    if (end === 'finished') return;
    switch (event) {
      case 'accepted':
        handlers.onAccepted(JSON.parse(data) as AcceptedEvent);
        break;
      case 'delta':
        handlers.onDelta(JSON.parse(data) as DeltaEvent);
        break;
      case 'done':
        end = 'finished';
        handlers.onDone(JSON.parse(data) as DoneEvent);
        break;
      case 'failed':
        end = 'finished';
        handlers.onFailed(JSON.parse(data) as FailedEvent);
        break;
      default:
      // An event this screen does not know yet: nothing to show.
    }
  });
  return end;
}

type SendArgs = { body: SendChatBody; handlers: ChatStreamHandlers; signal?: AbortSignal };

/**
 * `sendChatMessage` through swr's mutation hook, so a 401 here ends the session like any other data call
 * (the app provider's handler); the trigger still rejects for the caller.
 */
export function useSendChatMessage() {
  return useSWRMutation(apiPaths.chat.messages, (_key: string, { arg }: { arg: SendArgs }) =>
    sendChatMessage(arg.body, arg.handlers, arg.signal),
  );
}
