import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { LandingFooter } from '@/features/landing/components/landing-footer';
import { renderApp } from '@/testing/test-utils';

describe('landing footer', () => {
  it('links to the about page and opens the privacy policy and the terms as modals', async () => {
    const { user } = renderApp(<LandingFooter operatorName="" operatorUrl="" />);

    expect(screen.getByRole('link', { name: '巡りについて' })).toHaveAttribute('href', '/about');

    await user.click(screen.getByRole('button', { name: 'プライバシーポリシー' }));
    expect(await screen.findByRole('dialog', { name: /プライバシーポリシー/ })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: '利用規約' }));
    expect(await screen.findByRole('dialog', { name: /利用規約/ })).toBeInTheDocument();
  });

  it('hides the operator link when no operator site is configured', () => {
    renderApp(<LandingFooter operatorName="" operatorUrl="" />);

    expect(screen.queryByTestId('operator-link')).not.toBeInTheDocument();
    expect(screen.getByText(/© \d{4} 巡り Meguri/)).toBeInTheDocument();
  });

  it('links to the configured operator site in a new tab', () => {
    renderApp(<LandingFooter operatorName="株式会社サンプル運営" operatorUrl="https://operator.example/" />);

    const link = screen.getByRole('link', { name: /運営者サイト/ });
    expect(link).toHaveAttribute('href', 'https://operator.example/');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getByText(/株式会社サンプル運営/)).toBeInTheDocument();
  });
});

