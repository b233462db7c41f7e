import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { MemberAvatar } from '@/components/ui/member-avatar';

describe('MemberAvatar', () => {
  it('shows the first character of the name without a picture, whole even outside the BMP', () => {
    const { rerender } = render(<MemberAvatar name="太郎" imageUrl={null} />);
    expect(screen.getByText('太')).toBeInTheDocument();
    rerender(<MemberAvatar name="𠮷田" imageUrl={null} />);
    expect(screen.getByText('𠮷')).toBeInTheDocument();
  });
});
