import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { AppRoutes } from '@/app-web/router';
import { env } from '@/config/env';
import { mockSession } from '@/testing/mocks/accounts';
import { sampleUser } from '@/testing/mocks/data';
import { mockShop } from '@/testing/mocks/shop';
import { renderApp } from '@/testing/test-utils';

const TERMS = [
  '販売業者',
  '運営責任者',
  '所在地',
  '電話番号',
  'メールアドレス',
  '販売価格',
  '商品代金以外の必要料金',
  '支払方法',
  '支払時期',
  '役務の提供時期',
  '返品・キャンセル',
  '動作環境',
];

describe('/legal/tokushoho', () => {
  it('is open to a signed-out visitor and lists every disclosure the law asks for', async () => {
    renderApp(<AppRoutes />, { route: '/legal/tokushoho' });

    expect(await screen.findByRole('heading', { name: '特定商取引法に基づく表記', level: 1 })).toBeInTheDocument();
    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    expect(terms).toEqual(TERMS);
    const details = Object.fromEntries(
      screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent ?? '']),
    );
    expect(details['販売業者']).toBe(env.operator.name);
    expect(details['所在地']).toBe('請求があれば遅滞なく開示いたします。');
    expect(details['電話番号']).toBe('請求があれば遅滞なく開示いたします。');
    expect(details['販売価格']).toContain('税込');
    expect(details['支払方法']).toBe('クレジットカード');
    expect(details['役務の提供時期']).toContain('決済完了後すぐ');
    expect(details['返品・キャンセル']).toContain('購入後の返品・返金はお受けできません');
    expect(details['返品・キャンセル']).toContain('法令上お客様に認められる権利を制限するものではありません');
    expect(details['商品代金以外の必要料金']).toContain('通信料');
    expect(screen.getByRole('link', { name: 'トップページへ戻る' })).toHaveAttribute('href', '/');
    // The support window it names is in the app, behind a login.
    expect(screen.getByRole('link', { name: 'ログインしてお問い合わせ窓口へ' })).toHaveAttribute('href', '/auth/login');
  });

  it('is reached from the shop, and leads a member back there', async () => {
    mockSession(sampleUser);
    mockShop();
    const { user } = renderApp(<AppRoutes />, { route: '/shop' });

    const links = await screen.findByRole('navigation', { name: 'ショップのリンク' });
    await user.click(within(links).getByRole('link', { name: '特定商取引法に基づく表記' }));

    expect(await screen.findByRole('heading', { name: '特定商取引法に基づく表記', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ショップへ戻る' })).toHaveAttribute('href', '/shop');
    expect(screen.getByRole('link', { name: 'お問い合わせ窓口（設定の「お問い合わせ」）へ' })).toHaveAttribute(
      'href',
      '/settings#support',
    );
  });
});
