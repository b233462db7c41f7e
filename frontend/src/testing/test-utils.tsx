import { useEffect, type ReactElement, type ReactNode } from 'react';
import { render, screen, type RenderOptions } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { SWRConfig } from 'swr';

import { AppProvider } from '@/app-web/provider';
import { BaseProviders } from '@/components/providers/base-providers';
import { server } from '@/testing/mocks/server';

type RenderAppOptions = Omit<RenderOptions, 'wrapper'> & {
  /** The URL the in-memory router starts at. */
  route?: string;
};

/**
 * Renders `ui` inside the app's providers and an in-memory router, with an empty swr cache so no test
 * sees another's data. Returns Testing Library's queries plus a user-event instance.
 */
export function renderApp(ui: ReactElement, { route = '/', ...options }: RenderAppOptions = {}) {
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <SWRConfig value={{ provider: () => new Map() }}>
      <MemoryRouter initialEntries={[route]}>
        <AppProvider>{children}</AppProvider>
      </MemoryRouter>
    </SWRConfig>
  );
  // Checking `pointer-events` on every event means computing styles up the tree, which is slow in jsdom
  // and tells nothing here (no element of ours disables pointer events on purpose).
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  return { user, ...render(ui, { wrapper: Wrapper, ...options }) };
}

/** Where the in-memory router is, as `/path?query` (kept up to date by a probe inside it). */
export type LocationRef = { current: string };

function LocationProbe({ locationRef }: { locationRef: LocationRef }) {
  const { pathname, search } = useLocation();
  useEffect(() => {
    locationRef.current = `${pathname}${search}`;
  }, [locationRef, pathname, search]);
  return null;
}

/**
 * Renders `ui` (usually the admin build's `<AdminRoutes />`) as the admin build does: the base providers (no
 * member session handling), an in-memory router at `route` and an empty swr cache. `location.current` says
 * where the router is now.
 */
export function renderAdmin(ui: ReactElement, { route = '/admin', ...options }: RenderAppOptions = {}) {
  const location: LocationRef = { current: route };
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <SWRConfig value={{ provider: () => new Map() }}>
      <MemoryRouter initialEntries={[route]}>
        <BaseProviders>{children}</BaseProviders>
        <LocationProbe locationRef={location} />
      </MemoryRouter>
    </SWRConfig>
  );
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  return { user, location, ...render(ui, { wrapper: Wrapper, ...options }) };
}

/**
 * The toast saying `text`. A screen may hold other live regions (role="status", e.g. the rating's
 * caption on home or a place field's hint), so a toast is found by what it says, not as the only one.
 */
export function toastSaying(text: string): HTMLElement {
  const toast = screen.getAllByRole('status').find((el) => el.textContent?.includes(text));
  if (!toast) throw new Error(`no status region says '${text}'`);
  return toast;
}

/**
 * Every request the code under test sends from now on, as "METHOD /path?query", in order. The test's
 * `afterEach` removes the listener (`server.events.removeAllListeners()`).
 */
export function recordRequests(): string[] {
  const seen: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    seen.push(`${request.method} ${url.pathname}${url.search}`);
  });
  return seen;
}
