import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SETTINGS_NAV, SettingsLayout } from './SettingsLayout';

describe('the settings sub-navigation', () => {
  it('opens every section in place, this one marked (issue 25.7: no new tabs from inside settings)', () => {
    render(
      <MemoryRouter initialEntries={['/settings/password']}>
        <SettingsLayout active="password">
          <p>Page</p>
        </SettingsLayout>
      </MemoryRouter>,
    );
    const links = within(screen.getByRole('navigation', { name: 'Settings' })).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(SETTINGS_NAV.map((item) => item.label));
    for (const link of links) expect(link.getAttribute('target')).toBeNull();
    expect(within(screen.getByRole('navigation')).getByRole('link', { name: 'Password' }).getAttribute('aria-current')).toBe('page');
  });
});
