import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';

import { apiPaths } from '@/config/paths';
import { SupportSection } from '@/features/support/components/support-section';
import { apiError } from '@/testing/mocks/accounts';
import { server } from '@/testing/mocks/server';
import { mockSupport } from '@/testing/mocks/support';
import { renderApp, toastSaying } from '@/testing/test-utils';

async function openForm(user: UserEvent) {
  await user.click(await screen.findByRole('button', { name: '新しいお問い合わせ' }));
  return screen.findByRole('dialog', { name: '新しいお問い合わせ' });
}

const subjectField = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: /^件名/ });
const messageField = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: /^お問い合わせ内容/ });

describe('the new-ticket form', () => {
  it('opens a ticket, closes, returns the focus and lists it', async () => {
    const support = mockSupport();
    const { user } = renderApp(<SupportSection />, { route: '/settings' });
    await screen.findByText('お問い合わせはまだありません。');

    const dialog = await openForm(user);
    expect(subjectField(dialog)).toHaveFocus();
    await user.type(subjectField(dialog), '  ログインできません ');
    await user.type(messageField(dialog), 'パスワードを変えてから入れません。');
    expect(within(dialog).getByText('17 / 5000文字')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '送信する' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(support.created).toHaveLength(1);
    expect(support.created[0]).toMatchObject({ subject: 'ログインできません', message: 'パスワードを変えてから入れません。' });
    expect(support.created[0]?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(toastSaying('お問い合わせを受け付けました')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /ログインできません/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '新しいお問い合わせ' })).toHaveFocus();
  });

  it('checks the subject and the message before sending', async () => {
    const support = mockSupport();
    const { user } = renderApp(<SupportSection />, { route: '/settings' });

    const dialog = await openForm(user);
    await user.click(within(dialog).getByRole('button', { name: '送信する' }));
    expect(within(dialog).getByText('件名を入力してください')).toBeInTheDocument();
    expect(within(dialog).getByText('お問い合わせ内容を入力してください')).toBeInTheDocument();

    fireEvent.change(subjectField(dialog), { target: { value: 'あ'.repeat(101) } });
    fireEvent.change(messageField(dialog), { target: { value: 'い'.repeat(5001) } });
    expect(within(dialog).getByText('101 / 100文字')).toBeInTheDocument();
    expect(within(dialog).getByText('5001 / 5000文字')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '送信する' }));
    expect(within(dialog).getByText('件名は100文字以内・1行で入力してください')).toBeInTheDocument();
    expect(within(dialog).getByText('お問い合わせ内容は5000文字以内で入力してください')).toBeInTheDocument();

    // 100 characters, counted as a person counts them (𠮷 is one, though two UTF-16 units).
    fireEvent.change(subjectField(dialog), { target: { value: '𠮷'.repeat(100) } });
    fireEvent.change(messageField(dialog), { target: { value: '本文' } });
    expect(within(dialog).getByText('100 / 100文字')).toBeInTheDocument();
    expect(support.created).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: '送信する' }));
    await waitFor(() => expect(support.created).toHaveLength(1));
  });

  it('sends one requestId for a double click and opens one ticket', async () => {
    const support = mockSupport();
    const { user } = renderApp(<SupportSection />, { route: '/settings' });

    const dialog = await openForm(user);
    await user.type(subjectField(dialog), '二度押し');
    await user.type(messageField(dialog), '一度だけ届くはず');
    const send = within(dialog).getByRole('button', { name: '送信する' });
    fireEvent.click(send);
    fireEvent.click(send);
    expect(within(dialog).getByRole('button', { name: '送信中...' })).toBeDisabled();

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(new Set(support.created.map((body) => body.requestId)).size).toBe(1);
    expect(support.tickets).toHaveLength(1);
  });

  it("shows the server's message when it refuses, by the field it is about or above the form", async () => {
    mockSupport();
    const { user } = renderApp(<SupportSection />, { route: '/settings' });
    server.use(
      http.post(apiPaths.support.tickets, () =>
        apiError(400, 'TICKET_SUBJECT_TOO_LONG', '件名は100文字以内・1行で入力してください（サーバー）'),
      ),
    );

    const dialog = await openForm(user);
    await user.type(subjectField(dialog), '件名');
    await user.type(messageField(dialog), '本文');
    await user.click(within(dialog).getByRole('button', { name: '送信する' }));
    expect(await within(dialog).findByText('件名は100文字以内・1行で入力してください（サーバー）')).toBeInTheDocument();

    // Support goes down: its 503 is not about a field, so it is said above the form.
    server.resetHandlers();
    mockSupport({ down: true });
    await user.type(messageField(dialog), '。');
    await user.click(within(dialog).getByRole('button', { name: '送信する' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'サポートに接続できません。しばらくしてからもう一度お試しください',
    );
    expect(within(dialog).getByRole('button', { name: '送信する' })).toBeEnabled();
  });

  it('closes with キャンセル and gives the focus back to the button', async () => {
    mockSupport();
    const { user } = renderApp(<SupportSection />, { route: '/settings' });

    const dialog = await openForm(user);
    await user.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: '新しいお問い合わせ' })).toHaveFocus();
  });
});
