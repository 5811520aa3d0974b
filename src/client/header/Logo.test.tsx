import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { siteKeys } from '../api/site';
import { userKeys } from '../api/user';
import { Logo } from './Logo';

const windowOf = (width: number) =>
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: width <= Number(/max-width: (\d+)px/.exec(query)?.[1] ?? Infinity),
    addEventListener: () => {},
    removeEventListener: () => {},
  }));

/** A visitor (no user info) with the site's flags. */
function renderLogo(features: Record<string, boolean> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(userKeys.info, null);
  client.setQueryData(siteKeys.info, { features, has_app: false, app_url: null });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Logo />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the logo (issue 26)', () => {
  it('links to / in the mobile header (spec 2 §9), to the dashboard on a wide window', () => {
    windowOf(390);
    const { unmount } = renderLogo();
    expect(screen.getByRole('link', { name: 'Tumbleweed: home' }).getAttribute('href')).toBe('/');
    unmount();
    windowOf(1280);
    renderLogo();
    expect(screen.getByRole('link', { name: 'Tumbleweed: dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('shows the pride flag on hover in pride-logo mode, one of its five images otherwise (spec 1 §9)', () => {
    windowOf(1280);
    const { unmount } = renderLogo({ pride_logo: true });
    fireEvent.mouseEnter(screen.getByRole('link'));
    expect(screen.getByRole('link').querySelector('img')?.getAttribute('data-logo-image')).toBe('pride');
    unmount();
    renderLogo({ pride_logo: false });
    fireEvent.mouseEnter(screen.getByRole('link'));
    expect(screen.getByRole('link').querySelector('img')?.getAttribute('data-logo-image')).toMatch(/^[0-4]$/);
  });
});
