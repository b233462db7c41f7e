import { screen } from '@testing-library/react';
import { Link, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';

import type { PageViewEvent } from '@/features/analytics/api/send-page-views';
import { usePageViewTracker } from '@/features/analytics/hooks/use-page-view-tracker';
import { mockAnalytics } from '@/testing/mocks/analytics';
import { renderApp } from '@/testing/test-utils';

/** The tracker as the app mounts it, with links that carry query strings and hashes. */
function Harness({ allowedFor }: { allowedFor: string | null }) {
  const { pathname } = useLocation();
  usePageViewTracker({ pathname, allowedFor });
  return (
    <nav>
      <Link to="/about?utm_source=mail#concept">about</Link>
      <Link to="/legal/tokushoho?from=shop">tokushoho</Link>
    </nav>
  );
}

type Beacon = Mock<(url: string, data?: BodyInit | null) => boolean>;

/** Replaces `navigator.sendBeacon` (jsdom has none) for this test. */
function mockBeacon(accepts = true): Beacon {
  const beacon: Beacon = vi.fn(() => accepts);
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true, writable: true });
  return beacon;
}

function setDocument(property: 'visibilityState' | 'referrer', value: string) {
  Object.defineProperty(document, property, { value, configurable: true });
}

function hidePage() {
  setDocument('visibilityState', 'hidden');
  document.dispatchEvent(new Event('visibilitychange'));
}

/** jsdom's Blob has no `text()`. */
function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable blob'));
    reader.readAsText(blob);
  });
}

async function beaconEvents(beacon: Beacon, call = 0): Promise<PageViewEvent[]> {
  const [url, data] = beacon.mock.calls[call] ?? [];
  expect(url).toBe('/api/analytics/events');
  expect(data).toBeInstanceOf(Blob);
  const blob = data as Blob;
  expect(blob.type).toBe('application/json');
  return (JSON.parse(await textOf(blob)) as { events: PageViewEvent[] }).events;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'sendBeacon');
  Reflect.deleteProperty(document, 'visibilityState');
  Reflect.deleteProperty(document, 'referrer');
});

describe('usePageViewTracker', () => {
  it('queues a page view per route change, without query strings or hashes, and sends them with sendBeacon when the page is hidden', async () => {
    const beacon = mockBeacon();
    setDocument('referrer', 'https://search.example/results?q=meguri');
    const { user } = renderApp(<Harness allowedFor="visitor" />, { route: '/?utm_source=ad#hero' });

    await user.click(screen.getByRole('link', { name: 'about' }));
    await user.click(screen.getByRole('link', { name: 'tokushoho' }));
    expect(beacon).not.toHaveBeenCalled();
    hidePage();

    expect(beacon).toHaveBeenCalledTimes(1);
    expect(await beaconEvents(beacon)).toEqual([
      { name: 'page_view', path: '/', referrer: 'https://search.example/results' },
      { name: 'page_view', path: '/about' },
      { name: 'page_view', path: '/legal/tokushoho' },
    ]);
  });

  it('sends what is queued on pagehide too, and nothing twice', async () => {
    const beacon = mockBeacon();
    const { user } = renderApp(<Harness allowedFor="member" />, { route: '/home' });

    await user.click(screen.getByRole('link', { name: 'about' }));
    window.dispatchEvent(new Event('pagehide'));
    hidePage();

    expect(beacon).toHaveBeenCalledTimes(1);
    expect(await beaconEvents(beacon)).toEqual([
      { name: 'page_view', path: '/home' },
      { name: 'page_view', path: '/about' },
    ]);
  });

  it('falls back to fetch (keepalive, with credentials) without sendBeacon, or when it refuses the data', async () => {
    const gateway = mockAnalytics();
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { user } = renderApp(<Harness allowedFor="visitor" />, { route: '/' });

    hidePage();
    await expect.poll(() => gateway.batches).toEqual([[{ name: 'page_view', path: '/' }]]);
    const init = fetchSpy.mock.calls.find(([url]) => String(url).endsWith('/api/analytics/events'))?.[1];
    expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'include' });

    const beacon = mockBeacon(false);
    await user.click(screen.getByRole('link', { name: 'about' }));
    hidePage();
    expect(beacon).toHaveBeenCalledTimes(1);
    await expect.poll(() => gateway.batches).toHaveLength(2);
    expect(gateway.batches[1]).toEqual([{ name: 'page_view', path: '/about' }]);
  });

  it('records and sends nothing without consent', async () => {
    const beacon = mockBeacon();
    const gateway = mockAnalytics();
    const { user } = renderApp(<Harness allowedFor={null} />, { route: '/' });

    await user.click(screen.getByRole('link', { name: 'about' }));
    hidePage();
    window.dispatchEvent(new Event('pagehide'));

    expect(beacon).not.toHaveBeenCalled();
    expect(gateway.batches).toEqual([]);
  });

  it('stops at once and drops the queue when consent is withdrawn', async () => {
    const beacon = mockBeacon();
    const { user, rerender } = renderApp(<Harness allowedFor="visitor" />, { route: '/' });
    await user.click(screen.getByRole('link', { name: 'about' }));

    rerender(<Harness allowedFor={null} />);
    await user.click(screen.getByRole('link', { name: 'tokushoho' }));
    hidePage();

    expect(beacon).not.toHaveBeenCalled();
  });

  it('records the page the person is on when consent is given there', async () => {
    const beacon = mockBeacon();
    const { rerender } = renderApp(<Harness allowedFor={null} />, { route: '/about?x=1' });

    rerender(<Harness allowedFor="visitor" />);
    hidePage();

    expect(await beaconEvents(beacon)).toEqual([{ name: 'page_view', path: '/about' }]);
  });
});
