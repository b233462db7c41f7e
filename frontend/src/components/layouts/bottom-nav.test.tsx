import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';

import { ShellLayout } from '@/components/layouts/shell-layout';
import { renderApp } from '@/testing/test-utils';

const ITEMS = [
  { name: 'ホーム', href: '/', tour: 'nav-home' },
  { name: '友だち', href: '/friends', tour: 'nav-friends' },
  { name: 'チャット', href: '/chat', tour: 'nav-chat' },
  { name: '日記', href: '/diary', tour: 'nav-diary' },
  { name: 'マイフロー', href: '/profile', tour: 'nav-profile' },
];

function renderShell(route: string) {
  return renderApp(
    <Routes>
      <Route path="*" element={<ShellLayout><h1>画面</h1></ShellLayout>} />
    </Routes>,
    { route },
  );
}

const nav = () => screen.getByRole('navigation', { name: 'メインメニュー' });

describe('bottom navigation', () => {
  it('has the five items in order, each named, linked and marked for the tour', () => {
    renderShell('/');

    const links = within(nav()).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(ITEMS.map((item) => item.name));
    for (const item of ITEMS) {
      const link = within(nav()).getByRole('link', { name: item.name });
      expect(link).toHaveAttribute('href', item.href);
      expect(link).toHaveAttribute('data-tour', item.tour);
    }
  });

  it('draws the chat item as the crystal ball', () => {
    renderShell('/');

    const chat = within(nav()).getByRole('link', { name: 'チャット' });
    expect(chat.querySelector('svg[aria-hidden="true"] radialGradient')).not.toBeNull();
  });

  it.each([
    ['/', 'ホーム'],
    ['/home', 'ホーム'],
    ['/friends', '友だち'],
    ['/chat', 'チャット'],
    ['/diary', '日記'],
    ['/profile', 'マイフロー'],
    ['/profile/', 'マイフロー'],
  ])('marks the item of %s as the current page, and only that one', (route, current) => {
    renderShell(route);

    for (const item of ITEMS) {
      const link = within(nav()).getByRole('link', { name: item.name });
      if (item.name === current) expect(link).toHaveAttribute('aria-current', 'page');
      else expect(link).not.toHaveAttribute('aria-current');
    }
  });

  it('marks no item on a screen that is not in the bar', () => {
    renderShell('/shop');

    expect(within(nav()).getAllByRole('link').filter((link) => link.hasAttribute('aria-current'))).toEqual([]);
  });

  it('moves to the screen of the item chosen', async () => {
    const { user } = renderApp(
      <Routes>
        <Route path="/" element={<ShellLayout><h1>ホーム画面</h1></ShellLayout>} />
        <Route path="/diary" element={<ShellLayout><h1>日記画面</h1></ShellLayout>} />
      </Routes>,
      { route: '/' },
    );

    await user.click(within(nav()).getByRole('link', { name: '日記' }));

    expect(screen.getByRole('heading', { name: '日記画面' })).toBeInTheDocument();
    expect(within(nav()).getByRole('link', { name: '日記' })).toHaveAttribute('aria-current', 'page');
  });
});
