import { http, HttpResponse } from 'msw';

import { apiPaths } from '@/config/paths';
import type {
  AcceptedEvent,
  ChatMessage,
  ChatPage,
  ChatStatus,
  CompatibilityPart,
  DeltaEvent,
  DoneEvent,
  FailedEvent,
  SendChatBody,
} from '@/features/chat/api/types';
import { apiError } from '@/testing/mocks/accounts';
import { server } from '@/testing/mocks/server';

/** How the mocked service answers the next new message. */
export type ReplyPlan =
  /** The reply streams in `chunks` (joined: the response), then `done`; `compatibility` adds a card. */
  | { kind: 'reply'; chunks: string[]; compatibility?: Omit<CompatibilityPart, 'type'> }
  /** Some text streams, then the reply fails and the credit comes back (`failed`, REPLY_FAILED). */
  | { kind: 'fail'; chunks: string[] }
  /** The connection drops after `accepted` and these chunks: no `done`, no `failed`. */
  | { kind: 'cut'; chunks: string[] }
  /** A refusal before the stream, as the gateway sends it. */
  | { kind: 'refuse'; status: number; code: string; message: string };

export const chatId = (n: number) => `0193d1a2-7c1e-7000-a000-${String(n).padStart(12, '0')}`;
const hashOf = (id: string) => `hash-${id}`;

/** A stored message; override any field. */
export function sampleChatMessage(fields: Partial<ChatMessage> & Pick<ChatMessage, 'id'>): ChatMessage {
  return {
    message: '今日の運勢を教えて',
    response: 'ボクが見るところ、今日は人との縁が運を運んでくれる日ですよ。',
    responseMessages: [{ type: 'text', text: 'ボクが見るところ、今日は人との縁が運を運んでくれる日ですよ。' }],
    creditsUsed: 1,
    status: 'completed',
    refunded: false,
    createdAt: '2026-11-22T03:00:00Z',
    completedAt: '2026-11-22T03:00:02Z',
    contentHash: hashOf(fields.id),
    ...fields,
  };
}

export const sampleCompatibility: Omit<CompatibilityPart, 'type'> = {
  requestId: '0193d1a2-7c1e-7000-b000-000000000001',
  score: 82,
  summary: '互いの足りない五行を補い合う、支え合える組み合わせです。',
  factors: [
    { key: 'elements', label: '五行のバランス', score: 88, detail: 'あなたの弱い水を相手が補います。' },
    { key: 'day_branch', label: '日支の関係', score: 70, detail: '日支が支合し、落ち着いた関係を築けます。' },
  ],
  target: { birthDate: '1992-08-10', birthTime: null, birthLocation: null, gender: 'male', label: '彼' },
};

type Chat = {
  balance: number;
  creditsPerMessage: number;
  maxMessageLength: number;
  /** Stored messages, newest first. */
  messages: ChatMessage[];
  /** How the next new messages are answered, in order; a plain reply when empty. */
  plans: ReplyPlan[];
  /** Every POST body, in order (replays included). */
  sent: SendChatBody[];
  /** How many credits were spent (refunds taken off). */
  charged: number;
};

/** Splits `text` into a stream's byte chunks at awkward places: inside lines and inside characters. */
function awkwardChunks(text: string): Uint8Array[] {
  const bytes = new TextEncoder().encode(text);
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += 7) chunks.push(bytes.slice(at, at + 7));
  return chunks;
}

type Events = { accepted: AcceptedEvent; delta: DeltaEvent; done: DoneEvent; failed: FailedEvent };

/** One event as the gateway frames it, its data typed by the gateway's document. */
const frame = <Name extends keyof Events>(event: Name, data: Events[Name]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

function eventStream(text: string): HttpResponse<ReadableStream> {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of awkwardChunks(text)) controller.enqueue(chunk);
      controller.close();
    },
  });
  return new HttpResponse(stream, { headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' } });
}

/** No conversation yet and 3 credits: what every signed-in screen test meets at /chat unless it mocks more. */
export const chatHandlers = [
  http.get(apiPaths.chat.status, () => HttpResponse.json<ChatStatus>({ balance: 3, creditsPerMessage: 1, maxMessageLength: 500 })),
  http.get(apiPaths.chat.messages, () => HttpResponse.json<ChatPage>({ messages: [], nextBefore: null })),
];

/**
 * The gateway's chat routes over an in-memory conversation with the contract's rules (docs/api/chat.md):
 * a message costs `creditsPerMessage` and is refused with INSUFFICIENT_CREDITS when the balance is short;
 * an id already used answers its stored message again (`replayed`, no charge); a failed reply is refunded;
 * the history is read newest first with `before`. Returns the state for the test to set and read.
 */
export function mockChat(initial: Partial<Chat> = {}): Chat {
  const chat: Chat = { balance: 3, creditsPerMessage: 1, maxMessageLength: 500, messages: [], plans: [], sent: [], charged: 0, ...initial };

  server.use(
    http.get(apiPaths.chat.status, () =>
      HttpResponse.json<ChatStatus>({
        balance: chat.balance,
        creditsPerMessage: chat.creditsPerMessage,
        maxMessageLength: chat.maxMessageLength,
      }),
    ),
    http.get(apiPaths.chat.messages, ({ request }) => {
      const query = new URL(request.url).searchParams;
      const limit = Number(query.get('limit') ?? '20');
      const before = query.get('before');
      const start = before === null ? 0 : chat.messages.findIndex((message) => message.id === before) + 1;
      const messages = chat.messages.slice(start, start + limit);
      const more = start + limit < chat.messages.length;
      return HttpResponse.json<ChatPage>({ messages, nextBefore: more ? (messages[messages.length - 1]?.id ?? null) : null });
    }),
    http.get('/api/chat/messages/:id', ({ params }) => {
      const message = chat.messages.find((stored) => stored.id === params.id);
      return message ? HttpResponse.json(message) : apiError(404, 'MESSAGE_NOT_FOUND', 'メッセージが見つかりません');
    }),
    http.post<never, SendChatBody>(apiPaths.chat.messages, async ({ request }) => {
      const body = await request.json();
      chat.sent.push(body);
      const text = body.message.trim();
      if (text === '') return apiError(400, 'MESSAGE_EMPTY', 'メッセージを入力してください');
      if ([...text].length > chat.maxMessageLength) {
        return apiError(400, 'MESSAGE_TOO_LONG', `メッセージは${chat.maxMessageLength}文字以内で入力してください`);
      }

      const stored = chat.messages.find((message) => message.id === body.messageId);
      if (stored) {
        const accepted = frame('accepted', { messageId: stored.id, creditsUsed: stored.creditsUsed, balance: chat.balance, replayed: true });
        if (stored.status === 'refunded') {
          return eventStream(
            accepted +
              frame('failed', {
                code: 'REPLY_FAILED',
                message: '返信を作れませんでした。使ったクレジットはお返ししました',
                refunded: true,
                balance: chat.balance,
                chatMessage: stored,
              }),
          );
        }
        // A reply still being written when the connection dropped: the service finishes it meanwhile.
        const finished: ChatMessage =
          stored.status === 'pending'
            ? { ...stored, status: 'completed', responseMessages: [{ type: 'text', text: stored.response }], completedAt: stored.createdAt }
            : stored;
        chat.messages = chat.messages.map((message) => (message.id === finished.id ? finished : message));
        return eventStream(accepted + frame('delta', { text: finished.response }) + frame('done', { message: finished, balance: chat.balance }));
      }

      const plan = chat.plans.shift() ?? { kind: 'reply', chunks: ['ボクの', '見立てでは', '、いい日になりますよ。'] };
      if (plan.kind === 'refuse') return apiError(plan.status, plan.code, plan.message);
      if (chat.balance < chat.creditsPerMessage) return apiError(409, 'INSUFFICIENT_CREDITS', 'クレジットが足りません');

      chat.balance -= chat.creditsPerMessage;
      chat.charged += chat.creditsPerMessage;
      const base = sampleChatMessage({ id: body.messageId, message: text, creditsUsed: chat.creditsPerMessage });
      let out = frame('accepted', { messageId: base.id, creditsUsed: base.creditsUsed, balance: chat.balance, replayed: false });
      out += plan.chunks.map((chunk) => frame('delta', { text: chunk })).join(': keep-alive\n\n');

      if (plan.kind === 'cut') {
        chat.messages.unshift({ ...base, status: 'pending', response: plan.chunks.join(''), responseMessages: [], completedAt: null });
        return eventStream(out);
      }
      if (plan.kind === 'fail') {
        chat.balance += chat.creditsPerMessage;
        chat.charged -= chat.creditsPerMessage;
        const refunded: ChatMessage = { ...base, status: 'refunded', refunded: true, creditsUsed: 0, response: '', responseMessages: [], completedAt: null };
        chat.messages.unshift(refunded);
        return eventStream(
          out +
            frame('failed', {
              code: 'REPLY_FAILED',
              message: '返信を作れませんでした。使ったクレジットはお返ししました',
              refunded: true,
              balance: chat.balance,
              chatMessage: refunded,
            }),
        );
      }
      const response = plan.chunks.join('');
      const done: ChatMessage = {
        ...base,
        response,
        responseMessages: [
          ...(plan.compatibility ? [{ type: 'compatibility' as const, ...plan.compatibility }] : []),
          { type: 'text', text: response },
        ],
      };
      chat.messages.unshift(done);
      return eventStream(out + frame('done', { message: done, balance: chat.balance }));
    }),
  );
  return chat;
}
