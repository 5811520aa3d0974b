import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Badge, badgeText } from './Badge';

describe('Badge', () => {
  it('shows 99+ above 99 and the number otherwise', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
  it('is hidden at 0', () => {
    const { container } = render(<Badge count={0} label="unread" />);
    expect(container.innerHTML).toBe('');
  });
  it('labels the full count for screen readers', () => {
    render(<Badge count={150} label="unread messages" />);
    expect(screen.getByLabelText('150 unread messages').textContent).toBe('99+');
  });
});
