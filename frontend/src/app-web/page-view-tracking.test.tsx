import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';

import { AppRoutes } from '@/app-web/router';
import { LANDING_ANIMATION_FLAG } from '@/config/constants';
import { apiPaths } from '@/config/paths';
import type { PageViewEvent } from '@/features/analytics/api/send-page-views';
import type { EmailPreferences } from '@/features/settings/api/email-preferences';
import { mockSession } from '@/testing/mocks/accounts';
import { mockAnalytics } from '@/testing/mocks/analytics';
import { sampleUser } from '@/testing/mocks/data';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

type Beacon = Mock<(url: string, data?: BodyInit | null) => boolean>;

let beacon: Beacon;

beforeEach(() => {
  beacon = vi.fn(() => true);
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true, writable: true });
  localStorage.setItem(LANDING_ANIMATION_FLAG, 'true');
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'sendBeacon');
  Reflect.deleteProperty(document, 'visibilityState');
});

function hidePage() {
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

/** The paths of every page view sent with sendBeacon so far. */
async function beaconPaths(): Promise<string[]> {
  const batches = await Promise.all(beacon.mock.calls.map(([, data]) => textOf(data as Blob)));
  return batches.flatMap((json) => (JSON.parse(json) as { events: PageViewEvent[] }).events.map((event) => event.path));
}

const notice = () => screen.findByRole('region', { name: '利用状況の記録について' });

describe('page views of a visitor', () => {
  it('records nothing before the visitor agrees, then the page they are on and the next ones', async () => {
    const gateway = mockAnalytics();
    const { user } = renderApp(<AppRoutes />, { route: '/?from=ad' });

    const card = await notice();
    hidePage();
    expect(beacon).not.toHaveBeenCalled();

    await user.click(within(card).getByRole('button', { name: '同意する' }));
    await waitFor(() => expect(gateway.visitorChanges).toEqual([{ analytics: true }]));
    await user.click(within(screen.getByRole('contentinfo')).getByRole('link', { name: '巡りについて' }));
    expect(await screen.findByRole('heading', { name: '巡りについて', level: 1 })).toBeInTheDocument();
    // Answered: the about page does not ask again.
    expect(screen.queryByRole('region', { name: '利用状況の記録について' })).not.toBeInTheDocument();

    // Hidden again on each try: a view recorded after one hide (the consent and the route settle in
    // their own renders, later under load) goes with the next, as it would when the tab is left.
    await waitFor(async () => {
      hidePage();
      expect(await beaconPaths()).toEqual(['/', '/about']);
    });
  });

  it('records nothing for a visitor who declines', async () => {
    const gateway = mockAnalytics();
    const { user } = renderApp(<AppRoutes />, { route: '/' });

    await user.click(within(await notice()).getByRole('button', { name: '同意しない' }));
    await user.click(within(screen.getByRole('contentinfo')).getByRole('link', { name: '巡りについて' }));
    expect(await screen.findByRole('heading', { name: '巡りについて', level: 1 })).toBeInTheDocument();
    hidePage();

    expect(gateway.visitorChanges).toEqual([{ analytics: false }]);
    expect(beacon).not.toHaveBeenCalled();
    expect(gateway.batches).toEqual([]);
  });

  it("stops at once when the visitor withdraws in the footer's dialog", async () => {
    const gateway = mockAnalytics({ visitor: true });
    const { user } = renderApp(<AppRoutes />, { route: '/about' });
    expect(await screen.findByRole('heading', { name: '巡りについて', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '利用状況の記録について' })).not.toBeInTheDocument();

    await user.click(within(screen.getByRole('contentinfo')).getByRole('button', { name: '利用状況の記録' }));
    const dialog = await screen.findByRole('dialog', { name: '利用状況の記録' });
    await user.click(await within(dialog).findByRole('switch', { name: 'このブラウザでの利用状況の記録に同意する' }));
    await user.click(within(dialog).getByRole('button', { name: '保存する' }));
    await waitFor(() => expect(gateway.visitorChanges).toEqual([{ analytics: false }]));
    hidePage();

    expect(beacon).not.toHaveBeenCalled();
    expect(gateway.batches).toEqual([]);
  });
});

describe('page views of a member', () => {
  function renderSettings(analyticsConsent: boolean) {
    mockSession(sampleUser);
    const gateway = mockAnalytics({ consent: { analyticsConsent } });
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
    return { gateway, ...renderApp(<AppRoutes />, { route: '/settings#support' }) };
  }

  it("are recorded with the member's consent, and nobody is asked on the public pages", async () => {
    renderSettings(true);

    expect(await screen.findByRole('switch', { name: '利用状況の分析に協力する' })).toBeChecked();
    hidePage();

    await waitFor(async () => expect(await beaconPaths()).toEqual(['/settings']));
    expect(screen.queryByRole('region', { name: '利用状況の記録について' })).not.toBeInTheDocument();
  });

  it('stop at once, the queue dropped, when the member turns analytics off in settings', async () => {
    const { gateway, user } = renderSettings(true);

    await user.click(await screen.findByRole('switch', { name: '利用状況の分析に協力する' }));
    const dialog = await screen.findByRole('dialog', { name: '利用状況の記録を停止します' });
    await user.click(within(dialog).getByRole('button', { name: '記録を停止する' }));
    await waitFor(() => expect(gateway.consentChanges).toEqual([{ analyticsConsent: false }]));
    hidePage();

    expect(beacon).not.toHaveBeenCalled();
    expect(gateway.batches).toEqual([]);
  });

  it('are not recorded without the consent', async () => {
    const { gateway } = renderSettings(false);

    expect(await screen.findByRole('switch', { name: '利用状況の分析に協力する' })).not.toBeChecked();
    hidePage();

    expect(beacon).not.toHaveBeenCalled();
    expect(gateway.batches).toEqual([]);
  });
});
