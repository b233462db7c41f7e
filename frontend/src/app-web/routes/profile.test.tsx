import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { AppRoutes } from '@/app-web/router';
import { apiPaths } from '@/config/paths';
import { mockSession } from '@/testing/mocks/accounts';
import { sampleUser } from '@/testing/mocks/data';
import { mockReadings } from '@/testing/mocks/readings';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

/** Counts GET /api/auth/user calls. */
function countUserReads() {
  const reads = { count: 0 };
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'GET' && new URL(request.url).pathname === apiPaths.auth.user) reads.count += 1;
  });
  return reads;
}

afterEach(() => {
  vi.useRealTimers();
  server.events.removeAllListeners();
});

describe('/profile and /life-fortune routes', () => {
  it('polls the user every 3 s while the chart is being built, then shows the chart and stops polling', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const session = mockSession({ ...sampleUser, baziChartStatus: 'generating' });
    const calls = mockReadings();
    const reads = countUserReads();
    renderApp(<AppRoutes />, { route: '/profile' });

    const panel = await screen.findByTestId('profile-panel-chart');
    expect(within(panel).getByRole('status')).toHaveTextContent('未来を覗き見中...');
    expect(reads.count).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(reads.count).toBe(2);
    expect(calls.chart).toBe(0);

    session.signIn({ ...sampleUser, baziChartStatus: 'ready' });
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(reads.count).toBe(3);
    expect(await screen.findByTestId('pillar-day-stem')).toHaveTextContent('庚');
    expect(calls.chart).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(12_000));
    expect(reads.count).toBe(3);
  });

  it('does not poll the user once the chart is ready', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockSession(sampleUser);
    mockReadings();
    const reads = countUserReads();
    renderApp(<AppRoutes />, { route: '/profile' });

    await screen.findByTestId('pillar-day-stem');
    await act(() => vi.advanceTimersByTimeAsync(9000));
    expect(reads.count).toBe(1);
  });

  it('serves /life-fortune to a signed-in person', async () => {
    mockSession(sampleUser);
    mockReadings();
    renderApp(<AppRoutes />, { route: '/life-fortune' });

    expect(await screen.findByRole('heading', { level: 1, name: '人生の運勢' })).toBeInTheDocument();
    expect(await screen.findByTestId('date-timeline')).toBeInTheDocument();
  });
});
