import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { AppRoutes } from '@/app-web/router';
import { apiPaths } from '@/config/paths';
import type { User } from '@/features/auth/api/get-user';
import { mockSession } from '@/testing/mocks/accounts';
import { sampleUser } from '@/testing/mocks/data';
import { hasDstChoice, SKIPPED_TIME_MESSAGE, skippedTimeRefusal } from '@/testing/mocks/dst';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

/**
 * The settings birth form with a birth time summer time skipped (1948-05-02 00:30, Tokyo): the stored reading
 * is shown and kept, a new time drops it, and the gateway's question is answered in place.
 */

const skippedBirth: User = {
  ...sampleUser,
  birthDate: '1948-05-02',
  birthTime: '00:30',
  birthLocation: '東京, 日本',
  birthLongitude: 139.6503,
  birthLatitude: 35.6762,
  dstChoice: 'standard',
};

const STORED_READING = '夏時間の切り替えにかかる時刻のため、標準時として読んでいます';

/** Signs `user` in, opens /settings, and has the gateway ask for a reading when none is sent. */
function renderSettings(user: User) {
  mockSession(user);
  const sent: Record<string, unknown>[] = [];
  server.use(
    http.get(apiPaths.settings.emailPreferences, () =>
      HttpResponse.json({
        friendRequestReceived: true,
        friendRequestAccepted: true,
        mentionedInDiary: true,
        futureDiaryDelivery: true,
        inactivityReminder: false,
      }),
    ),
    http.put(apiPaths.settings.birthData, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      if (body.birthDate === '1948-05-02' && String(body.birthTime).startsWith('00:') && !hasDstChoice(body)) {
        return skippedTimeRefusal();
      }
      return HttpResponse.json({ ...user, dstChoice: (body.dstChoice as User['dstChoice']) ?? null });
    }),
  );
  return { sent, ...renderApp(<AppRoutes />, { route: '/settings' }) };
}

const birthSection = () => screen.findByRole('region', { name: '生年月日・出生情報' });

describe('settings: a birth time summer time skipped', () => {
  it('shows the stored reading under the time and keeps it when the time is saved unchanged', async () => {
    const { user, sent } = renderSettings(skippedBirth);
    const scope = await birthSection();

    expect(within(scope).getByText(STORED_READING)).toBeInTheDocument();
    await user.click(within(scope).getByRole('radio', { name: 'その他' }));
    await user.click(within(scope).getByRole('button', { name: '出生情報を保存' }));

    expect(await screen.findByRole('status')).toHaveTextContent('出生情報を更新しました');
    expect(sent).toEqual([expect.objectContaining({ gender: 'other', birthTime: '00:30', dstChoice: 'standard' })]);
  });

  it('drops the reading when the time changes, offers the readings the gateway sends and saves the one picked', async () => {
    const { user, sent } = renderSettings(skippedBirth);
    const scope = await birthSection();

    await user.selectOptions(within(scope).getByRole('combobox', { name: '分' }), '45');
    expect(within(scope).queryByText(STORED_READING)).toBeNull();
    await user.click(within(scope).getByRole('button', { name: '出生情報を保存' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(SKIPPED_TIME_MESSAGE);
    const picker = await within(scope).findByRole('group', { name: 'サマータイムの時刻の読み方' });
    expect(sent[0]).toMatchObject({ birthTime: '00:45' });
    expect(sent[0]).not.toHaveProperty('dstChoice');

    await user.click(within(picker).getByRole('radio', { name: /^切り替え後の時刻として読む/ }));
    await user.click(within(picker).getByRole('button', { name: 'この読み方で保存する' }));

    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ birthTime: '00:45', dstChoice: 'later' });
    expect(await screen.findByRole('status')).toHaveTextContent('出生情報を更新しました');
    expect(within(scope).queryByRole('group', { name: 'サマータイムの時刻の読み方' })).toBeNull();
    expect(
      within(scope).getByText('夏時間の切り替えで存在しない時刻のため、切り替え後の時刻として読んでいます'),
    ).toBeInTheDocument();
  });

  it('drops the reading when the date changes', async () => {
    const { user, sent } = renderSettings(skippedBirth);
    const scope = await birthSection();

    await user.selectOptions(within(scope).getByRole('combobox', { name: '日' }), '3');
    expect(within(scope).queryByText(STORED_READING)).toBeNull();
    await user.click(within(scope).getByRole('button', { name: '出生情報を保存' }));

    await screen.findByRole('status');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ birthDate: '1948-05-03', birthTime: '00:30' });
    expect(sent[0]).not.toHaveProperty('dstChoice');
  });
});
