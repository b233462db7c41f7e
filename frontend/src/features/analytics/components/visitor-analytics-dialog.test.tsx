import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { ANALYTICS_NOTICE_KEY } from '@/config/constants';
import { VisitorAnalyticsLink } from '@/features/analytics/components/visitor-analytics-link';
import { mockAnalytics } from '@/testing/mocks/analytics';
import { renderApp, toastSaying } from '@/testing/test-utils';

async function openDialog() {
  const rendered = renderApp(<VisitorAnalyticsLink />);
  await rendered.user.click(screen.getByRole('button', { name: '利用状況の記録' }));
  const dialog = await screen.findByRole('dialog', { name: '利用状況の記録' });
  return { ...rendered, dialog };
}

const consentSwitch = (dialog: HTMLElement) =>
  within(dialog).findByRole('switch', { name: 'このブラウザでの利用状況の記録に同意する' });

describe("the footer's 利用状況の記録", () => {
  it('shows that nothing is recorded and records from now on when switched on', async () => {
    const gateway = mockAnalytics();
    const { user, dialog } = await openDialog();

    const toggle = await consentSwitch(dialog);
    expect(toggle).not.toBeChecked();
    expect(dialog).toHaveTextContent('現在、このブラウザでの利用状況は記録していません。');
    const save = within(dialog).getByRole('button', { name: '保存する' });
    expect(save).toBeDisabled();

    await user.click(toggle);
    expect(within(dialog).queryByRole('checkbox', { name: 'これまでの記録も削除する' })).not.toBeInTheDocument();
    await user.click(save);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(gateway.visitorChanges).toEqual([{ analytics: true }]);
    expect(localStorage.getItem(ANALYTICS_NOTICE_KEY)).toBe('granted');
    expect(toastSaying('利用状況の記録に同意しました')).toBeInTheDocument();
  });

  it('stops recording, and deletes what was recorded when asked to', async () => {
    const gateway = mockAnalytics({ visitor: true });
    const { user, dialog } = await openDialog();

    const toggle = await consentSwitch(dialog);
    expect(toggle).toBeChecked();
    expect(dialog).toHaveTextContent('現在、このブラウザでの記録に同意しています。');

    await user.click(toggle);
    await user.click(within(dialog).getByRole('checkbox', { name: 'これまでの記録も削除する' }));
    await user.click(within(dialog).getByRole('button', { name: '保存する' }));

    await waitFor(() => expect(gateway.visitorChanges).toEqual([{ analytics: false, deleteCollected: true }]));
    expect(localStorage.getItem(ANALYTICS_NOTICE_KEY)).toBe('denied');
    await waitFor(() => expect(toastSaying('記録を停止し、これまでの記録を削除しました')).toBeInTheDocument());
  });

  it('stops recording and keeps what was recorded when the box is left unticked', async () => {
    const gateway = mockAnalytics({ visitor: true });
    const { user, dialog } = await openDialog();

    await user.click(await consentSwitch(dialog));
    expect(within(dialog).getByRole('checkbox', { name: 'これまでの記録も削除する' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: '保存する' }));

    await waitFor(() => expect(gateway.visitorChanges).toEqual([{ analytics: false }]));
    await waitFor(() => expect(toastSaying('利用状況の記録を停止しました')).toBeInTheDocument());
  });

  it('changes nothing when cancelled, and starts from what is stored when opened again', async () => {
    const gateway = mockAnalytics({ visitor: true });
    const { user, dialog } = await openDialog();

    await user.click(await consentSwitch(dialog));
    await user.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: '利用状況の記録' }));
    const again = await screen.findByRole('dialog', { name: '利用状況の記録' });
    expect(await consentSwitch(again)).toBeChecked();
    expect(gateway.visitorChanges).toEqual([]);
  });
});
