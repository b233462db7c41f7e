import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { AppRoutes } from '@/app-web/router';
import { apiPaths } from '@/config/paths';
import type { Consent } from '@/features/settings/api/consent';
import type { EmailPreferences } from '@/features/settings/api/email-preferences';
import { apiError, mockSession } from '@/testing/mocks/accounts';
import { mockAnalytics } from '@/testing/mocks/analytics';
import { sampleUser } from '@/testing/mocks/data';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

const ANALYTICS = '利用状況の分析に協力する';
const MARKETING = 'お知らせやキャンペーンのメールを受け取る';

/** /settings for a member whose consents are `consent`; the gateway keeps changes and records them. */
function renderPrivacy(consent: Partial<Consent> = {}) {
  mockSession(sampleUser);
  const gateway = mockAnalytics({ consent });
  server.use(
    http.get(apiPaths.settings.emailPreferences, () =>
      HttpResponse.json<EmailPreferences>({
        friendRequestReceived: true,
        friendRequestAccepted: true,
        mentionedInDiary: true,
        futureDiaryDelivery: true,
        inactivityReminder: false,
      }),
    ),
  );
  return { gateway, ...renderApp(<AppRoutes />, { route: '/settings' }) };
}

const privacy = () => screen.findByRole('region', { name: 'プライバシー' });
const toggle = async (name: string) => within(await privacy()).findByRole('switch', { name });

async function turnAnalyticsOff(user: UserEvent) {
  await user.click(await toggle(ANALYTICS));
  return screen.findByRole('dialog', { name: '利用状況の記録を停止します' });
}

describe('settings: privacy', () => {
  it("shows the member's consents with what the analytics one means", async () => {
    renderPrivacy({ analyticsConsent: true, marketingConsent: false });

    const analytics = await toggle(ANALYTICS);
    expect(analytics).toBeChecked();
    expect(analytics).toHaveAccessibleDescription(
      '閲覧したページや使った機能を記録し、サービスの改善に使います。個人を特定する目的には使いません。',
    );
    expect(await toggle(MARKETING)).not.toBeChecked();
  });

  it('saves each switch as soon as it is flipped on', async () => {
    const { gateway, user } = renderPrivacy();

    const marketing = await toggle(MARKETING);
    await user.click(marketing);
    expect(marketing).toBeChecked();
    expect(await screen.findByRole('status')).toHaveTextContent('プライバシー設定を保存しました');

    const analytics = await toggle(ANALYTICS);
    await user.click(analytics);
    expect(analytics).toBeChecked();
    await waitFor(() => expect(gateway.consentChanges).toEqual([{ marketingConsent: true }, { analyticsConsent: true }]));
  });

  it('turns the marketing mails off without asking', async () => {
    const { gateway, user } = renderPrivacy({ marketingConsent: true });

    await user.click(await toggle(MARKETING));

    await waitFor(() => expect(gateway.consentChanges).toEqual([{ marketingConsent: false }]));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks before stopping analytics, with two equal answers, and 記録を停止する keeps what was recorded', async () => {
    const { gateway, user } = renderPrivacy({ analyticsConsent: true });

    const dialog = await turnAnalyticsOff(user);
    expect(dialog).toHaveTextContent('今この時点から、閲覧したページや使った機能の記録を停止します。');
    const stop = within(dialog).getByRole('button', { name: '記録を停止する' });
    const stopAndDelete = within(dialog).getByRole('button', { name: '停止して記録を削除する' });
    expect(stop.className).toBe(stopAndDelete.className);
    // Nothing is sent until an answer is picked.
    expect(gateway.consentChanges).toEqual([]);

    await user.click(stop);

    await waitFor(() => expect(gateway.consentChanges).toEqual([{ analyticsConsent: false }]));
    expect(await toggle(ANALYTICS)).not.toBeChecked();
    expect(await screen.findByRole('status')).toHaveTextContent('利用状況の記録を停止しました');
  });

  it('stops analytics and deletes what was recorded with 停止して記録を削除する', async () => {
    const { gateway, user } = renderPrivacy({ analyticsConsent: true });

    const dialog = await turnAnalyticsOff(user);
    await user.click(within(dialog).getByRole('button', { name: '停止して記録を削除する' }));

    await waitFor(() => expect(gateway.consentChanges).toEqual([{ analyticsConsent: false, deleteCollected: true }]));
    expect(await toggle(ANALYTICS)).not.toBeChecked();
    expect(await screen.findByRole('status')).toHaveTextContent('利用状況の記録を停止し、これまでの記録を削除しました');
  });

  it('keeps analytics on when the dialog is cancelled', async () => {
    const { gateway, user } = renderPrivacy({ analyticsConsent: true });

    const dialog = await turnAnalyticsOff(user);
    await user.click(within(dialog).getByRole('button', { name: 'キャンセル' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await toggle(ANALYTICS)).toBeChecked();
    expect(gateway.consentChanges).toEqual([]);
  });

  it('puts a switch back when saving fails', async () => {
    const { user } = renderPrivacy();
    server.use(http.put(apiPaths.settings.consent, () => apiError(400, 'INVALID_REQUEST', '設定を保存できませんでした')));

    const marketing = await toggle(MARKETING);
    await user.click(marketing);

    expect(await screen.findByRole('alert')).toHaveTextContent('設定を保存できませんでした');
    expect(marketing).not.toBeChecked();
  });
});
