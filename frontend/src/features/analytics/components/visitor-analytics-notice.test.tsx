import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';

import { ANALYTICS_NOTICE_KEY } from '@/config/constants';
import { apiPaths } from '@/config/paths';
import { useVisitorConsent } from '@/features/analytics/api/visitor-consent';
import { VisitorAnalyticsNotice } from '@/features/analytics/components/visitor-analytics-notice';
import { apiError } from '@/testing/mocks/accounts';
import { mockAnalytics } from '@/testing/mocks/analytics';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

/** Says when the consent has been read: the notice decides in the same render. */
function ConsentProbe() {
  const { data } = useVisitorConsent();
  return data ? <p>{`consent read: ${String(data.analytics)}`}</p> : null;
}

function renderNotice() {
  return renderApp(
    <>
      <ConsentProbe />
      <VisitorAnalyticsNotice />
    </>,
  );
}

const notice = () => screen.findByRole('region', { name: '利用状況の記録について' });
const queryNotice = () => screen.queryByRole('region', { name: '利用状況の記録について' });

describe('the analytics notice', () => {
  it('asks a new visitor, with the privacy policy, two equal answers and a close button', async () => {
    mockAnalytics();
    const { user } = renderNotice();

    const card = await notice();
    expect(card).toHaveTextContent(
      'サービス改善のため、このブラウザでの利用状況（閲覧したページなど）を記録してもよろしいですか？同意はいつでも取り消せます。',
    );
    const agree = within(card).getByRole('button', { name: '同意する' });
    const decline = within(card).getByRole('button', { name: '同意しない' });
    // No dark pattern: the two answers look the same.
    expect(agree.className).toBe(decline.className);
    expect(within(card).getByRole('button', { name: '閉じる' })).toBeInTheDocument();
    // Not a modal: the page stays usable.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'プライバシーポリシー' }));
    expect(await screen.findByRole('dialog', { name: /プライバシーポリシー/ })).toBeInTheDocument();
  });

  it('sends a yes, goes away and remembers the answer', async () => {
    const gateway = mockAnalytics();
    const { user } = renderNotice();

    await user.click(within(await notice()).getByRole('button', { name: '同意する' }));

    expect(queryNotice()).not.toBeInTheDocument();
    await waitFor(() => expect(gateway.visitorChanges).toEqual([{ analytics: true }]));
    expect(localStorage.getItem(ANALYTICS_NOTICE_KEY)).toBe('granted');
    expect(await screen.findByText('consent read: true')).toBeInTheDocument();
  });

  it('sends a no, goes away and remembers the answer', async () => {
    const gateway = mockAnalytics();
    const { user } = renderNotice();

    await user.click(within(await notice()).getByRole('button', { name: '同意しない' }));

    expect(queryNotice()).not.toBeInTheDocument();
    await waitFor(() => expect(gateway.visitorChanges).toEqual([{ analytics: false }]));
    expect(localStorage.getItem(ANALYTICS_NOTICE_KEY)).toBe('denied');
  });

  it('closes with × without sending anything, and stays closed', async () => {
    const gateway = mockAnalytics();
    const { user, unmount } = renderNotice();

    await user.click(within(await notice()).getByRole('button', { name: '閉じる' }));

    expect(queryNotice()).not.toBeInTheDocument();
    expect(localStorage.getItem(ANALYTICS_NOTICE_KEY)).toBe('dismissed');
    unmount();
    renderNotice();
    expect(await screen.findByText('consent read: false')).toBeInTheDocument();
    expect(queryNotice()).not.toBeInTheDocument();
    expect(gateway.visitorChanges).toEqual([]);
  });

  it.each(['granted', 'denied', 'dismissed'])('does not ask a browser that answered before (%s)', async (answer) => {
    mockAnalytics();
    localStorage.setItem(ANALYTICS_NOTICE_KEY, answer);
    renderNotice();

    expect(await screen.findByText('consent read: false')).toBeInTheDocument();
    expect(queryNotice()).not.toBeInTheDocument();
  });

  it('does not ask a browser that agreed already', async () => {
    mockAnalytics({ visitor: true });
    renderNotice();

    expect(await screen.findByText('consent read: true')).toBeInTheDocument();
    expect(queryNotice()).not.toBeInTheDocument();
  });

  it('says so and asks again when the answer could not be recorded', async () => {
    mockAnalytics();
    server.use(
      http.put(apiPaths.analytics.consent, () =>
        apiError(503, 'ANALYTICS_UNAVAILABLE', 'ただいま設定を保存できません。しばらくしてからもう一度お試しください'),
      ),
    );
    const { user } = renderNotice();

    await user.click(within(await notice()).getByRole('button', { name: '同意しない' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('ただいま設定を保存できません');
    expect(await notice()).toBeInTheDocument();
    expect(localStorage.getItem(ANALYTICS_NOTICE_KEY)).toBeNull();
  });
});
