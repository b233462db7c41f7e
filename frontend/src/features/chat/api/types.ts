/**
 * The wire shapes of the gateway's chat routes (docs/api/chat.md), read off its OpenAPI document by
 * operation, so they follow the gateway whatever its schemas are named.
 */
import type { ApiAnswer, ApiBody } from '@/types/api';

/** GET /api/chat/status: what a message costs, the longest message and the caller's balance. */
export type ChatStatus = ApiAnswer<'get', '/api/chat/status'>;
/** GET /api/chat/messages: a page of the caller's messages, newest first, and the cursor of the next. */
export type ChatPage = ApiAnswer<'get', '/api/chat/messages'>;
/** One message with the mascot's reply (pending while it is written, refunded when none could be made). */
export type ChatMessage = ApiAnswer<'get', '/api/chat/messages/{id}'>;
export type ChatResponsePart = ChatMessage['responseMessages'][number];
export type CompatibilityPart = Extract<ChatResponsePart, { type: 'compatibility' }>;
export type CompatibilityFactor = CompatibilityPart['factors'][number];

/** POST /api/chat/messages: the message, its client-made id and, for a compatibility question, the other person. */
export type SendChatBody = ApiBody<'post', '/api/chat/messages'>;
export type CompatibilityTarget = NonNullable<SendChatBody['compatibility']>;
export type Gender = CompatibilityTarget['gender'];

/** The events of the answer's `text/event-stream`, by name. */
export type AcceptedEvent = { messageId: string; creditsUsed: number; balance: number; replayed: boolean };
export type DeltaEvent = { text: string };
export type DoneEvent = { message: ChatMessage; balance: number };
export type FailedEvent = {
  /** REPLY_FAILED or REPLY_TIMEOUT. */
  code: string;
  /** What to tell the person (Japanese). */
  message: string;
  refunded: boolean;
  balance: number;
  /** The stored message as it ended (status refunded); absent when the gateway could not read it. */
  chatMessage?: ChatMessage | null;
};
