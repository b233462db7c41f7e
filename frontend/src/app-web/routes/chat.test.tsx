import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';

import { AppRoutes } from '@/app-web/router';
import { apiPaths } from '@/config/paths';
import type { RateFortuneInput } from '@/features/home/api/rate-fortune';
import { isUuid } from '@/lib/ids';
import { mockSession } from '@/testing/mocks/accounts';
import { chatId, mockChat, sampleChatMessage, sampleCompatibility } from '@/testing/mocks/chat';
import { sampleUser } from '@/testing/mocks/data';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

function renderChat(chat: Parameters<typeof mockChat>[0] = {}) {
  mockSession(sampleUser);
  const state = mockChat(chat);
  return { state, ...renderApp(<AppRoutes />, { route: '/chat' }) };
}

const composer = () => screen.findByRole('textbox', { name: 'メグへのメッセージ' });
const log = () => screen.getByRole('log');
const balance = () => screen.getByTestId('chat-balance');

afterEach(() => server.events.removeAllListeners());

describe('/chat: the conversation', () => {
  it('shows the history oldest first in a polite log, with the balance and what a message costs', async () => {
    renderChat({
      balance: 7,
      messages: [
        sampleChatMessage({ id: chatId(2), message: '恋愛運は？', response: '今月は出会いの多い月です。', responseMessages: [{ type: 'text', text: '今月は出会いの多い月です。' }] }),
        sampleChatMessage({ id: chatId(1), message: 'こんにちは', response: 'こんにちは、メグです。', responseMessages: [{ type: 'text', text: 'こんにちは、メグです。' }] }),
      ],
    });

    expect(await screen.findByText('今月は出会いの多い月です。')).toBeInTheDocument();
    expect(log()).toHaveAttribute('aria-live', 'polite');
    expect(log()).toHaveAccessibleName('チャット');
    const turns = within(log()).getAllByRole('article');
    expect(turns.map((turn) => turn.textContent)).toEqual([
      expect.stringContaining('こんにちは、メグです。'),
      expect.stringContaining('今月は出会いの多い月です。'),
    ]);
    expect(balance()).toHaveTextContent('残り 7 クレジット');
    expect(screen.getByText('1通 1クレジット')).toBeInTheDocument();
    expect(within(turns[0] as HTMLElement).getByRole('button', { name: 'しっくりきた' })).toBeInTheDocument();
  });

  it('greets a member who has not written yet', async () => {
    renderChat();
    expect(await screen.findByText(/こんにちは、ボクはメグです。/)).toBeInTheDocument();
  });

  it('reads older messages with もっと見る and keeps them above', async () => {
    const messages = Array.from({ length: 25 }, (_, i) =>
      sampleChatMessage({ id: chatId(100 - i), message: `質問${25 - i}`, response: `答え${25 - i}`, responseMessages: [{ type: 'text', text: `答え${25 - i}` }] }),
    );
    const { user } = renderChat({ messages });

    expect(await screen.findByText('質問25')).toBeInTheDocument();
    expect(screen.queryByText('質問5')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'もっと見る' }));

    expect(await screen.findByText('質問5')).toBeInTheDocument();
    const turns = within(log()).getAllByRole('article');
    expect(turns).toHaveLength(25);
    expect(turns[0]).toHaveTextContent('質問1');
    expect(turns[24]).toHaveTextContent('質問25');
    expect(screen.queryByRole('button', { name: 'もっと見る' })).not.toBeInTheDocument();
  });

  it('does not read the history again while it is read page by page', async () => {
    const seen: string[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname === apiPaths.chat.messages && request.method === 'GET') seen.push(url.search);
    });
    renderChat();
    await screen.findByText(/こんにちは、ボクはメグです。/);
    expect(seen).toEqual(['?limit=20']);
  });
});

describe('/chat: sending', () => {
  it('sends with Enter, streams the reply in, keeps the focus in the composer and shows the new balance', async () => {
    const { state, user } = renderChat({ plans: [{ kind: 'reply', chunks: ['今日は', '水の気が', '巡る日です。'] }] });
    const box = await composer();

    await user.type(box, '今日の運勢は？{Enter}');

    expect(await within(log()).findByText('今日は水の気が巡る日です。')).toBeInTheDocument();
    expect(within(log()).getByText('今日の運勢は？')).toBeInTheDocument();
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
    expect(balance()).toHaveTextContent('残り 2 クレジット');
    expect(state.sent).toHaveLength(1);
    const [body] = state.sent;
    expect(isUuid(body?.messageId ?? '')).toBe(true);
    expect(body).toMatchObject({ message: '今日の運勢は？', timezoneOffset: new Date().getTimezoneOffset() });
    expect(body?.compatibility).toBeUndefined();
    expect(screen.queryByRole('status', { name: /メグが返信を書いています/ })).not.toBeInTheDocument();
  });

  it('shows the reply as it arrives, with the typing indicator, and the composer waits', async () => {
    const { user } = renderChat();
    let stream!: ReadableStreamDefaultController<Uint8Array>;
    const send = (text: string) => stream.enqueue(new TextEncoder().encode(text));
    server.use(
      http.post(apiPaths.chat.messages, () => {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            stream = controller;
          },
        });
        return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } });
      }),
    );
    const box = await composer();

    await user.type(box, '調子はどう？{Enter}');
    await waitFor(() => expect(stream).toBeDefined());
    send(`event: accepted\ndata: {"messageId":"x","creditsUsed":1,"balance":2,"replayed":false}\n\nevent: delta\ndata: {"text":"いい感じ"}\n\n`);

    expect(await within(log()).findByText('いい感じ')).toBeInTheDocument();
    expect(within(log()).getByRole('status')).toHaveTextContent('メグが返信を書いています');
    expect(screen.getByRole('button', { name: '送信中...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '相性を占う' })).toBeDisabled();
    expect(box).toHaveAttribute('readonly');
    expect(box).toHaveFocus();

    send('event: delta\ndata: {"text":"です！"}\n\n');
    expect(await within(log()).findByText('いい感じです！')).toBeInTheDocument();
    stream.close();
    expect(await within(log()).findByRole('alert')).toHaveTextContent('通信が途切れました。もう一度お試しください');
    expect(within(log()).queryByRole('status')).not.toBeInTheDocument();
  });

  it('starts a new line with Shift+Enter and does not send', async () => {
    const { state, user } = renderChat();
    const box = await composer();

    await user.type(box, '一行目{Shift>}{Enter}{/Shift}二行目');

    expect(box).toHaveValue('一行目\n二行目');
    expect(state.sent).toEqual([]);
  });

  it('does not send on the Enter that confirms an input method conversion', async () => {
    const { state, user } = renderChat();
    const box = await composer();
    await user.type(box, 'きょう');

    box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', isComposing: true, bubbles: true }));

    expect(box).toHaveValue('きょう');
    expect(state.sent).toEqual([]);
  });

  it('counts the characters against the longest message and will not send a longer one', async () => {
    const { user } = renderChat({ maxMessageLength: 10 });
    const box = await composer();
    await screen.findByText('0/10');

    await user.type(box, 'あいうえおかきくけこさ');

    expect(screen.getByText('11/10')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '送信' })).toBeDisabled();
  });

  it('sends nothing more for Enters pressed while the reply is on its way', async () => {
    const { state, user } = renderChat();
    const box = await composer();

    await user.type(box, 'こんにちは{Enter}{Enter}{Enter}');
    await within(log()).findByText('ボクの見立てでは、いい日になりますよ。');

    expect(state.sent).toHaveLength(1);
    expect(state.charged).toBe(1);
  });
});

describe('/chat: when sending does not work', () => {
  it('shows the shop link when the credits run out, and the refusal of the next message charges nothing', async () => {
    const { state, user } = renderChat({ balance: 1 });
    const box = await composer();

    await user.type(box, '一通目{Enter}');
    await within(log()).findByText('ボクの見立てでは、いい日になりますよ。');
    expect(balance()).toHaveTextContent('残り 0 クレジット');
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('クレジットが足りません');
    expect(within(notice).getByRole('link', { name: 'ショップへ' })).toHaveAttribute('href', '/shop');

    await user.type(box, '二通目{Enter}');

    const refusal = await within(log()).findByRole('alert');
    expect(refusal).toHaveTextContent('クレジットが足りません');
    expect(within(refusal).getByRole('link', { name: 'ショップへ' })).toHaveAttribute('href', '/shop');
    expect(within(log()).getByText('二通目')).toBeInTheDocument();
    expect(state.charged).toBe(1);
    expect(state.sent).toHaveLength(2);
  });

  it('says the credit came back when no reply could be made, and sends the text again as a new message', async () => {
    const { state, user } = renderChat({ balance: 3, plans: [{ kind: 'fail', chunks: ['えっと'] }] });
    const box = await composer();

    await user.type(box, '仕事運は？{Enter}');

    const turn = (await within(log()).findByText('返信を作れませんでした。使ったクレジットはお返ししました')).closest('article');
    expect(turn).not.toBeNull();
    expect(within(turn as HTMLElement).getByText('クレジットをお返ししました')).toBeInTheDocument();
    expect(balance()).toHaveTextContent('残り 3 クレジット');
    expect(within(turn as HTMLElement).queryByRole('button', { name: 'しっくりきた' })).not.toBeInTheDocument();

    await user.click(within(turn as HTMLElement).getByRole('button', { name: 'もう一度送る' }));

    expect(await within(log()).findByText('ボクの見立てでは、いい日になりますよ。')).toBeInTheDocument();
    expect(state.sent.map((body) => body.message)).toEqual(['仕事運は？', '仕事運は？']);
    expect(state.sent[1]?.messageId).not.toBe(state.sent[0]?.messageId);
    expect(state.charged).toBe(1);
  });

  it('retries a dropped stream with the same message id, which is charged once', async () => {
    const { state, user } = renderChat({ balance: 3, plans: [{ kind: 'cut', chunks: ['途中まで'] }] });
    const box = await composer();

    await user.type(box, '金運は？{Enter}');
    const failure = await within(log()).findByRole('alert');
    expect(failure).toHaveTextContent('通信が途切れました。もう一度お試しください');
    await user.click(within(failure).getByRole('button', { name: '再送する' }));

    expect(await within(log()).findByText('途中まで')).toBeInTheDocument();
    await waitFor(() => expect(within(log()).getByRole('button', { name: 'しっくりきた' })).toBeInTheDocument());
    expect(state.sent).toHaveLength(2);
    expect(state.sent[1]?.messageId).toBe(state.sent[0]?.messageId);
    expect(state.charged).toBe(1);
    expect(balance()).toHaveTextContent('残り 2 クレジット');
    expect(within(log()).getAllByRole('article')).toHaveLength(1);
  });

  it('retries after the rate limit with the same message id', async () => {
    const { state, user } = renderChat({
      plans: [{ kind: 'refuse', status: 429, code: 'CHAT_RATE_LIMITED', message: '送信が続いています。少し時間をおいてからお試しください' }],
    });
    const box = await composer();

    await user.type(box, 'もう一度{Enter}');
    const failure = await within(log()).findByRole('alert');
    expect(failure).toHaveTextContent('送信が続いています。少し時間をおいてからお試しください');
    await user.click(within(failure).getByRole('button', { name: '再送する' }));

    expect(await within(log()).findByText('ボクの見立てでは、いい日になりますよ。')).toBeInTheDocument();
    expect(state.sent[1]?.messageId).toBe(state.sent[0]?.messageId);
  });

  it('goes to the login when the session has ended', async () => {
    const { user } = renderChat({ plans: [{ kind: 'refuse', status: 401, code: 'UNAUTHENTICATED', message: 'ログインが必要です' }] });
    const box = await composer();

    await user.type(box, 'こんにちは{Enter}');

    expect(await screen.findByRole('heading', { name: 'ログイン' })).toBeInTheDocument();
  });

  it('puts a refused text back into the composer to be changed', async () => {
    const { user } = renderChat({
      plans: [{ kind: 'refuse', status: 400, code: 'MESSAGE_TOO_LONG', message: 'メッセージは500文字以内で入力してください' }],
    });
    const box = await composer();

    await user.type(box, '長すぎる話{Enter}');

    expect(await within(log()).findByRole('alert')).toHaveTextContent('メッセージは500文字以内で入力してください');
    expect(box).toHaveValue('長すぎる話');
    expect(within(log()).queryByRole('button', { name: '再送する' })).not.toBeInTheDocument();
  });

  it('follows a reply that was still being written when the history was read', async () => {
    const pending = sampleChatMessage({ id: chatId(1), message: '今日は？', status: 'pending', response: '', responseMessages: [], completedAt: null });
    const { state } = renderChat({ messages: [pending] });

    expect(await screen.findByText('メグが返信を書いています')).toBeInTheDocument();
    state.messages = [sampleChatMessage({ id: chatId(1), message: '今日は？', response: '書き終わりました。', responseMessages: [{ type: 'text', text: '書き終わりました。' }] })];

    expect(await screen.findByText('書き終わりました。', undefined, { timeout: 6000 })).toBeInTheDocument();
  }, 10_000);
});

describe('/chat: compatibility', () => {
  it('asks for the required fields, then sends the question with the other person and shows the score card', async () => {
    const { state, user } = renderChat({ plans: [{ kind: 'reply', chunks: ['ふたりは支え合える相性です。'], compatibility: sampleCompatibility }] });
    await composer();

    await user.click(screen.getByRole('button', { name: '相性を占う' }));
    const dialog = await screen.findByRole('dialog', { name: '相性を占う' });
    await user.click(within(dialog).getByRole('button', { name: '占う' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('相手の生年月日と性別を選んでください');

    await user.selectOptions(within(dialog).getByRole('combobox', { name: /年/ }), '1992');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /月/ }), '8');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /日/ }), '10');
    await user.click(within(dialog).getByRole('radio', { name: '男性' }));
    await user.type(within(dialog).getByRole('textbox', { name: '呼び方（任意）' }), '彼');
    await user.click(within(dialog).getByRole('button', { name: '占う' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const card = await within(log()).findByRole('region', { name: '相性占いの結果' });
    expect(within(card).getByTestId('chat-compatibility-score')).toHaveTextContent('82 / 100');
    expect(card).toHaveTextContent('互いの足りない五行を補い合う、支え合える組み合わせです。');
    expect(card).toHaveTextContent('五行のバランス');
    expect(card).toHaveTextContent('日支の関係');
    expect(card).toHaveTextContent('彼（1992年8月10日生まれの男性）');
    expect(within(log()).getByText('ふたりは支え合える相性です。')).toBeInTheDocument();
    expect(state.sent[0]).toMatchObject({
      message: '彼との相性を占ってください',
      compatibility: { birthDate: '1992-08-10', gender: 'male', label: '彼' },
    });
    expect(state.sent[0]?.compatibility?.birthTime).toBeUndefined();
  });
});

describe('/chat: rating a reply', () => {
  it('rates a completed reply as a chat reading by its contentHash', async () => {
    const rated: RateFortuneInput[] = [];
    server.use(
      http.post<never, RateFortuneInput>(apiPaths.fortune.rate, async ({ request }) => {
        const body = await request.json();
        rated.push(body);
        return HttpResponse.json({ id: 'rating-1', ...body, feedbackText: null, createdAt: '2026-11-22T01:00:00Z', updatedAt: '2026-11-22T01:00:00Z' });
      }),
    );
    const { user } = renderChat({ messages: [sampleChatMessage({ id: chatId(1) })] });

    await user.click(await screen.findByRole('button', { name: 'しっくりきた' }));

    expect(await screen.findByText('ありがとうございます。評価を受け取りました。')).toBeInTheDocument();
    expect(rated).toEqual([{ fortuneType: 'chat', fortuneContentHash: `hash-${chatId(1)}`, rating: 'positive' }]);
  });
});
