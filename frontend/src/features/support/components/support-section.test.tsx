import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { SupportSection } from '@/features/support/components/support-section';
import { mockSupport, sampleTicket, ticketId } from '@/testing/mocks/support';
import { renderApp } from '@/testing/test-utils';

const section = () => screen.findByRole('region', { name: 'お問い合わせ' });

describe('the お問い合わせ section of /settings', () => {
  it("lists the member's tickets with their status, last message, date and unread staff replies", async () => {
    mockSupport({
      tickets: [
        sampleTicket({
          id: ticketId(1),
          subject: 'ログインできません',
          status: 'open',
          lastMessageAt: '2026-11-20T03:00:00Z',
          lastMessagePreview: 'パスワードを変えてから入れません',
        }),
        sampleTicket({
          id: ticketId(2),
          subject: 'クレジットが反映されない',
          status: 'in_progress',
          lastMessageAt: '2026-11-22T09:30:00Z',
          lastMessagePreview: '確認いたしますので少々お待ちください',
          unreadCount: 2,
        }),
        sampleTicket({ id: ticketId(3), subject: '退会について', status: 'closed', lastMessageAt: '2026-11-01T00:00:00Z' }),
      ],
    });
    renderApp(<SupportSection />, { route: '/settings' });

    const list = await within(await section()).findByRole('list', { name: 'お問い合わせの一覧' });
    const items = within(list).getAllByRole('link');
    // Newest activity first, as the gateway sends them.
    expect(items.map((item) => within(item).getAllByText(/./)[0]?.textContent)).toEqual([
      'クレジットが反映されない',
      'ログインできません',
      '退会について',
    ]);
    const [credits, login, leaving] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(credits).getByText('対応中')).toBeInTheDocument();
    expect(within(credits).getByText('新着 2')).toBeInTheDocument();
    expect(within(credits).getByText('確認いたしますので少々お待ちください')).toBeInTheDocument();
    expect(within(credits).getByText(/2026年11月22日/)).toBeInTheDocument();
    expect(credits).toHaveAttribute('href', `/settings/support/${ticketId(2)}`);
    expect(within(login).getByText('受付中')).toBeInTheDocument();
    expect(within(login).queryByText(/新着/)).not.toBeInTheDocument();
    expect(within(leaving).getByText('完了')).toBeInTheDocument();
  });

  it('says there are none yet', async () => {
    mockSupport();
    renderApp(<SupportSection />, { route: '/settings' });

    expect(await within(await section()).findByText('お問い合わせはまだありません。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '新しいお問い合わせ' })).toBeEnabled();
  });

  it('is scrolled to when the app links to its support window (/settings#support)', async () => {
    mockSupport();
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    renderApp(<SupportSection />, { route: '/settings#support' });

    const scope = await section();
    expect(scope).toHaveAttribute('id', 'support');
    expect(scrolled.mock.contexts).toContain(scope);
    scrolled.mockRestore();
  });

  it('says so when support cannot be reached (503 SUPPORT_UNAVAILABLE)', async () => {
    const support = mockSupport({ down: true });
    const { user } = renderApp(<SupportSection />, { route: '/settings' });

    const alert = await within(await section()).findByRole('alert');
    expect(alert).toHaveTextContent('サポートに接続できません。しばらくしてからもう一度お試しください');

    support.down = false;
    await user.click(within(alert).getByRole('button', { name: '再読み込み' }));
    expect(await screen.findByText('お問い合わせはまだありません。')).toBeInTheDocument();
  });
});
