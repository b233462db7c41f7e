import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { AppRoutes } from '@/app-web/router';
import { apiPaths } from '@/config/paths';
import type { User } from '@/features/auth/api/get-user';
import type { EmailPreferences } from '@/features/settings/api/email-preferences';
import { apiError, mockSession } from '@/testing/mocks/accounts';
import { sampleUser } from '@/testing/mocks/data';
import { server } from '@/testing/mocks/server';
import { mockSupport, sampleTicket, sampleTicketMessage, ticketId, ticketMessageId } from '@/testing/mocks/support';
import { renderApp, toastSaying } from '@/testing/test-utils';

const DEFAULT_PREFERENCES: EmailPreferences = {
  friendRequestReceived: true,
  friendRequestAccepted: true,
  mentionedInDiary: true,
  futureDiaryDelivery: true,
  inactivityReminder: false,
};

/** Signs in `user` and serves its e-mail preferences; returns the session. */
function renderSettings(user: User = sampleUser, preferences: EmailPreferences = DEFAULT_PREFERENCES) {
  const session = mockSession(user);
  server.use(http.get(apiPaths.settings.emailPreferences, () => HttpResponse.json(preferences)));
  return { session, ...renderApp(<AppRoutes />, { route: '/settings' }) };
}

const section = (name: string) => screen.findByRole('region', { name });
const input = (scope: HTMLElement, label: RegExp) => within(scope).getByLabelText(label, { selector: 'input' });

/** Counts GET /api/auth/user calls. */
function countUserReads() {
  const reads = { count: 0 };
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'GET' && new URL(request.url).pathname === apiPaths.auth.user) reads.count += 1;
  });
  return reads;
}

async function typeInto(user: UserEvent, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.type(field, text);
}

describe('settings', () => {
  it("shows the signed-in person's current data in every section", async () => {
    renderSettings({ ...sampleUser, pendingEmail: 'hanako.new@example.com' });

    expect(await screen.findByRole('heading', { level: 1, name: '設定' })).toBeInTheDocument();
    expect(input(await section('ユーザー名'), /^ユーザー名/)).toHaveValue('hanako');

    const birth = await section('生年月日・出生情報');
    expect(within(birth).getByRole('radio', { name: '女性' })).toBeChecked();
    expect(within(birth).getByRole('combobox', { name: '年' })).toHaveValue('1990');
    expect(within(birth).getByRole('combobox', { name: '月' })).toHaveValue('5');
    expect(within(birth).getByRole('combobox', { name: '日' })).toHaveValue('15');
    expect(within(birth).getByRole('combobox', { name: '時' })).toHaveValue('14');
    expect(within(birth).getByRole('combobox', { name: '分' })).toHaveValue('30');
    expect(within(birth).getByRole('combobox', { name: '出生地' })).toHaveValue('札幌, 北海道, 日本');

    const email = await section('メールアドレス変更');
    expect(within(email).getByText('hanako@example.com')).toBeInTheDocument();
    expect(within(email).getByText('hanako.new@example.com')).toBeInTheDocument();
    expect(within(email).getByText(/への変更を確認中です/)).toBeInTheDocument();

    const preferences = await section('メール通知設定');
    expect(await within(preferences).findByRole('switch', { name: '友達リクエストを受け取ったとき' })).toBeChecked();
    expect(within(preferences).getByRole('switch', { name: '友達リクエストが承認されたとき' })).toBeChecked();
    expect(within(preferences).getByRole('switch', { name: '日記でメンションされたとき' })).toBeChecked();
    expect(within(preferences).getByRole('switch', { name: '未来日記が届いたとき' })).toBeChecked();
    expect(within(preferences).getByRole('switch', { name: 'しばらくログインしていないときのお知らせ' })).not.toBeChecked();
  });

  it('is not there for a signed-out visitor', async () => {
    mockSession();
    renderApp(<AppRoutes />, { route: '/settings' });

    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
  });
});

describe('settings: username', () => {
  it('changes the username and re-reads the user', async () => {
    const { session, user } = renderSettings();
    const reads = countUserReads();
    let sent: unknown;
    server.use(
      http.patch(apiPaths.settings.username, async ({ request }) => {
        sent = await request.json();
        session.signIn({ ...sampleUser, username: 'hoshi_no_ko' });
        return HttpResponse.json(session.user);
      }),
    );
    const scope = await section('ユーザー名');
    const button = within(scope).getByRole('button', { name: 'ユーザー名を変更' });
    expect(button).toBeDisabled();

    await typeInto(user, input(scope, /^ユーザー名/), 'hoshi_no_ko');
    await user.click(button);

    expect(await screen.findByRole('status')).toHaveTextContent('ユーザー名を変更しました');
    expect(sent).toEqual({ username: 'hoshi_no_ko' });
    await expect.poll(() => reads.count).toBe(1);
  });

  it('explains the rule for a username it cannot take, and shows a taken name as the server says', async () => {
    const { user } = renderSettings();
    server.use(
      http.patch(apiPaths.settings.username, () => apiError(409, 'USERNAME_TAKEN', 'このユーザー名は既に使われています')),
    );
    const scope = await section('ユーザー名');

    await typeInto(user, input(scope, /^ユーザー名/), 'はな@こ');
    await user.click(within(scope).getByRole('button', { name: 'ユーザー名を変更' }));
    expect(
      within(scope).getByText('ユーザー名は3〜20文字の英数字・ひらがな・カタカナ・漢字・_で入力してください'),
    ).toBeInTheDocument();
    expect(input(scope, /^ユーザー名/)).toHaveAttribute('aria-invalid', 'true');

    await typeInto(user, input(scope, /^ユーザー名/), 'taro');
    await user.click(within(scope).getByRole('button', { name: 'ユーザー名を変更' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('このユーザー名は既に使われています');
  });
});

describe('settings: username in kana', () => {
  it('sends a kana name as identity stores it and shows a look-alike refusal as the server says', async () => {
    const { user } = renderSettings();
    const sent: unknown[] = [];
    server.use(
      http.patch(apiPaths.settings.username, async ({ request }) => {
        sent.push(await request.json());
        return apiError(409, 'USERNAME_LOOKALIKE', 'よく似たユーザー名がすでに使われています。別のユーザー名をお選びください');
      }),
    );
    const scope = await section('ユーザー名');

    await typeInto(user, input(scope, /^ユーザー名/), 'ﾍﾟｺﾘ');
    await user.click(within(scope).getByRole('button', { name: 'ユーザー名を変更' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('よく似たユーザー名がすでに使われています');
    expect(sent).toEqual([{ username: 'ペコリ' }]);
  });
});

describe('settings: birth data', () => {
  it('asks for gender and birth date when they are missing', async () => {
    const { user } = renderSettings({
      ...sampleUser,
      gender: null,
      birthDate: null,
      birthTime: null,
      birthLocation: null,
      birthLongitude: null,
      birthLatitude: null,
    });
    const scope = await section('生年月日・出生情報');

    await user.click(within(scope).getByRole('button', { name: '出生情報を保存' }));

    expect(within(scope).getByText('性別を選択してください')).toBeInTheDocument();
    expect(within(scope).getByText('生年月日を入力してください')).toBeInTheDocument();
    expect(within(scope).getByText(/未入力の時刻は正午（12:00）、出生地は「東京, 日本」として計算します。/)).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('入力エラー');
  });

  it('saves gender, date and place, an emptied time as unknown and an emptied place as Tokyo', async () => {
    const { user } = renderSettings();
    let sent: unknown;
    server.use(
      http.put(apiPaths.settings.birthData, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(sampleUser);
      }),
    );
    const scope = await section('生年月日・出生情報');

    await user.click(within(scope).getByRole('radio', { name: 'その他' }));
    await user.selectOptions(within(scope).getByRole('combobox', { name: '日' }), '16');
    await user.selectOptions(within(scope).getByRole('combobox', { name: '時' }), '');
    await user.clear(within(scope).getByRole('combobox', { name: '出生地' }));
    await user.click(within(scope).getByRole('button', { name: '出生情報を保存' }));

    expect(await screen.findByRole('status')).toHaveTextContent('出生情報を更新しました');
    expect(sent).toEqual({
      gender: 'other',
      birthDate: '1990-05-16',
      birthTime: '',
      birthLocation: '東京, 日本',
      coordinates: { longitude: 139.6503, latitude: 35.6762 },
    });
  });

  it('shows an unknown time as not chosen, keeps it unknown, and sends a chosen time as known', async () => {
    const { user } = renderSettings({ ...sampleUser, birthTime: '12:00', birthTimeUnknown: true });
    const sent: unknown[] = [];
    server.use(
      http.put(apiPaths.settings.birthData, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(sampleUser);
      }),
    );
    const scope = await section('生年月日・出生情報');

    // Not the 12:00 the chart uses for it.
    expect(within(scope).getByRole('combobox', { name: '時' })).toHaveValue('');
    expect(within(scope).getByRole('combobox', { name: '分' })).toHaveValue('');
    expect(within(scope).getByText(/未入力の時刻は正午（12:00）/)).toBeInTheDocument();
    await user.click(within(scope).getByRole('button', { name: '出生情報を保存' }));
    await screen.findByRole('status');
    await user.selectOptions(within(scope).getByRole('combobox', { name: '時' }), '12');
    await user.selectOptions(within(scope).getByRole('combobox', { name: '分' }), '00');
    await user.click(within(scope).getByRole('button', { name: '出生情報を保存' }));

    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent.map((body) => (body as { birthTime: string }).birthTime)).toEqual(['', '12:00']);
  });

  it("shows the server's message when saving fails", async () => {
    const { user } = renderSettings();
    server.use(
      http.put(apiPaths.settings.birthData, () => apiError(400, 'BIRTH_DATE_REQUIRED', '生年月日を入力してください')),
    );
    const scope = await section('生年月日・出生情報');

    await user.click(within(scope).getByRole('button', { name: '出生情報を保存' }));

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('エラー');
    expect(toast).toHaveTextContent('生年月日を入力してください');
  });
});

describe('settings: e-mail address', () => {
  it('sends the new address with the current password and shows it as pending', async () => {
    const { user } = renderSettings();
    let sent: unknown;
    server.use(
      http.post(apiPaths.settings.email, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ message: '確認メールを送信しました', pendingEmail: 'hanako.new@example.com' });
      }),
    );
    const scope = await section('メールアドレス変更');

    await user.type(input(scope, /^新しいメールアドレス/), 'hanako.new@example.com');
    await user.type(input(scope, /^現在のパスワード/), 'hoshizora-2025');
    await user.click(within(scope).getByRole('button', { name: '確認メールを送信' }));

    expect(await within(scope).findByText('hanako.new@example.com')).toBeInTheDocument();
    expect(within(scope).getByText(/への変更を確認中です/)).toBeInTheDocument();
    expect(sent).toEqual({ newEmail: 'hanako.new@example.com', currentPassword: 'hoshizora-2025' });
    expect(screen.getByRole('status')).toHaveTextContent('確認メールを送信しました');
    expect(input(scope, /^現在のパスワード/)).toHaveValue('');
  });

  it('says a wrong password is wrong, and stays signed in', async () => {
    const { user } = renderSettings();
    server.use(
      http.post(apiPaths.settings.email, () => apiError(401, 'WRONG_PASSWORD', 'パスワードが正しくありません')),
    );
    const scope = await section('メールアドレス変更');

    await user.type(input(scope, /^新しいメールアドレス/), 'hanako.new@example.com');
    await user.type(input(scope, /^現在のパスワード/), 'nope-nope');
    await user.click(within(scope).getByRole('button', { name: '確認メールを送信' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('パスワードが正しくありません');
    expect(screen.getByRole('heading', { level: 1, name: '設定' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'ログイン' })).not.toBeInTheDocument();
  });
});

describe('settings: password', () => {
  async function fill(user: UserEvent, scope: HTMLElement, next: string, again: string) {
    await user.type(input(scope, /^現在のパスワード/), 'hoshizora-2025');
    await user.type(input(scope, /^新しいパスワード(?!（確認）)/), next);
    await user.type(input(scope, /^新しいパスワード（確認）/), again);
    await user.click(within(scope).getByRole('button', { name: 'パスワードを変更' }));
  }

  it('checks the new password twice before sending, then changes it', async () => {
    const { user } = renderSettings();
    let sent: unknown;
    server.use(
      http.post(apiPaths.settings.password, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ message: 'パスワードを変更しました' });
      }),
    );
    const scope = await section('パスワード変更');

    await fill(user, scope, 'tsuki-no-michi', 'tsuki-no-mich');
    expect(await screen.findByRole('alert')).toHaveTextContent('パスワードが一致しません');
    expect(sent).toBeUndefined();

    for (const field of [/^現在のパスワード/, /^新しいパスワード(?!（確認）)/, /^新しいパスワード（確認）/]) {
      await user.clear(input(scope, field));
    }
    await fill(user, scope, 'tsuki', 'tsuki');
    expect(await screen.findByRole('alert')).toHaveTextContent('パスワードは8文字以上で入力してください');
    expect(sent).toBeUndefined();

    for (const field of [/^現在のパスワード/, /^新しいパスワード(?!（確認）)/, /^新しいパスワード（確認）/]) {
      await user.clear(input(scope, field));
    }
    await fill(user, scope, 'tsuki-no-michi', 'tsuki-no-michi');
    expect(await screen.findByRole('status')).toHaveTextContent('パスワードを変更しました');
    expect(sent).toEqual({ currentPassword: 'hoshizora-2025', newPassword: 'tsuki-no-michi' });
  });
});

describe('settings: e-mail notifications', () => {
  it('saves a switch as soon as it is flipped', async () => {
    const { user } = renderSettings();
    let sent: unknown;
    server.use(
      http.put(apiPaths.settings.emailPreferences, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ...DEFAULT_PREFERENCES, inactivityReminder: true });
      }),
    );
    const scope = await section('メール通知設定');
    const reminder = await within(scope).findByRole('switch', { name: 'しばらくログインしていないときのお知らせ' });

    await user.click(reminder);

    expect(reminder).toBeChecked();
    expect(await screen.findByRole('status')).toHaveTextContent('メール通知設定を保存しました');
    expect(sent).toEqual({ inactivityReminder: true });
  });

  it('puts a switch back when saving fails', async () => {
    const { user } = renderSettings();
    server.use(
      http.put(apiPaths.settings.emailPreferences, () => apiError(400, 'VALIDATION', '設定を保存できませんでした')),
    );
    const scope = await section('メール通知設定');
    const mentions = await within(scope).findByRole('switch', { name: '日記でメンションされたとき' });

    await user.click(mentions);

    expect(await screen.findByRole('alert')).toHaveTextContent('設定を保存できませんでした');
    expect(mentions).toBeChecked();
  });

  it('says so when the preferences cannot be loaded, and can try again', async () => {
    const { user } = renderSettings();
    server.use(
      http.get(apiPaths.settings.emailPreferences, () =>
        apiError(503, 'UNAVAILABLE', '一時的に利用できません'),
      ),
    );
    const scope = await section('メール通知設定');

    expect(await within(scope).findByText(/メール通知設定を読み込めませんでした/)).toBeInTheDocument();
    server.use(http.get(apiPaths.settings.emailPreferences, () => HttpResponse.json(DEFAULT_PREFERENCES)));
    await user.click(within(scope).getByRole('button', { name: '再読み込み' }));

    expect(await within(scope).findByRole('switch', { name: '未来日記が届いたとき' })).toBeChecked();
  });
});

describe('settings: logout and deletion', () => {
  it('logs out and shows the landing page', async () => {
    const { session, user } = renderSettings();
    let loggedOut = false;
    server.use(
      http.post(apiPaths.auth.logout, () => {
        loggedOut = true;
        session.signOut();
        return HttpResponse.json({ message: 'ログアウトしました' });
      }),
    );
    const scope = await section('ログアウト');

    await user.click(within(scope).getByRole('button', { name: 'ログアウト' }));

    expect(await screen.findByRole('heading', { name: '生年月日を入力' })).toBeInTheDocument();
    expect(loggedOut).toBe(true);
    expect(toastSaying('ログアウトしました')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '404 Page Not Found' })).not.toBeInTheDocument();
  });

  it('deletes the account after the password is confirmed, and forgets the session', async () => {
    const { session, user } = renderSettings();
    let sent: unknown;
    server.use(
      http.delete(apiPaths.account, async ({ request }) => {
        sent = await request.json();
        session.signOut();
        return HttpResponse.json({ message: 'アカウントを削除しました' });
      }),
    );
    const scope = await section('アカウント削除');

    await user.click(within(scope).getByRole('button', { name: 'アカウントを削除する' }));
    const dialog = await screen.findByRole('dialog', { name: '本当にアカウントを削除しますか？' });
    const confirm = within(dialog).getByRole('button', { name: '削除する' });
    expect(confirm).toBeDisabled();
    await user.type(input(dialog, /^パスワード/), 'hoshizora-2025');
    await user.click(confirm);

    expect(await screen.findByRole('heading', { name: 'アカウントを削除しました' })).toBeInTheDocument();
    expect(sent).toEqual({ password: 'hoshizora-2025' });

    // Signed out here too: the top page is the landing page, not home.
    await user.click(screen.getByRole('link', { name: 'トップページへ' }));
    expect(await screen.findByRole('heading', { name: '生年月日を入力' })).toBeInTheDocument();
  });

  it('keeps the account when the password is wrong', async () => {
    const { user } = renderSettings();
    server.use(http.delete(apiPaths.account, () => apiError(401, 'WRONG_PASSWORD', 'パスワードが正しくありません')));
    const scope = await section('アカウント削除');

    await user.click(within(scope).getByRole('button', { name: 'アカウントを削除する' }));
    const dialog = await screen.findByRole('dialog', { name: '本当にアカウントを削除しますか？' });
    await user.type(input(dialog, /^パスワード/), 'wrong-one');
    await user.click(within(dialog).getByRole('button', { name: '削除する' }));

    // Inside the dialog, since the toast behind it is hidden from assistive technology while it is open.
    expect(await within(dialog).findByText('パスワードが正しくありません')).toBeInTheDocument();
    expect(input(dialog, /^パスワード/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert', { hidden: true })).toHaveTextContent('パスワードが正しくありません');
    expect(screen.getByRole('heading', { level: 1, name: '設定', hidden: true })).toBeInTheDocument();
  });
});

describe('settings: お問い合わせ', () => {
  it("lists the member's tickets and opens one's thread at /settings/support/{id}", async () => {
    mockSupport({
      tickets: [sampleTicket({ id: ticketId(1), subject: 'ログインできません', unreadCount: 1 })],
      messages: [sampleTicketMessage({ id: ticketMessageId(1), ticketId: ticketId(1), body: 'パスワードを変えてから入れません。' })],
    });
    const { user } = renderSettings();

    const scope = await section('お問い合わせ');
    await user.click(await within(scope).findByRole('link', { name: /ログインできません/ }));

    expect(await screen.findByRole('heading', { level: 1, name: 'ログインできません' })).toBeInTheDocument();
    expect(screen.getByText('パスワードを変えてから入れません。')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'お問い合わせの一覧へ' }));
    expect(await section('お問い合わせ')).toBeInTheDocument();
  });

  it('says support cannot be reached while the rest of the screen works', async () => {
    mockSupport({ down: true });
    const { user } = renderSettings();

    expect(await within(await section('お問い合わせ')).findByRole('alert')).toHaveTextContent(
      'サポートに接続できません。しばらくしてからもう一度お試しください',
    );
    const username = await section('ユーザー名');
    await typeInto(user, input(username, /^ユーザー名/), 'hanako2');
    expect(within(username).getByRole('button', { name: 'ユーザー名を変更' })).toBeEnabled();
    expect(await within(await section('メール通知設定')).findByRole('switch', { name: '友達リクエストを受け取ったとき' })).toBeChecked();
  });

  it('leads to login when the session ended before a ticket is sent (401)', async () => {
    mockSupport();
    const { session, user } = renderSettings();
    const scope = await section('お問い合わせ');
    await within(scope).findByText('お問い合わせはまだありません。');

    await user.click(within(scope).getByRole('button', { name: '新しいお問い合わせ' }));
    const dialog = await screen.findByRole('dialog', { name: '新しいお問い合わせ' });
    await user.type(within(dialog).getByRole('textbox', { name: /^件名/ }), '件名');
    await user.type(within(dialog).getByRole('textbox', { name: /^お問い合わせ内容/ }), '本文');
    session.signOut();
    server.use(http.post(apiPaths.support.tickets, () => apiError(401, 'UNAUTHENTICATED', 'ログインが必要です')));
    await user.click(within(dialog).getByRole('button', { name: '送信する' }));

    expect(await screen.findByRole('heading', { name: 'ログイン' })).toBeInTheDocument();
  });

  it('is no route for a signed-out visitor', async () => {
    mockSession();
    renderApp(<AppRoutes />, { route: `/settings/support/${ticketId(1)}` });

    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
  });
});
