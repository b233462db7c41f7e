import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { PrivacyPolicyDialog } from '@/components/legal/privacy-policy-dialog';
import { TermsDialog } from '@/components/legal/terms-dialog';
import { renderApp } from '@/testing/test-utils';

describe.each([
  ['プライバシーポリシー', PrivacyPolicyDialog],
  ['利用規約', TermsDialog],
])('%s dialog', (title, Dialog) => {
  it('is titled, dated, has a focusable scrolling body, and closes with either close button', async () => {
    const onClose = vi.fn();
    const { user } = renderApp(<Dialog open onClose={onClose} />);

    const dialog = screen.getByRole('dialog', { name: new RegExp(title) });
    expect(within(dialog).getAllByText('最終改定日 2025年9月27日').length).toBeGreaterThan(0);
    const body = within(dialog).getByTestId('legal-dialog-body');
    expect(body).toHaveAttribute('tabindex', '0');
    // Not configured in tests: no company is named.
    expect(body).toHaveTextContent('運営者');

    const closers = within(dialog).getAllByRole('button', { name: '閉じる' });
    expect(closers).toHaveLength(2);
    await user.click(closers[0]!);
    await user.click(closers[1]!);
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('renders nothing while closed', () => {
    renderApp(<Dialog open={false} onClose={() => {}} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
