import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel, type UserEvent } from '@testing-library/user-event';
import { delay, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';

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
const fileInput = (dialog: HTMLElement) => within(dialog).getByLabelText<HTMLInputElement>('添付する画像を選ぶ');
const thumbnails = (dialog: HTMLElement) =>
  within(dialog).queryByRole('list', { name: '添付する画像' }) === null
    ? []
    : within(within(dialog).getByRole('list', { name: '添付する画像' })).getAllByRole('img');

/** A file as the browser hands it over: its type is the browser's guess from the name. */
const file = (name: string, type: string, bytes = 64) => new File([new Uint8Array(bytes)], name, { type });
const MiB = 1024 * 1024;

async function fillForm(user: UserEvent, dialog: HTMLElement) {
  await user.type(subjectField(dialog), '画面が崩れます');
  await user.type(messageField(dialog), 'スクリーンショットを添付します。');
}

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
    expect(support.created[0]).toMatchObject({
      subject: 'ログインできません',
      message: 'パスワードを変えてから入れません。',
      // Without screenshots, JSON as before.
      contentType: 'json',
      attachments: [],
    });
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

  it('takes up to 3 PNG or JPEG screenshots of 2 MB each, and says why others were left out', async () => {
    mockSupport();
    const { user } = renderApp(<SupportSection />, { route: '/settings' });
    const dialog = await openForm(user);
    expect(within(dialog).getByRole('button', { name: '画像を添付' })).toBeEnabled();
    expect(fileInput(dialog)).toHaveAttribute('accept', 'image/png,image/jpeg');
    expect(fileInput(dialog)).toHaveAttribute('multiple');

    // A GIF chosen with "all files": the browser's `accept` is only a hint.
    const anyFile = userEvent.setup({ applyAccept: false, pointerEventsCheck: PointerEventsCheckLevel.Never });
    await anyFile.upload(fileInput(dialog), file('anime.gif', 'image/gif'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('PNGかJPEGの画像を選んでください');
    expect(thumbnails(dialog)).toEqual([]);

    await user.upload(fileInput(dialog), file('huge.png', 'image/png', 2 * MiB + 1));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('画像は1枚2MBまでです');
    expect(within(dialog).getByRole('alert')).not.toHaveTextContent('PNGかJPEG');
    expect(thumbnails(dialog)).toEqual([]);

    await user.upload(fileInput(dialog), [file('1.png', 'image/png', 2 * MiB), file('2.jpg', 'image/jpeg')]);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(thumbnails(dialog).map((img) => img.getAttribute('alt'))).toEqual(['添付画像 1', '添付画像 2']);
    expect(within(dialog).getByText('PNG・JPEG、1枚2MBまで（2 / 3枚）')).toBeInTheDocument();

    // Two more: the first is kept, the other is one too many.
    await user.upload(fileInput(dialog), [file('3.png', 'image/png'), file('4.png', 'image/png')]);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('添付できる画像は3枚までです');
    expect(thumbnails(dialog)).toHaveLength(3);
    for (const img of thumbnails(dialog)) expect(img.getAttribute('src')).toMatch(/^blob:/);
  });

  it('takes a screenshot off with its × and lets its object URL go, and the rest when the form goes', async () => {
    mockSupport();
    const revoked = vi.spyOn(URL, 'revokeObjectURL');
    const { user, unmount } = renderApp(<SupportSection />, { route: '/settings' });
    const dialog = await openForm(user);
    await user.upload(fileInput(dialog), [file('1.png', 'image/png'), file('2.png', 'image/png'), file('3.png', 'image/png')]);
    const [first, second, third] = thumbnails(dialog).map((img) => img.getAttribute('src'));

    await user.click(within(dialog).getByRole('button', { name: '添付画像 2を外す' }));
    expect(thumbnails(dialog).map((img) => img.getAttribute('src'))).toEqual([first, third]);
    expect(revoked.mock.calls).toEqual([[second]]);
    expect(within(dialog).getByRole('button', { name: '添付画像 2を外す' })).toBeInTheDocument();

    unmount();
    expect(revoked.mock.calls.map(([url]) => url).sort()).toEqual([first, second, third].sort());
  });

  it('sends the screenshots as multipart/form-data with the text fields, and support stores them with the first message', async () => {
    const support = mockSupport();
    const revoked = vi.spyOn(URL, 'revokeObjectURL');
    const { user } = renderApp(<SupportSection />, { route: '/settings' });
    const dialog = await openForm(user);
    await fillForm(user, dialog);
    await user.upload(fileInput(dialog), [file('screen.png', 'image/png', 1200), file('photo.jpg', 'image/jpeg', 3400)]);
    await user.click(within(dialog).getByRole('button', { name: '送信する' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(support.created).toHaveLength(1);
    expect(support.created[0]).toEqual({
      contentType: 'multipart',
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      subject: '画面が崩れます',
      message: 'スクリーンショットを添付します。',
      attachments: [
        { type: 'image/png', size: 1200 },
        { type: 'image/jpeg', size: 3400 },
      ],
    });
    expect(support.messages[0]?.attachments).toHaveLength(2);
    // Sent: the thumbnails' URLs are let go, and the next form starts empty.
    expect(revoked).toHaveBeenCalledTimes(2);
    const again = await openForm(user);
    expect(thumbnails(again)).toEqual([]);
  });

  it("shows support's refusal of an image by the picker, keeps everything, and retries with the same requestId", async () => {
    mockSupport();
    const { user } = renderApp(<SupportSection />, { route: '/settings' });
    const dialog = await openForm(user);
    await fillForm(user, dialog);
    // Named .png, but support reads the bytes.
    await user.upload(fileInput(dialog), file('not-really.png', 'image/png'));
    const refusedIds: unknown[] = [];
    server.use(
      http.post(apiPaths.support.tickets, async ({ request }) => {
        refusedIds.push((await request.formData()).get('requestId'));
        return apiError(400, 'IMAGE_TYPE_NOT_ALLOWED', '添付できるのはPNGかJPEGの画像だけです');
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: '送信する' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('添付できるのはPNGかJPEGの画像だけです');
    expect(subjectField(dialog)).toHaveValue('画面が崩れます');
    expect(thumbnails(dialog)).toHaveLength(1);

    // The answer to a send is lost on the way: the retry is the same submission.
    server.resetHandlers();
    const down = mockSupport({ down: true });
    await user.click(within(dialog).getByRole('button', { name: '送信する' }));
    expect(await within(dialog).findByText(/サポートに接続できません/)).toBeInTheDocument();
    server.resetHandlers();
    const retried = mockSupport();
    await user.click(within(dialog).getByRole('button', { name: '送信する' }));
    await waitFor(() => expect(retried.created).toHaveLength(1));
    expect(retried.created[0]?.attachments).toEqual([{ type: 'image/png', size: 64 }]);
    expect([...refusedIds, down.created[0]?.requestId]).toEqual([retried.created[0]?.requestId, retried.created[0]?.requestId]);

    // Other images make another submission.
    const dialog2 = await openForm(user);
    await fillForm(user, dialog2);
    await user.upload(fileInput(dialog2), file('a.png', 'image/png'));
    await user.click(within(dialog2).getByRole('button', { name: '送信する' }));
    await waitFor(() => expect(retried.created).toHaveLength(2));
    expect(retried.created[1]?.requestId).not.toBe(retried.created[0]?.requestId);
  });

  it('sends one request for a double click with screenshots, and holds the picker while sending', async () => {
    const support = mockSupport();
    const { user } = renderApp(<SupportSection />, { route: '/settings' });
    const dialog = await openForm(user);
    await fillForm(user, dialog);
    await user.upload(fileInput(dialog), file('a.png', 'image/png'));
    server.use(http.post(apiPaths.support.tickets, async () => {
      await delay(100);
      return undefined;
    }));
    const send = within(dialog).getByRole('button', { name: '送信する' });
    fireEvent.click(send);
    fireEvent.click(send);
    expect(within(dialog).getByRole('button', { name: '画像を添付' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: '添付画像 1を外す' })).toBeDisabled();

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(support.created).toHaveLength(1);
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
