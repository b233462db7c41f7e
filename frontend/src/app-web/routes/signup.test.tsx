import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { AppRoutes } from '@/app-web/router';
import { apiPaths } from '@/config/paths';
import { checkAccountFields } from '@/features/auth/components/signup-account-checks';
import { DEFAULT_COORDINATES, loadPreFillBirthData, savePreFillBirthData } from '@/lib/birth-data';
import { apiError, mockSession } from '@/testing/mocks/accounts';
import { sampleCoordinates } from '@/testing/mocks/data';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

const next = () => screen.getByRole('button', { name: '次へ' });
const stepTitle = (name: string) => screen.findByRole('heading', { level: 2, name });
const field = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });
const submit = () => screen.getByRole('button', { name: '登録を完了する' });

function renderSignup() {
  mockSession();
  return renderApp(<AppRoutes />, { route: '/auth/signup' });
}

/** Answers the signup call like the gateway and keeps what was sent. */
function acceptSignup(pause = 0) {
  const sent: unknown[] = [];
  server.use(
    http.post(apiPaths.auth.signup, async ({ request }) => {
      const body = (await request.json()) as { email: string };
      sent.push(body);
      if (pause > 0) await delay(pause);
      return HttpResponse.json({ message: 'メール認証コードを送信しました', email: body.email }, { status: 201 });
    }),
  );
  return sent;
}

async function pickDate(user: UserEvent) {
  await user.selectOptions(screen.getByRole('combobox', { name: '年' }), '1990');
  await user.selectOptions(screen.getByRole('combobox', { name: '月' }), '5');
  await user.selectOptions(screen.getByRole('combobox', { name: '日' }), '5');
}

/** Steps 1-4 the quickest way: female, 1990-05-05, time unknown, place skipped. */
async function throughBirthSteps(user: UserEvent) {
  await user.click(await screen.findByRole('radio', { name: '女性' }));
  await user.click(next());
  await stepTitle('生年月日を選んでください');
  await pickDate(user);
  await user.click(next());
  await user.click(await screen.findByRole('button', { name: 'まったく分からない' }));
  await user.click(await screen.findByRole('button', { name: 'スキップ' }));
  await stepTitle('アカウント情報を入力してください');
}

type AccountValues = { email?: string; username?: string; password?: string; confirmation?: string };

async function fillAccount(user: UserEvent, values: AccountValues = {}) {
  const { email = 'hanako@example.com', username = 'hanako_88', password = 'hoshizora-2025' } = values;
  const confirmation = values.confirmation ?? password;
  await user.type(field(/^メールアドレス/), email);
  await user.type(field(/^ユーザー名/), username);
  await user.type(field(/^パスワード(?!（確認）)/), password);
  await user.type(field(/^パスワード（確認）/), confirmation);
  await user.click(screen.getByRole('checkbox', { name: /利用規約およびプライバシーポリシーに同意します/ }));
}

describe('signup wizard', () => {
  it('shows where the visitor is, and keeps Next disabled until a gender is chosen', async () => {
    const { user } = renderSignup();

    expect(await screen.findByRole('heading', { level: 1, name: '新規登録' })).toBeInTheDocument();
    expect(screen.getByText('ステップ 1 / 5')).toBeInTheDocument();
    expect(next()).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: '男性' }));
    expect(next()).toBeEnabled();
    await user.click(next());

    expect(await stepTitle('生年月日を選んでください')).toHaveFocus();
    expect(screen.getByText('ステップ 2 / 5')).toBeInTheDocument();
  });

  it('goes back to the landing page from step 1', async () => {
    const { user } = renderSignup();

    await user.click(await screen.findByRole('button', { name: '戻る' }));

    expect(await screen.findByRole('heading', { name: '生年月日を入力' })).toBeInTheDocument();
  });

  it('can skip the gender question and come back to it', async () => {
    const { user } = renderSignup();

    await user.click(await screen.findByRole('button', { name: 'スキップ（その他・答えたくない）' }));
    await stepTitle('生年月日を選んでください');
    await user.click(screen.getByRole('button', { name: '戻る' }));

    expect(await stepTitle('性別を教えてください')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '男性' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: '女性' })).not.toBeChecked();
  });

  it('keeps Next disabled on the date step until year, month and day are all chosen', async () => {
    const { user } = renderSignup();
    await user.click(await screen.findByRole('button', { name: 'スキップ（その他・答えたくない）' }));
    await stepTitle('生年月日を選んでください');

    const years = within(screen.getByRole('combobox', { name: '年' })).getAllByRole('option');
    expect(years).toHaveLength(101);
    expect(years[1]).toHaveValue(String(new Date().getFullYear()));
    expect(within(screen.getByRole('combobox', { name: '月' })).getAllByRole('option')).toHaveLength(13);
    expect(within(screen.getByRole('combobox', { name: '日' })).getAllByRole('option')).toHaveLength(32);

    await user.selectOptions(screen.getByRole('combobox', { name: '年' }), '1990');
    await user.selectOptions(screen.getByRole('combobox', { name: '月' }), '5');
    expect(next()).toBeDisabled();
    await user.selectOptions(screen.getByRole('combobox', { name: '日' }), '5');
    expect(next()).toBeEnabled();
  });

  it('says noon is used when the time is left blank', async () => {
    const { user } = renderSignup();
    await user.click(await screen.findByRole('button', { name: 'スキップ（その他・答えたくない）' }));
    await stepTitle('生年月日を選んでください');
    await pickDate(user);
    await user.click(next());
    await stepTitle('生まれた時刻を選んでください');

    expect(screen.getByText('時刻を選ばない場合は、正午（12:00）として計算します。')).toBeInTheDocument();
    expect(next()).toBeEnabled();
    const hours = within(screen.getByRole('combobox', { name: '時' })).getAllByRole('option');
    expect(hours[1]).toHaveValue('00');
    expect(hours[24]).toHaveValue('23');
    expect(within(screen.getByRole('combobox', { name: '分' })).getAllByRole('option')).toHaveLength(61);

    await user.selectOptions(screen.getByRole('combobox', { name: '時' }), '07');
    await user.selectOptions(screen.getByRole('combobox', { name: '分' }), '05');
    expect(screen.getByText('07:05 として計算します。')).toBeInTheDocument();
  });

  it('signs up with an unknown time (the server uses noon) and Tokyo when time and place are skipped, then goes to verify', async () => {
    const sent = acceptSignup();
    const { user } = renderSignup();
    await throughBirthSteps(user);
    await fillAccount(user);

    await user.click(submit());

    expect(await screen.findByRole('heading', { name: 'メール認証' })).toBeInTheDocument();
    expect(field(/^メールアドレス/)).toHaveValue('hanako@example.com');
    expect(sent).toEqual([
      {
        email: 'hanako@example.com',
        password: 'hoshizora-2025',
        username: 'hanako_88',
        gender: 'female',
        birthDate: '1990-05-05',
        // Empty: not known. The server calculates with 12:00 and keeps that the time was skipped.
        birthTime: '',
        birthLocation: '東京, 日本',
        coordinates: DEFAULT_COORDINATES,
        privacyPolicyAccepted: true,
        analyticsConsent: false,
        marketingConsent: false,
      },
    ]);
    const toast = screen.getByRole('status');
    expect(toast).toHaveTextContent('アカウント作成成功');
    expect(toast).toHaveTextContent('メール認証コードが送信されました');
  });

  it('uses a chosen place and time, and leaves out a skipped gender', async () => {
    const sent = acceptSignup();
    const { user } = renderSignup();
    await user.click(await screen.findByRole('button', { name: 'スキップ（その他・答えたくない）' }));
    await stepTitle('生年月日を選んでください');
    await pickDate(user);
    await user.click(next());
    await stepTitle('生まれた時刻を選んでください');
    await user.selectOptions(screen.getByRole('combobox', { name: '時' }), '23');
    await user.selectOptions(screen.getByRole('combobox', { name: '分' }), '59');
    await user.click(next());
    await stepTitle('生まれた場所を入力してください');
    await user.type(screen.getByRole('combobox', { name: '出生地' }), '札幌');
    const listbox = await screen.findByRole('listbox', { name: '出生地' });
    await user.click(within(listbox).getByRole('option', { name: '札幌, 北海道, 日本' }));
    expect(await screen.findByText('「札幌, 北海道, 日本」として計算します。')).toBeInTheDocument();
    await user.click(next());
    await stepTitle('アカウント情報を入力してください');
    await fillAccount(user);

    await user.click(submit());

    await screen.findByRole('heading', { name: 'メール認証' });
    expect(sent[0]).toMatchObject({
      birthTime: '23:59',
      birthLocation: '札幌, 北海道, 日本',
      coordinates: sampleCoordinates,
    });
    expect(sent[0]).not.toHaveProperty('gender');
  });

  it("pre-selects the landing calculator's birth data and removes it after signing up", async () => {
    savePreFillBirthData({
      birthDate: '1985-11-03',
      birthTime: '06:40',
      birthLocation: '札幌, 北海道, 日本',
      coordinates: sampleCoordinates,
    });
    const sent = acceptSignup();
    const { user } = renderSignup();

    await user.click(await screen.findByRole('radio', { name: '男性' }));
    await user.click(next());
    await stepTitle('生年月日を選んでください');
    expect(screen.getByRole('combobox', { name: '年' })).toHaveValue('1985');
    expect(screen.getByRole('combobox', { name: '月' })).toHaveValue('11');
    expect(screen.getByRole('combobox', { name: '日' })).toHaveValue('3');
    await user.click(next());
    await stepTitle('生まれた時刻を選んでください');
    expect(screen.getByRole('combobox', { name: '時' })).toHaveValue('06');
    expect(screen.getByRole('combobox', { name: '分' })).toHaveValue('40');
    await user.click(next());
    await stepTitle('生まれた場所を入力してください');
    expect(screen.getByRole('combobox', { name: '出生地' })).toHaveValue('札幌, 北海道, 日本');
    await user.click(next());
    await stepTitle('アカウント情報を入力してください');
    await fillAccount(user);
    expect(loadPreFillBirthData()).not.toBeNull();

    await user.click(submit());

    await screen.findByRole('heading', { name: 'メール認証' });
    expect(sent[0]).toMatchObject({
      gender: 'male',
      birthDate: '1985-11-03',
      birthTime: '06:40',
      birthLocation: '札幌, 北海道, 日本',
      coordinates: sampleCoordinates,
    });
    expect(loadPreFillBirthData()).toBeNull();
    expect(sessionStorage.getItem('preFillBirthData')).toBeNull();
  });

  it('keeps the pre-filled data when signing up fails', async () => {
    savePreFillBirthData({
      birthDate: '1985-11-03',
      birthTime: '06:40',
      birthLocation: '札幌, 北海道, 日本',
      coordinates: sampleCoordinates,
    });
    server.use(
      http.post(apiPaths.auth.signup, () => apiError(409, 'EMAIL_TAKEN', 'このメールアドレスは既に登録されています')),
    );
    const { user } = renderSignup();
    await user.click(await screen.findByRole('radio', { name: '男性' }));
    await user.click(next());
    await stepTitle('生年月日を選んでください');
    await user.click(next());
    await user.click(await screen.findByRole('button', { name: '次へ' }));
    await stepTitle('生まれた場所を入力してください');
    await user.click(next());
    await stepTitle('アカウント情報を入力してください');
    await fillAccount(user);

    await user.click(submit());

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('登録エラー');
    expect(toast).toHaveTextContent('このメールアドレスは既に登録されています');
    expect(loadPreFillBirthData()).not.toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'アカウント情報を入力してください' })).toBeInTheDocument();
  });

  it("shows '登録中...' while the account is created", async () => {
    acceptSignup(150);
    const { user } = renderSignup();
    await throughBirthSteps(user);
    await fillAccount(user);

    await user.click(submit());
    expect(await screen.findByRole('button', { name: '登録中...' })).toBeDisabled();
    await screen.findByRole('heading', { name: 'メール認証' });
  });

  it('falls back to the default message when the server says nothing useful', async () => {
    server.use(http.post(apiPaths.auth.signup, () => new HttpResponse(null, { status: 500 })));
    const { user } = renderSignup();
    await throughBirthSteps(user);
    await fillAccount(user);

    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent('アカウントの作成に失敗しました');
  });
});

describe('signup account step', () => {
  it('keeps the button disabled until every field is filled and the box is ticked', async () => {
    const { user } = renderSignup();
    await throughBirthSteps(user);

    expect(submit()).toBeDisabled();
    await user.type(field(/^メールアドレス/), 'hanako@example.com');
    await user.type(field(/^ユーザー名/), 'hanako');
    await user.type(field(/^パスワード(?!（確認）)/), 'hoshizora-2025');
    await user.type(field(/^パスワード（確認）/), 'hoshizora-2025');
    expect(submit()).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /利用規約およびプライバシーポリシーに同意します/ }));
    expect(submit()).toBeEnabled();
    expect(screen.getByText('3〜20文字の英数字・ひらがな・カタカナ・漢字・_')).toBeInTheDocument();
  });

  it('takes a kana username and sends it as identity stores it (NFKC: halfwidth ﾊﾅｺ is ハナコ)', async () => {
    const sent = acceptSignup();
    const { user } = renderSignup();
    await throughBirthSteps(user);
    await fillAccount(user, { username: ' ﾊﾅｺ ' });

    await user.click(submit());

    expect(await screen.findByRole('heading', { name: 'メール認証' })).toBeInTheDocument();
    expect(sent).toEqual([expect.objectContaining({ username: 'ハナコ' })]);
  });

  it('shows the gateway\'s look-alike refusal', async () => {
    server.use(
      http.post(apiPaths.auth.signup, () =>
        apiError(409, 'USERNAME_LOOKALIKE', 'よく似たユーザー名がすでに使われています。別のユーザー名をお選びください'),
      ),
    );
    const { user } = renderSignup();
    await throughBirthSteps(user);
    await fillAccount(user, { username: '力ナコ' });

    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'よく似たユーザー名がすでに使われています。別のユーザー名をお選びください',
    );
  });

  it.each([
    [
      'passwords that differ',
      { confirmation: 'hoshizora-2026' },
      'パスワードが一致しません',
    ],
    ['a password under 8 characters', { password: 'short7!', confirmation: 'short7!' }, 'パスワードは8文字以上で入力してください'],
  ])('refuses %s', async (_name, values, message) => {
    const sent = acceptSignup();
    const { user } = renderSignup();
    await throughBirthSteps(user);
    await fillAccount(user, values);

    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getAllByText(message).length).toBeGreaterThanOrEqual(2);
    expect(sent).toEqual([]);
  });

  it.each([
    ['an address without a domain', { email: 'hanako@' }, /^メールアドレス/],
    ['a username with a space', { username: 'hana ko' }, /^ユーザー名/],
    ['a username with an ideographic space', { username: 'はな　こ' }, /^ユーザー名/],
    ['a username with a Cyrillic look-alike letter', { username: 'hanak\u043e' }, /^ユーザー名/],
    ['a username that is too short', { username: 'hk' }, /^ユーザー名/],
    ['a username that is only underscores', { username: '___' }, /^ユーザー名/],
  ])('refuses %s as an input error', async (_name, values, label) => {
    const sent = acceptSignup();
    const { user } = renderSignup();
    await throughBirthSteps(user);
    await fillAccount(user, values);

    await user.click(submit());

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('入力エラー');
    expect(toast).toHaveTextContent('必要な情報を正しく入力してください');
    expect(field(label)).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  it('checks consent first, then matching passwords, then length, then the rest', () => {
    const valid = {
      email: 'hanako@example.com',
      username: 'hanako',
      password: 'hoshizora-2025',
      passwordConfirmation: 'hoshizora-2025',
      agreed: true,
    };
    expect(checkAccountFields(valid)).toEqual({ ok: true });
    expect(checkAccountFields({ ...valid, agreed: false, password: 'x' })).toMatchObject({
      ok: false,
      title: '同意が必要です',
      description: '利用規約およびプライバシーポリシーに同意してください',
    });
    expect(checkAccountFields({ ...valid, password: 'x', email: 'bad' })).toMatchObject({ title: 'パスワードが一致しません' });
    expect(checkAccountFields({ ...valid, password: 'x', passwordConfirmation: 'x', email: 'bad' })).toMatchObject({
      title: 'パスワードは8文字以上で入力してください',
    });
    expect(checkAccountFields({ ...valid, username: 'a'.repeat(21) })).toMatchObject({ title: '入力エラー' });
    expect(checkAccountFields({ ...valid, username: 'a'.repeat(20) })).toEqual({ ok: true });
    expect(checkAccountFields({ ...valid, username: 'はなこ' })).toEqual({ ok: true });
    expect(checkAccountFields({ ...valid, username: 'はな'.repeat(10) + 'こ' })).toMatchObject({
      errors: { username: 'ユーザー名は3〜20文字の英数字・ひらがな・カタカナ・漢字・_で入力してください' },
    });
  });

  it('opens the terms and the privacy policy', async () => {
    const { user } = renderSignup();
    await throughBirthSteps(user);

    await user.click(screen.getByRole('button', { name: '利用規約' }));
    const terms = await screen.findByRole('dialog', { name: /^利用規約/ }, { timeout: 8000 });
    expect(within(terms).getAllByText(/2025年9月27日/)[0]!).toBeInTheDocument();
    expect(within(terms).getAllByText(/過去12か月間/)[0]!).toBeInTheDocument();
    await user.click(within(terms).getAllByRole('button', { name: '閉じる' })[0]!);

    await user.click(screen.getByRole('button', { name: 'プライバシーポリシー' }));
    const privacy = await screen.findByRole('dialog', { name: /^プライバシーポリシー/ }, { timeout: 8000 });
    expect(within(privacy).getAllByText(/2025年9月27日/)[0]!).toBeInTheDocument();
    expect(within(privacy).getByRole('heading', { name: '2. 生年月日・出生時刻・出生地の利用と保管' })).toBeInTheDocument();
  }, 30_000);
});

describe('signup from an invite link', () => {
  const inviterId = '0193d1a2-7c1e-7000-8000-00000000000a';

  it('names the inviter and sends their id with the account', async () => {
    mockSession();
    server.use(
      http.get('/api/invites/:userId', () =>
        HttpResponse.json({
          inviter: { userId: inviterId, username: 'taro', firstName: '太郎', profileImageUrl: null },
          state: null,
        }),
      ),
    );
    const sent = acceptSignup();
    const { user } = renderApp(<AppRoutes />, { route: `/auth/signup?invite=${inviterId}` });

    expect(
      await screen.findByText('太郎さんからの招待です。登録してメール認証が済むと、太郎さんにフレンド申請が届きます。'),
    ).toBeInTheDocument();
    await throughBirthSteps(user);
    await fillAccount(user);
    await user.click(submit());

    await screen.findByRole('heading', { name: 'メール認証' });
    expect(sent[0]).toMatchObject({ inviterId });
  });

  it('leaves out an invite that is not a user id, and signs up all the same', async () => {
    const sent = acceptSignup();
    mockSession();
    const { user } = renderApp(<AppRoutes />, { route: '/auth/signup?invite=not-a-uuid' });

    await throughBirthSteps(user);
    await fillAccount(user);
    await user.click(submit());

    await screen.findByRole('heading', { name: 'メール認証' });
    expect(sent[0]).not.toHaveProperty('inviterId');
  });
});
