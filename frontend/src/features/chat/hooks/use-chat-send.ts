import { useCallback, useEffect, useRef, useState } from 'react';

import { useSendChatMessage } from '@/features/chat/api/send-chat-message';
import type { ChatMessage, CompatibilityTarget } from '@/features/chat/api/types';
import { timezoneOffset } from '@/features/chat/utils/message';
import { isApiError } from '@/lib/api-client';

/** One intended message: its id is made once and kept for every retry of it. */
export type Attempt = { messageId: string; message: string; compatibility?: CompatibilityTarget };

/**
 * Why a send did not end with a reply:
 * - `refunded`: the reply could not be made; the credit came back. Sending again is a new message.
 * - `no-credits`: refused before anything was charged; the shop link is shown. Retrying reuses the id.
 * - `invalid`: refused for what was sent (empty, too long, a bad compatibility target); the text goes back
 *   into the composer to be changed, so there is nothing to retry.
 * - `interrupted`: refused for a passing reason (rate limit, service down) or the connection dropped; the
 *   server may already hold the message, so a retry reuses the id and is never charged twice.
 */
export type Failure =
  | { kind: 'refunded'; message: string }
  | { kind: 'no-credits'; message: string }
  | { kind: 'invalid'; message: string }
  | { kind: 'interrupted'; message: string };

export type SendState =
  | { phase: 'idle' }
  | { phase: 'sending'; attempt: Attempt; reply: string }
  | { phase: 'failed'; attempt: Attempt; failure: Failure };

/** The gateway's codes of a refusal for what was sent (docs/api/chat.md): retrying the same can never work. */
const INVALID_CODES = new Set(['MESSAGE_EMPTY', 'MESSAGE_TOO_LONG', 'INVALID_COMPATIBILITY_TARGET', 'INVALID_MESSAGE_ID', 'MESSAGE_ID_TAKEN']);

export const NO_CREDITS_MESSAGE = 'クレジットが足りません';
const INTERRUPTED_MESSAGE = '通信が途切れました。もう一度お試しください';
const UNAVAILABLE_MESSAGE = 'チャットは現在ご利用いただけません。しばらくしてからお試しください';

function failureOf(error: unknown): Failure {
  if (!isApiError(error)) return { kind: 'interrupted', message: INTERRUPTED_MESSAGE };
  const message = error.serverMessage ?? UNAVAILABLE_MESSAGE;
  if (error.code === 'INSUFFICIENT_CREDITS') return { kind: 'no-credits', message: error.serverMessage ?? NO_CREDITS_MESSAGE };
  if (error.code !== undefined && INVALID_CODES.has(error.code)) return { kind: 'invalid', message };
  return { kind: 'interrupted', message };
}

type UseChatSendOptions = {
  /** A message the server finished (completed, or refunded after a failure): into the history. */
  onStored: (message: ChatMessage) => void;
  /** A refusal for what was sent: the text to put back into the composer. */
  onInvalid: (attempt: Attempt) => void;
  /** The balance after the send, as the stream tells it. */
  onBalance: (balance: number) => void;
};

/**
 * Sending one message at a time and following its streamed reply. `send` makes a new message id
 * (crypto.randomUUID); `retry` sends the failed attempt again with the same id, so a double click, a
 * retried request or a reconnect is charged once. Leaving the screen stops reading the stream; the
 * server finishes and stores the reply anyway.
 */
export function useChatSend({ onStored, onInvalid, onBalance }: UseChatSendOptions) {
  const [state, setState] = useState<SendState>({ phase: 'idle' });
  const { trigger } = useSendChatMessage();
  const busy = useRef(false);
  const controller = useRef<AbortController | null>(null);
  const options = useRef({ onStored, onInvalid, onBalance });
  useEffect(() => {
    options.current = { onStored, onInvalid, onBalance };
  }, [onStored, onInvalid, onBalance]);

  useEffect(
    () => () => {
      controller.current?.abort();
    },
    [],
  );

  const run = useCallback(async (attempt: Attempt) => {
    if (busy.current) return;
    busy.current = true;
    const abort = new AbortController();
    controller.current = abort;
    setState({ phase: 'sending', attempt, reply: '' });
    let settled = false;
    try {
      const end = await trigger({
        body: {
          messageId: attempt.messageId,
          message: attempt.message,
          timezoneOffset: timezoneOffset(),
          ...(attempt.compatibility ? { compatibility: attempt.compatibility } : {}),
        },
        handlers: {
          onAccepted: ({ balance }) => {
            options.current.onBalance(balance);
            // A replay starts again from the reply so far.
            setState({ phase: 'sending', attempt, reply: '' });
          },
          onDelta: ({ text }) =>
            setState((current) => (current.phase === 'sending' ? { ...current, reply: current.reply + text } : current)),
          onDone: ({ message, balance }) => {
            settled = true;
            options.current.onBalance(balance);
            options.current.onStored(message);
            setState({ phase: 'idle' });
          },
          onFailed: ({ message, refunded, balance, chatMessage }) => {
            settled = true;
            options.current.onBalance(balance);
            options.current.onStored(chatMessage);
            setState({
              phase: 'failed',
              attempt,
              failure: refunded ? { kind: 'refunded', message } : { kind: 'interrupted', message },
            });
          },
        },
        signal: abort.signal,
      });
      if (end === 'cut' && !settled) {
        setState({ phase: 'failed', attempt, failure: { kind: 'interrupted', message: INTERRUPTED_MESSAGE } });
      }
    } catch (error) {
      if (abort.signal.aborted) return;
      const failure = failureOf(error);
      if (failure.kind === 'invalid') options.current.onInvalid(attempt);
      setState({ phase: 'failed', attempt, failure });
    } finally {
      busy.current = false;
      if (controller.current === abort) controller.current = null;
    }
  }, [trigger]);

  /** Sends a new message (a new id). Ignored while another is being sent. */
  const send = useCallback(
    (message: string, compatibility?: CompatibilityTarget) =>
      run({ messageId: crypto.randomUUID(), message, ...(compatibility ? { compatibility } : {}) }),
    [run],
  );

  /**
   * Tries the failed message again: with the same id after a refusal or a dropped connection (never a
   * second charge); as a new message after a refunded failure, whose id is spent.
   */
  const retry = useCallback(() => {
    if (state.phase !== 'failed') return Promise.resolve();
    const { attempt, failure } = state;
    return run(failure.kind === 'refunded' ? { ...attempt, messageId: crypto.randomUUID() } : attempt);
  }, [run, state]);

  const dismiss = useCallback(() => setState((current) => (current.phase === 'failed' ? { phase: 'idle' } : current)), []);

  return { state, send, retry, dismiss };
}
