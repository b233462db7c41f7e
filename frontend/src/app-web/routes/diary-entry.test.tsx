import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { AppRoutes } from '@/app-web/router';
import { mockSession } from '@/testing/mocks/accounts';
import { sampleUser } from '@/testing/mocks/data';
import { entryId, mockDiary, sampleEntry } from '@/testing/mocks/diary';
import { server } from '@/testing/mocks/server';
import { members, mockSocial } from '@/testing/mocks/social';
import { renderApp } from '@/testing/test-utils';

const own = sampleEntry({ id: entryId(1), date: '2026-11-20', content: '自分の日記 @taro', mentions: [members.taro] });
const byTaro = sampleEntry({
  id: entryId(2),
  author: members.taro,
  date: '2026-11-21',
  content: '@hanako とお茶した',
  mentions: [members.me],
});

function renderEntry(id: string) {
  mockSession(sampleUser);
  mockSocial();
  const diary = mockDiary({ entries: [own, byTaro] });
  const requests: string[] = [];
  server.events.on('request:start', ({ request }) => {
    requests.push(`${request.method} ${new URL(request.url).pathname}`);
  });
  return { diary, requests, ...renderApp(<AppRoutes />, { route: `/diary/${id}` }) };
}

afterEach(() => server.events.removeAllListeners());

describe('/diary/{id}', () => {
  it('shows an own entry with its menu', async () => {
    renderEntry(own.id);
    const entry = await screen.findByTestId('diary-entry');
    expect(within(entry).getByRole('heading', { level: 2, name: '2026年11月20日' })).toBeInTheDocument();
    expect(entry).toHaveTextContent('自分の日記 @taro');
    expect(within(entry).getByRole('button', { name: /の日記のメニュー$/ })).toBeInTheDocument();
    expect(entry).not.toHaveTextContent('さんの日記');
  });

  it("shows a friend's entry that mentions the caller, with its author, to read only", async () => {
    renderEntry(byTaro.id);
    const entry = await screen.findByTestId('diary-entry');
    expect(entry).toHaveTextContent('taroさんの日記');
    expect(within(entry).getAllByTestId('mention').map((m) => m.textContent)).toEqual(['@hanako']);
    expect(within(entry).queryByRole('button', { name: /の日記のメニュー$/ })).not.toBeInTheDocument();
  });

  it("says the gateway's not-found message for anything else", async () => {
    renderEntry(entryId(99));
    expect(await screen.findByRole('alert')).toHaveTextContent('日記が見つかりません');
    expect(screen.getByRole('link', { name: '日記へ戻る' })).toHaveAttribute('href', '/diary');
  });

  it('asks nothing for an id that is not one', async () => {
    const { requests } = renderEntry('not-an-id');
    expect(await screen.findByRole('alert')).toHaveTextContent('日記が見つかりません');
    await waitFor(() => expect(requests).toContain('GET /api/mentions/notifications'));
    expect(requests.filter((r) => r.startsWith('GET /api/diary/') && r !== 'GET /api/diary/letters')).toEqual([]);
  });

  it('goes back to the list after deleting an own entry', async () => {
    const { user, diary } = renderEntry(own.id);
    const entry = await screen.findByTestId('diary-entry');
    await user.click(within(entry).getByRole('button', { name: /の日記のメニュー$/ }));
    await user.click(await screen.findByRole('menuitem', { name: '削除する' }));
    const confirm = await screen.findByRole('dialog', { name: 'この日記を削除しますか？' });
    await user.click(within(confirm).getByRole('button', { name: '削除する' }));

    expect(await screen.findByRole('textbox', { name: '今日のできごと' })).toBeInTheDocument();
    expect(diary.entries.map((e) => e.id)).toEqual([byTaro.id]);
  });
});
