import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { AppRoutes } from '@/app-web/router';
import { apiPaths } from '@/config/paths';
import { DEFAULT_COORDINATES, loadPreFillBirthData, savePreFillBirthData } from '@/lib/birth-data';
import { mockSession } from '@/testing/mocks/accounts';
import { hasDstChoice, SKIPPED_TIME_MESSAGE, skippedTimeRefusal } from '@/testing/mocks/dst';
import { server } from '@/testing/mocks/server';
import { renderApp, toastSaying } from '@/testing/test-utils';

/**
 * The signup wizard with a birth time summer time skipped (1948-05-02 00:30, Tokyo): the gateway asks how to
 * read it, the picked reading goes with the account, and a reading picked on the landing comes along.
 */

const next = () => screen.getByRole('button', { name: '次へ' });
const stepTitle = (name: string) => screen.findByRole('heading', { level: 2, name });
const field = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });

function renderSignup() {
  mockSession();
  return renderApp(<AppRoutes />, { route: '/auth/signup' });
}

/** The gateway: a 400 with the readings for a sign-up without `dstChoice`, 201 with one. Keeps what was sent. */
function gatewayAskingForReading() {
  const sent: Record<string, unknown>[] = [];
  server.use(
    http.post(apiPaths.auth.signup, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      if (!hasDstChoice(body)) return skippedTimeRefusal();
      return HttpResponse.json({ message: 'メール認証コードを送信しました', email: String(body.email) }, { status: 201 });
    }),
  );
  return sent;
}

async function pickTime(user: UserEvent, hour: string, minute: string) {
  await user.selectOptions(screen.getByRole('combobox', { name: '時' }), hour);
  await user.selectOptions(screen.getByRole('combobox', { name: '分' }), minute);
}

async function fillAccount(user: UserEvent) {
  await user.type(field(/^メールアドレス/), 'hanako@example.com');
  await user.type(field(/^ユーザー名/), 'hanako_48');
  await user.type(field(/^パスワード(?!（確認）)/), 'hoshizora-2025');
  await user.type(field(/^パスワード（確認）/), 'hoshizora-2025');
  await user.click(screen.getByRole('checkbox', { name: /利用規約およびプライバシーポリシーに同意します/ }));
}

const preFill = () =>
  savePreFillBirthData({
    birthDate: '1948-05-02',
    birthTime: '00:30',
    birthLocation: '東京, 日本',
    coordinates: DEFAULT_COORDINATES,
    dstChoice: 'standard',
  });

describe('signup with a birth time summer time skipped', () => {
  it('offers the readings when the gateway asks, and sends the account again with the one picked', async () => {
    const sent = gatewayAskingForReading();
    const { user } = renderSignup();
    await user.click(await screen.findByRole('button', { name: 'スキップ（その他・答えたくない）' }));
    await stepTitle('生年月日を選んでください');
    await user.selectOptions(screen.getByRole('combobox', { name: '年' }), '1948');
    await user.selectOptions(screen.getByRole('combobox', { name: '月' }), '5');
    await user.selectOptions(screen.getByRole('combobox', { name: '日' }), '2');
    await user.click(next());
    await stepTitle('生まれた時刻を選んでください');
    await pickTime(user, '00', '30');
    await user.click(next());
    await user.click(await screen.findByRole('button', { name: 'スキップ' }));
    await stepTitle('アカウント情報を入力してください');
    await fillAccount(user);

    await user.click(screen.getByRole('button', { name: '登録を完了する' }));

    // The gateway's own message, and its readings beside the submit.
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('登録エラー');
    expect(toast).toHaveTextContent(SKIPPED_TIME_MESSAGE);
    const picker = await screen.findByRole('group', { name: 'サマータイムの時刻の読み方' });
    expect(picker).toHaveTextContent('1948年5月2日 00:30 はサマータイムの開始で時計が進められ、存在しない時刻です。');
    expect(sent).toHaveLength(1);
    expect(sent[0]).not.toHaveProperty('dstChoice');

    await user.click(within(picker).getByRole('radio', { name: /^標準時として読む/ }));
    await user.click(within(picker).getByRole('button', { name: 'この読み方で登録する' }));

    expect(await screen.findByRole('heading', { name: 'メール認証' })).toBeInTheDocument();
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({ birthDate: '1948-05-02', birthTime: '00:30', dstChoice: 'standard' });
    expect(toastSaying('アカウント作成成功')).toHaveTextContent(
      'メール認証コードが送信されました。生まれた時刻は、夏時間の切り替えで存在しない時刻のため、標準時として読んでいます。',
    );
  });

  it('takes the reading picked on the landing along, so the gateway does not ask again', async () => {
    preFill();
    const sent = gatewayAskingForReading();
    const { user } = renderSignup();
    await user.click(await screen.findByRole('radio', { name: '女性' }));
    await user.click(next());
    await stepTitle('生年月日を選んでください');
    await user.click(next());
    await stepTitle('生まれた時刻を選んでください');
    expect(screen.getByRole('note')).toHaveTextContent('00:30 として計算します。');
    expect(screen.getByRole('note')).toHaveTextContent('夏時間の切り替えにかかる時刻のため、標準時として読んでいます。');
    await user.click(next());
    await stepTitle('生まれた場所を入力してください');
    await user.click(next());
    await stepTitle('アカウント情報を入力してください');
    await fillAccount(user);

    await user.click(screen.getByRole('button', { name: '登録を完了する' }));

    await screen.findByRole('heading', { name: 'メール認証' });
    expect(sent).toEqual([expect.objectContaining({ birthTime: '00:30', dstChoice: 'standard' })]);
    expect(loadPreFillBirthData()).toBeNull();
  });

  it('drops the landing reading when the time changes, and the gateway asks about the new one', async () => {
    preFill();
    const sent = gatewayAskingForReading();
    const { user } = renderSignup();
    await user.click(await screen.findByRole('radio', { name: '女性' }));
    await user.click(next());
    await stepTitle('生年月日を選んでください');
    await user.click(next());
    await stepTitle('生まれた時刻を選んでください');
    await pickTime(user, '00', '45');
    expect(screen.getByRole('note')).toHaveTextContent('00:45 として計算します。');
    expect(screen.getByRole('note')).not.toHaveTextContent('標準時として読んでいます');
    await user.click(next());
    await stepTitle('生まれた場所を入力してください');
    await user.click(next());
    await stepTitle('アカウント情報を入力してください');
    await fillAccount(user);

    await user.click(screen.getByRole('button', { name: '登録を完了する' }));

    expect(await screen.findByRole('group', { name: 'サマータイムの時刻の読み方' })).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ birthTime: '00:45' });
    expect(sent[0]).not.toHaveProperty('dstChoice');
    expect(loadPreFillBirthData()).not.toBeNull();
  });
});
