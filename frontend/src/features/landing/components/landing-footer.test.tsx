import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { env } from '@/config/env';
import { LandingFooter } from '@/features/landing/components/landing-footer';
import { renderApp } from '@/testing/test-utils';

const { operator } = env;

describe('landing footer', () => {
  it('links to the about page and the 特定商取引法 page, and opens the privacy policy and the terms as modals', async () => {
    const { user } = renderApp(<LandingFooter />);

    expect(screen.getByRole('link', { name: '巡りについて' })).toHaveAttribute('href', '/about');
    expect(screen.getByRole('link', { name: '特定商取引法に基づく表記' })).toHaveAttribute('href', '/legal/tokushoho');

    await user.click(screen.getByRole('button', { name: 'プライバシーポリシー' }));
    const privacy = await screen.findByRole('dialog', { name: /プライバシーポリシー/ });
    // The texts introduce this build's operator by name and give its site.
    expect(privacy).toHaveTextContent(`${operator.name}（以下「運営者」といいます。）`);
    expect(privacy).toHaveTextContent(`運営者のウェブサイト: ${operator.url}`);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: '利用規約' }));
    expect(await screen.findByRole('dialog', { name: /利用規約/ })).toHaveTextContent(operator.name);
  });

  it("links to this build's operator site in a new tab and names the operator (spec §2)", () => {
    renderApp(<LandingFooter />);

    const link = screen.getByRole('link', { name: /運営者サイト/ });
    expect(link).toHaveAttribute('href', operator.url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getByText(new RegExp(`© \\d{4} ${operator.name}`))).toBeInTheDocument();
  });

  it('links to another operator when one is given', () => {
    renderApp(<LandingFooter operator={{ name: '株式会社サンプル運営', url: 'https://operator.example/' }} />);

    expect(screen.getByRole('link', { name: /運営者サイト/ })).toHaveAttribute('href', 'https://operator.example/');
    expect(screen.getByText(/© \d{4} 株式会社サンプル運営/)).toBeInTheDocument();
  });
});
