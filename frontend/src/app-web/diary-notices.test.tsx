import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';

import { AppRoutes } from '@/app-web/router';
import { apiPaths } from '@/config/paths';
import { apiError, mockSession } from '@/testing/mocks/accounts';
import { sampleUser } from '@/testing/mocks/data';
import { entryId, mockDiary, sampleEntry, sampleMention } from '@/testing/mocks/diary';
import { server } from '@/testing/mocks/server';
import { members, mockSocial } from '@/testing/mocks/social';
import { renderApp } from '@/testing/test-utils';

/** How often each notice list was read. */
function countReads() {
  const reads = { mentions: 0, letters: 0 };
  server.events.on('request:start', ({ request }) => {
    const path = new URL(request.url).pathname;
    if (request.method !== 'GET') return;
    if (path === apiPaths.mentions.notifications) reads.mentions += 1;
    if (path === apiPaths.diary.letters) reads.letters += 1;
  });
  return reads;
}

function renderShell(diary: Parameters<typeof mockDiary>[0], route = '/diary') {
  mockSession(sampleUser);
  mockSocial();
  const state = mockDiary(diary);
  const reads = countReads();
  return { state, reads, ...renderApp(<AppRoutes />, { route }) };
}

/** The window gets the focus again, as when the person comes back to the tab. */
function focusWindow() {
  act(() => {
    window.dispatchEvent(new Event('focus'));
  });
}

const mentionDialog = () => screen.findByRole('dialog', { name: 'メンションされました' });

afterEach(() => server.events.removeAllListeners());

describe('the mention dialog (app shell)', () => {
  it('opens for the first unseen mention: the mentioner, the day and the text with its mentions highlighted', async () => {
    const text = '@hanako と @shiro と @nobody とカフェへ';
    renderShell({
      // The entry names the friends its handles reached; @nobody is no friend of taro's.
      entries: [sampleEntry({ id: entryId(1), author: members.taro, content: text, mentions: [members.me, members.shiro] })],
      mentions: [sampleMention(1, members.taro, text, '2026-11-20'), sampleMention(2, members.jiro, '二つ目')],
    });

    const dialog = await mentionDialog();
    expect(within(dialog).getByTestId('mentioner')).toHaveTextContent('taro');
    expect(dialog).toHaveTextContent('2026年11月20日の日記');
    expect(within(dialog).getByTestId('mention-content')).toHaveTextContent(text);
    await waitFor(() =>
      expect(within(dialog).getAllByTestId('mention').map((m) => m.textContent)).toEqual(['@hanako', '@shiro']),
    );
    expect(within(dialog).getByRole('button', { name: '確認しました' })).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent('二つ目');
  });

  it("highlights the member's own handle when the entry cannot be read", async () => {
    renderShell({ mentions: [sampleMention(1, members.taro, '@hanako と @shiro')] });

    const dialog = await mentionDialog();
    expect(within(dialog).getAllByTestId('mention').map((m) => m.textContent)).toEqual(['@hanako']);
  });

  it('marks it shown on 確認しました, reads the list again and shows the next, then none', async () => {
    const { user, state, reads } = renderShell({
      mentions: [sampleMention(1, members.taro, '一つ目'), sampleMention(2, members.jiro, '二つ目')],
    });

    await user.click(within(await mentionDialog()).getByRole('button', { name: '確認しました' }));
    await waitFor(() => expect(screen.getByTestId('mention-content')).toHaveTextContent('二つ目'));
    expect(within(await mentionDialog()).getByTestId('mentioner')).toHaveTextContent('jiro');
    expect(state.shownMentions).toEqual([sampleMention(1, members.taro, '').id]);
    expect(reads.mentions).toBe(2);

    await user.click(within(await mentionDialog()).getByRole('button', { name: '確認しました' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'メンションされました' })).not.toBeInTheDocument());
    expect(state.shownMentions).toHaveLength(2);
    expect(reads.mentions).toBe(3);
  });

  it('closes anyway when marking fails, and does not come back in this visit', async () => {
    const { user, reads } = renderShell({ mentions: [sampleMention(1, members.taro, '消えない')] });
    server.use(http.post('/api/mentions/:id/mark-shown', () => apiError(503, 'SOCIAL_UNAVAILABLE', 'しばらくしてからお試しください')));

    await user.click(within(await mentionDialog()).getByRole('button', { name: '確認しました' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'メンションされました' })).not.toBeInTheDocument());
    await waitFor(() => expect(reads.mentions).toBe(2));
    expect(screen.queryByRole('dialog', { name: 'メンションされました' })).not.toBeInTheDocument();
  });

  it('reads the mentions again when the window gets the focus, and at no other time', async () => {
    const { state, reads, user } = renderShell({ mentions: [] });
    await screen.findByRole('textbox', { name: '今日のできごと' });
    await waitFor(() => expect(reads.mentions).toBe(1));

    // Moving between screens of the app asks nothing.
    await user.click(screen.getByRole('link', { name: '友だち' }));
    await screen.findByRole('heading', { level: 1, name: 'フレンド' });
    expect(reads.mentions).toBe(1);

    state.mentions = [sampleMention(3, members.taro, 'フォーカスで届いた')];
    focusWindow();

    expect(within(await mentionDialog()).getByTestId('mention-content')).toHaveTextContent('フォーカスで届いた');
    expect(reads.mentions).toBe(2);
    expect(reads.letters).toBe(1);
  });
});

describe('the letter from the past (app shell)', () => {
  const letter = sampleEntry({
    id: entryId(7),
    date: '2026-11-22',
    content: '一年前のわたしより @taro',
    publishToFuture: true,
    deliveryDate: '2026-11-22',
    authoredDate: '2025-11-22',
    delivered: true,
    emailSent: true,
    mentions: [members.taro],
  });

  it('shows a delivered letter once, with the day it was written, and marks it shown', async () => {
    const { user, state, reads } = renderShell({ letters: [letter] });

    const dialog = await screen.findByRole('dialog', { name: '過去のあなたから手紙が届きました' });
    expect(dialog).toHaveTextContent('2025年11月22日に書いた手紙');
    expect(within(dialog).getByTestId('letter-content')).toHaveTextContent('一年前のわたしより @taro');
    await user.click(within(dialog).getByRole('button', { name: '受け取りました' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: '過去のあなたから手紙が届きました' })).not.toBeInTheDocument());
    expect(state.shownLetters).toEqual([letter.id]);
    expect(reads.letters).toBe(2);
    // Only mentions are read on focus.
    focusWindow();
    await waitFor(() => expect(reads.mentions).toBe(2));
    expect(reads.letters).toBe(2);
  });

  it('waits until the mentions are acknowledged', async () => {
    const { user } = renderShell({ letters: [letter], mentions: [sampleMention(1, members.taro, '先にこちら')] });

    await user.click(within(await mentionDialog()).getByRole('button', { name: '確認しました' }));
    expect(await screen.findByRole('dialog', { name: '過去のあなたから手紙が届きました' })).toBeInTheDocument();
  });
});
