/**
 * The wire shapes of the gateway's chat routes (docs/api/chat.md), read off its OpenAPI document by
 * operation, so they follow the gateway whatever its schemas are named.
 */
import type { ApiAnswer, ApiBody, ApiSchema } from '@/types/api';

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

/**
 * The `data` of each event of the answer's `text/event-stream`, by its `event:` name: `accepted` first,
 * then `delta`s, then `done` or `failed`.
 */
export type AcceptedEvent = ApiSchema<'ChatAccepted'>;
export type DeltaEvent = ApiSchema<'ChatDelta'>;
export type DoneEvent = ApiSchema<'ChatDone'>;
/** No reply could be written: why (REPLY_FAILED, REPLY_TIMEOUT, in Japanese too), and the refund. */
export type FailedEvent = ApiSchema<'ChatFailed'>;
