import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';

import { AppRoutes } from '@/app-web/router';
import { apiPaths } from '@/config/paths';
import { loadDraft } from '@/features/diary/utils/draft';
import { formatCalendarDate } from '@/lib/dates';
import { apiError, mockSession } from '@/testing/mocks/accounts';
import { sampleUser } from '@/testing/mocks/data';
import { dayFromToday, entryId, mockDiary, sampleEntry } from '@/testing/mocks/diary';
import { server } from '@/testing/mocks/server';
import { members, mockSocial } from '@/testing/mocks/social';
import { recordRequests, renderApp, toastSaying } from '@/testing/test-utils';

function renderDiary(diary: Parameters<typeof mockDiary>[0] = {}, pageSize?: number) {
  mockSession(sampleUser);
  const social = mockSocial();
  const state = mockDiary(diary, pageSize);
  return { state, social, ...renderApp(<AppRoutes />, { route: '/diary' }) };
}

const textarea = () => screen.findByRole('textbox', { name: '今日のできごと' });
const saveButton = () => screen.getByRole('button', { name: /^(日記を保存する|手紙を封印する|保存中\.\.\.)$/ });
const entries = () => screen.findAllByTestId('diary-entry');

afterEach(() => server.events.removeAllListeners());

describe('/diary: the list', () => {
  it('shows plain entries with their resolved mentions highlighted, a sealed letter and a letter from the past', async () => {
    renderDiary({
      entries: [
        sampleEntry({ id: entryId(1), date: dayFromToday(-1), content: '@taro と散歩、@nobody は来なかった', mentions: [members.taro] }),
        sampleEntry({
          id: entryId(2),
          date: dayFromToday(30),
          content: null,
          publishToFuture: true,
          deliveryDate: dayFromToday(30),
          authoredDate: dayFromToday(-2),
          sealed: true,
        }),
        sampleEntry({
          id: entryId(3),
          date: dayFromToday(-3),
          content: '一年前のわたしへ',
          publishToFuture: true,
          deliveryDate: dayFromToday(-3),
          authoredDate: '2025-11-19',
          delivered: true,
          hasBeenShown: true,
        }),
      ],
    });

    const [sealed, plain, letter] = await entries();
    expect(sealed).toHaveAttribute('data-kind', 'sealed');
    expect(sealed).toHaveTextContent('封印中の手紙');
    expect(within(sealed as HTMLElement).getByTestId('sealed-note')).toHaveTextContent(
      `${formatCalendarDate(dayFromToday(30))}に届きます。${formatCalendarDate(dayFromToday(-2))}に書いた手紙です。届くまで中身は読めません。`,
    );

    expect(plain).toHaveAttribute('data-kind', 'plain');
    expect(plain).toHaveTextContent('@taro と散歩、@nobody は来なかった');
    expect(within(plain as HTMLElement).getAllByTestId('mention').map((m) => m.textContent)).toEqual(['@taro']);

    expect(letter).toHaveAttribute('data-kind', 'letter');
    expect(letter).toHaveTextContent('過去からの手紙');
    expect(letter).toHaveTextContent('2025年11月19日のあなたから届いた手紙');
    expect(letter).toHaveTextContent('一年前のわたしへ');
  });

  it('says so when there is nothing yet', async () => {
    renderDiary();
    expect(await screen.findByText('まだ日記がありません。今日のことをひとこと書いてみましょう。')).toBeInTheDocument();
  });

  it('reads the next page through nextCursor with もっと見る', async () => {
    const many = Array.from({ length: 3 }, (_, i) =>
      sampleEntry({ id: entryId(10 + i), date: dayFromToday(-i), content: `${i + 1}日目` }),
    );
    const requests = recordRequests();
    const { user } = renderDiary({ entries: many }, 2);

    expect(await entries()).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'もっと見る' }));

    await waitFor(() => expect(screen.getAllByTestId('diary-entry')).toHaveLength(3));
    expect(screen.getAllByTestId('diary-entry')[2]).toHaveTextContent('3日目');
    expect(screen.queryByRole('button', { name: 'もっと見る' })).not.toBeInTheDocument();
    expect(requests.filter((r) => r.startsWith('GET /api/diary?'))).toEqual([
      'GET /api/diary?limit=20',
      `GET /api/diary?cursor=${entryId(11)}&limit=20`,
    ]);
  });

  it('offers to read the list again when it fails', async () => {
    mockSession(sampleUser);
    mockSocial();
    mockDiary({ entries: [sampleEntry({ id: entryId(1) })] });
    let fail = true;
    server.use(
      http.get(apiPaths.diary.list, () => (fail ? apiError(503, 'SOCIAL_UNAVAILABLE', '日記を読み込めませんでした。しばらくしてからお試しください') : undefined)),
    );
    const { user } = renderApp(<AppRoutes />, { route: '/diary' });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('日記を読み込めませんでした。しばらくしてからお試しください');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'もう一度読み込む' }));
    expect(await entries()).toHaveLength(1);
  });
});

describe('/diary: writing', () => {
  it('carries the tour targets on the textarea and the mention button', async () => {
    renderDiary();
    expect(await textarea()).toHaveAttribute('data-tour', 'diary-textarea');
    expect(screen.getByRole('button', { name: 'フレンドをメンション' })).toHaveAttribute('data-tour', 'diary-mention');
  });

  it("saves an entry of today with the draft's clientId and the zone's offset, then lists it and starts afresh", async () => {
    const { user, state } = renderDiary();
    const box = await textarea();
    expect(screen.getByLabelText('日付')).toHaveValue(dayFromToday(0));

    await user.type(box, '  はじめての日記  ');
    const clientId = loadDraft(sampleUser.id)?.clientId;
    await user.click(saveButton());

    expect(toastSaying('日記を保存しました')).toBeInTheDocument();
    expect(state.created).toEqual([
      {
        clientId,
        content: 'はじめての日記',
        date: dayFromToday(0),
        publishToFuture: false,
        timezoneOffset: new Date().getTimezoneOffset(),
      },
    ]);
    expect((await entries())[0]).toHaveTextContent('はじめての日記');
    expect(await textarea()).toHaveValue('');
    expect(loadDraft(sampleUser.id)).toBeNull();
  });

  it('sends one request for a double click', async () => {
    const { user, state } = renderDiary();
    await user.type(await textarea(), '一度だけ');

    const button = saveButton();
    act(() => {
      fireEvent.click(button);
      fireEvent.click(button);
    });
    await user.dblClick(button);

    await waitFor(() => expect(screen.getAllByTestId('diary-entry')).toHaveLength(1));
    expect(state.created).toHaveLength(1);
  });

  it('keeps the draft across a reload and saves it with the same clientId (a lost answer is not a second entry)', async () => {
    const first = renderDiary();
    await first.user.type(await textarea(), '下書き');
    await first.user.click(screen.getByLabelText('未来へ届ける'));
    fireEvent.change(screen.getByLabelText('届ける日'), { target: { value: dayFromToday(7) } });
    const stored = loadDraft(sampleUser.id);
    expect(stored).toMatchObject({ content: '下書き', publishToFuture: true, deliveryDate: dayFromToday(7) });
    first.unmount();

    const { user, state } = renderDiary();
    expect(await textarea()).toHaveValue('下書き');
    expect(screen.getByLabelText('未来へ届ける')).toBeChecked();
    expect(screen.getByLabelText('届ける日')).toHaveValue(dayFromToday(7));

    await user.click(saveButton());
    await waitFor(() => expect(state.created).toHaveLength(1));
    expect(state.created[0]?.clientId).toBe(stored?.clientId);
  });

  it("shows the gateway's message when the save is refused, and keeps the draft", async () => {
    const { user } = renderDiary();
    server.use(
      http.post(apiPaths.diary.list, () =>
        apiError(429, 'DIARY_LIMIT', '日記は24時間に100件まで書けます。しばらくしてからお試しください'),
      ),
    );
    await user.type(await textarea(), '書きすぎ');
    await user.click(saveButton());

    expect(await screen.findByText('日記は24時間に100件まで書けます。しばらくしてからお試しください')).toBeInTheDocument();
    expect(await textarea()).toHaveValue('書きすぎ');
    expect(loadDraft(sampleUser.id)?.content).toBe('書きすぎ');
  });

  it('does not offer to save an empty text, an over-long one or a day after today', async () => {
    const { user } = renderDiary();
    await textarea();
    expect(saveButton()).toBeDisabled();

    fireEvent.change(await textarea(), { target: { value: 'あ'.repeat(1001) } });
    expect(screen.getByText('1001 / 1000文字')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();

    fireEvent.change(await textarea(), { target: { value: '明日の日記' } });
    expect(saveButton()).toBeEnabled();
    fireEvent.change(screen.getByLabelText('日付'), { target: { value: dayFromToday(1) } });
    expect(screen.getByText('今日までの日付を選んでください')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    await user.click(screen.getByLabelText('未来へ届ける'));
    expect(saveButton()).toHaveTextContent('手紙を封印する');
    expect(saveButton()).toBeDisabled(); // no delivery day yet
  });
});

describe('/diary: mentions', () => {
  it('picks from accepted friends only and puts @username at the caret', async () => {
    const { user } = renderDiary();
    const box = await textarea();
    await user.type(box, '今日はと散歩');
    (box as HTMLTextAreaElement).setSelectionRange(3, 3);

    await user.click(screen.getByRole('button', { name: 'フレンドをメンション' }));
    const dialog = await screen.findByRole('dialog', { name: 'フレンドをメンション' });
    const list = await within(dialog).findByRole('list', { name: 'メンションするフレンド' });
    // taro is a friend; jiro (a request received) and saburo (a request sent) are not.
    const choices = within(list).getAllByRole('button');
    expect(choices).toHaveLength(1);
    expect(choices[0]).toHaveTextContent('@taro太郎');

    await user.click(within(list).getByRole('button', { name: /@taro/ }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'フレンドをメンション' })).not.toBeInTheDocument());
    expect(box).toHaveValue('今日は@taro と散歩');
    expect(box).toHaveFocus();
    expect((box as HTMLTextAreaElement).selectionStart).toBe(9);
  });

  it('says when there is no friend to mention', async () => {
    mockSession(sampleUser);
    mockSocial({ friends: [] });
    mockDiary();
    const { user } = renderApp(<AppRoutes />, { route: '/diary' });

    await user.click(await screen.findByRole('button', { name: 'フレンドをメンション' }));
    const dialog = await screen.findByRole('dialog', { name: 'フレンドをメンション' });
    expect(await within(dialog).findByText(/メンションできるフレンドがまだいません。/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'フレンドを探す' })).toHaveAttribute('href', '/friends');
  });

  it('highlights a picked mention once saved, and leaves a typed non-friend plain', async () => {
    const { user } = renderDiary();
    await user.type(await textarea(), '@saburo と ');
    await user.click(screen.getByRole('button', { name: 'フレンドをメンション' }));
    await user.click(await screen.findByRole('button', { name: /@taro/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(saveButton());

    const [entry] = await entries();
    expect(entry).toHaveTextContent('@saburo と @taro');
    expect(within(entry as HTMLElement).getAllByTestId('mention').map((m) => m.textContent)).toEqual(['@taro']);
  });
});

describe('/diary: letters to the future', () => {
  it('finds the next lucky day, says which and why, and seals the letter for it', async () => {
    const requests = recordRequests();
    const { user, state } = renderDiary();
    await user.type(await textarea(), '未来のわたしへ');
    await user.click(screen.getByLabelText('未来へ届ける'));
    expect(screen.queryByLabelText('日付')).not.toBeInTheDocument();
    expect(screen.getByLabelText('届ける日')).toHaveAttribute('min', dayFromToday(1));

    await user.click(screen.getByRole('button', { name: '吉日に届ける' }));

    const lucky = await screen.findByTestId('lucky-day');
    expect(lucky).toHaveTextContent(`${formatCalendarDate(dayFromToday(5))}は天赦日・大安です`);
    expect(lucky).toHaveTextContent('天赦日: 天が万物の罪を赦す日。暦の上で最上の吉日です。');
    expect(lucky).toHaveTextContent('大安: 六曜で終日吉とされる日です。');
    expect(screen.getByLabelText('届ける日')).toHaveValue(dayFromToday(5));
    const offset = new Date().getTimezoneOffset();
    expect(requests).toContain(`GET /api/diary/lucky-day?from=${dayFromToday(1)}&timezoneOffset=${offset}`);

    await user.click(saveButton());

    expect(toastSaying('未来への手紙を封印しました')).toHaveTextContent(`${formatCalendarDate(dayFromToday(5))}に届きます`);
    expect(state.created[0]).toMatchObject({ publishToFuture: true, deliveryDate: dayFromToday(5), content: '未来のわたしへ' });
    const [sealed] = await entries();
    expect(sealed).toHaveAttribute('data-kind', 'sealed');
    expect(sealed).not.toHaveTextContent('未来のわたしへ');
    expect(screen.getByLabelText('未来へ届ける')).not.toBeChecked();
  });

  it('asks from the chosen delivery day, and says when no lucky day is near', async () => {
    const requests = recordRequests();
    const { user } = renderDiary({
      luckyDay: { status: 404, code: 'LUCKY_DAY_NOT_FOUND', message: '60日以内に吉日が見つかりませんでした。別の日付をお選びください' },
    });
    await user.click(await screen.findByLabelText('未来へ届ける'));
    fireEvent.change(screen.getByLabelText('届ける日'), { target: { value: dayFromToday(20) } });
    await user.click(screen.getByRole('button', { name: '吉日に届ける' }));

    expect(await screen.findByText('60日以内に吉日が見つかりませんでした。別の日付をお選びください')).toBeInTheDocument();
    expect(requests.some((r) => r.startsWith(`GET /api/diary/lucky-day?from=${dayFromToday(20)}&`))).toBe(true);
    expect(screen.getByLabelText('届ける日')).toHaveValue(dayFromToday(20));
  });

  it("shows the gateway's message for a delivery day it refuses", async () => {
    const { user } = renderDiary();
    server.use(
      http.post(apiPaths.diary.list, () =>
        apiError(400, 'INVALID_DELIVERY_DATE', '届ける日は明日から10年後までの日付を選んでください'),
      ),
    );
    await user.type(await textarea(), '手紙');
    await user.click(screen.getByLabelText('未来へ届ける'));
    fireEvent.change(screen.getByLabelText('届ける日'), { target: { value: dayFromToday(3) } });
    await user.click(saveButton());
    expect(await screen.findByText('届ける日は明日から10年後までの日付を選んでください')).toBeInTheDocument();
  });
});

describe('/diary: changing and deleting', () => {
  it('edits an own entry in place', async () => {
    const { user, state } = renderDiary({ entries: [sampleEntry({ id: entryId(1), content: 'まちがい' })] });
    const [entry] = await entries();
    await user.click(within(entry as HTMLElement).getByRole('button', { name: /の日記のメニュー$/ }));
    await user.click(await screen.findByRole('menuitem', { name: '編集する' }));

    const field = within(entry as HTMLElement).getByRole('textbox', { name: '日記の内容' });
    await user.clear(field);
    await user.type(field, '@taro となおした');
    await user.click(within(entry as HTMLElement).getByRole('button', { name: '更新する' }));

    expect(toastSaying('日記を更新しました')).toBeInTheDocument();
    await waitFor(() => expect(within(entry as HTMLElement).getAllByTestId('mention').map((m) => m.textContent)).toEqual(['@taro']));
    expect(state.entries[0]?.content).toBe('@taro となおした');
  });

  it('offers only deletion for a sealed letter, after a confirmation', async () => {
    const { user, state } = renderDiary({
      entries: [
        sampleEntry({
          id: entryId(2),
          date: dayFromToday(9),
          content: null,
          publishToFuture: true,
          deliveryDate: dayFromToday(9),
          authoredDate: dayFromToday(0),
          sealed: true,
        }),
      ],
    });
    const [letter] = await entries();
    await user.click(within(letter as HTMLElement).getByRole('button', { name: /の日記のメニュー$/ }));
    expect(screen.queryByRole('menuitem', { name: '編集する' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: '削除する' }));

    const confirm = await screen.findByRole('dialog', { name: 'この手紙を削除しますか？' });
    expect(confirm).toHaveTextContent('削除した手紙は届かなくなり、元に戻せません。');
    await user.click(within(confirm).getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(state.entries).toHaveLength(1);

    await user.click(within(letter as HTMLElement).getByRole('button', { name: /の日記のメニュー$/ }));
    await user.click(await screen.findByRole('menuitem', { name: '削除する' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'この手紙を削除しますか？' })).getByRole('button', { name: '削除する' }));

    expect(toastSaying('未来への手紙を削除しました')).toBeInTheDocument();
    expect(await screen.findByText('まだ日記がありません。今日のことをひとこと書いてみましょう。')).toBeInTheDocument();
    expect(state.entries).toEqual([]);
  });
});
