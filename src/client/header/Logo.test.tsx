import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Logo } from './Logo';

const windowOf = (width: number) =>
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: width <= Number(/max-width: (\d+)px/.exec(query)?.[1] ?? Infinity),
    addEventListener: () => {},
    removeEventListener: () => {},
  }));

afterEach(() => vi.unstubAllGlobals());

describe('the logo (issue 26)', () => {
  it('links to / in the mobile header (spec 2 §9), to the dashboard on a wide window', () => {
    windowOf(390);
    const { unmount } = render(<MemoryRouter><Logo /></MemoryRouter>);
    expect(screen.getByRole('link', { name: 'Tumbleweed: home' }).getAttribute('href')).toBe('/');
    unmount();
    windowOf(1280);
    render(<MemoryRouter><Logo /></MemoryRouter>);
    expect(screen.getByRole('link', { name: 'Tumbleweed: dashboard' }).getAttribute('href')).toBe('/dashboard');
  });
});
