import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_FEATURES, type SiteInfoResponse } from '../../shared/flags';
import { mockServer } from '../test/test-utils';
import { envelope, renderApp, viewerInfo } from '../follows/test-support';
import { MobileDrawer } from './MobileDrawer';

afterEach(() => vi.restoreAllMocks());

/** The logged-out drawer, open, with the server's site info and an explore page with no photos. */
function openLoggedOut(site: SiteInfoResponse) {
  // jsdom has no modal dialogs: opening one only needs the attribute.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  mockServer((call) => (call.url === '/svc/site' ? envelope(site) : envelope({ posts: [], next: null, trending_tags: [] })));
  return renderApp(<MobileDrawer info={null} open onClose={() => {}} />, { viewer: null, path: '/explore' });
}

describe('the logged-out drawer', () => {
  it("offers 'Get the app' in a new tab when the server names one", async () => {
    openLoggedOut({ features: NO_FEATURES, has_app: true, app_url: 'https://apps.example.org/tw' });
    const link = await screen.findByRole('link', { name: /^Get the app/, hidden: true });
    expect(link.getAttribute('href')).toBe('https://apps.example.org/tw');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('offers no app when none is configured, and still Log in and Get started', async () => {
    const rendered = openLoggedOut({ features: NO_FEATURES, has_app: false, app_url: null });
    const drawer = await screen.findByRole('dialog', { name: 'Menu', hidden: true });
    expect(within(drawer).getByRole('link', { name: 'Log in', hidden: true })).toBeTruthy();
    expect(within(drawer).getByRole('link', { name: 'Get started', hidden: true })).toBeTruthy();
    // Wait for the site info to have arrived before saying the link is absent.
    const { queryClient } = rendered;
    await vi.waitFor(() => expect(queryClient.getQueryState(['site', 'info'])?.status).toBe('success'));
    // The query tells its readers on the next tick: the drawer has drawn with it after that.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('link', { name: /Get the app/, hidden: true })).toBeNull();
  });
});

describe('the logged-in drawer inside settings', () => {
  it('opens the spec’s last three sections in a new tab and says so; the others in place', async () => {
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    mockServer(() => envelope({ posts: [], next: null }));
    renderApp(<MobileDrawer info={viewerInfo()} open onClose={() => {}} />, { path: '/settings/password' });
    const settings = await screen.findByRole('list', { name: 'Settings', hidden: true });
    for (const name of ['Account', 'Notifications', 'Apps and sessions']) {
      const link = within(settings).getByText(name).closest('a')!;
      expect(link.textContent).toBe(`${name} (opens in a new tab)`);
      expect(link.getAttribute('target')).toBe('_blank');
    }
    expect(within(settings).getByRole('link', { name: 'Help', hidden: true }).getAttribute('target')).toBeNull();
  });
});
