// Issue 26: each flag of spec 1 §6 gates what its name says (the drawer's two are in
// blog-viewer/BlogDrawer.test.tsx, the inbox variant in messaging/). A visitor's flags come from
// GET /svc/site; a logged-in person's with the user info: the same hook reads both.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderHook } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PostContent as Content } from '../../shared/posts/types';
import { useSavePost } from '../api/post-form';
import { siteKeys } from '../api/site';
import { BlogMessagingButton } from '../asks/BlogMessagingButton';
import { PostContent } from '../post/PostContent';
import { HelpPage } from '../settings/HelpPage';
import { content, envelope } from '../test/fixtures';
import { mockServer, renderWithApp, type Call } from '../test/test-utils';
import { blogFixture } from '../test-blog';

const site = (features: Record<string, boolean>) => (call: Call) =>
  call.url === '/svc/site' ? envelope({ features, has_app: false, app_url: null }) : call.url === '/svc/user/info' ? envelope(null, 401, 'Not logged in.') : envelope({}, 404, 'Not here.');
const flagsRead = (calls: Call[]) => waitFor(() => expect(calls.some((c) => c.url === '/svc/site')).toBe(true));
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 30)));

afterEach(() => vi.restoreAllMocks());

describe('ask_form', () => {
  const asker = blogFixture('bo', { asks: true, submissions: true });
  const askLink = async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Message or ask bo' }));
    return screen.findByRole('menuitem', { name: 'Ask a question' });
  };

  it("on: 'Ask a question' opens the ask form over the page", async () => {
    const calls = mockServer(site({ ask_form: true }));
    renderWithApp(<BlogMessagingButton blog={asker} viewer={{ channels: [{ name: 'me' }] }} />);
    await flagsRead(calls);
    await settle();
    expect(fireEvent.click(await askLink())).toBe(false);
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it("off: 'Ask a question' is the link to the blog's ask page", async () => {
    const calls = mockServer(site({ ask_form: false }));
    renderWithApp(<BlogMessagingButton blog={asker} viewer={{ channels: [{ name: 'me' }] }} />);
    await flagsRead(calls);
    await settle();
    const link = await askLink();
    expect(link.getAttribute('href')).toBe('/blog/bo/ask');
    expect(fireEvent.click(link)).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('livephotos_web', () => {
  const live = { ...content.photo, photos: [{ ...content.photo.photos[0]!, livephotoUrl: '/media/a.mp4' }] } as unknown as Content;

  it('on: a live photo offers its motion; off: it is its still photo, opened large like any', async () => {
    const on = mockServer(site({ livephotos_web: true }));
    const first = renderWithApp(<PostContent content={live} />);
    await flagsRead(on);
    expect(await screen.findByLabelText('Live photo: press and hold to play')).toBeTruthy();
    first.unmount();
    vi.restoreAllMocks();

    const off = mockServer(site({ livephotos_web: false }));
    renderWithApp(<PostContent content={live} />);
    await flagsRead(off);
    await waitFor(() => expect(screen.queryByLabelText('Live photo: press and hold to play')).toBeNull());
    expect(screen.getByRole('button', { name: 'Open photo' })).toBeTruthy();
  });
});

describe('responsive_help_docs', () => {
  it('on, the help page reflows; off, it keeps the desktop width', async () => {
    const on = mockServer(site({ responsive_help_docs: true }));
    const first = renderWithApp(<HelpPage />, { path: '/help' });
    await flagsRead(on);
    expect((await screen.findByRole('article', { name: 'Help' })).getAttribute('data-responsive')).toBe('true');
    first.unmount();
    vi.restoreAllMocks();

    const off = mockServer(site({ responsive_help_docs: false }));
    renderWithApp(<HelpPage />, { path: '/help' });
    await flagsRead(off);
    await waitFor(() => expect(screen.getByRole('article', { name: 'Help' }).getAttribute('data-responsive')).toBe('false'));
  });
});

describe('dashboard_refresh', () => {
  const saveFrom = async (contextPage: 'dashboard' | 'drafts', refresh: boolean) => {
    mockServer(() => envelope({ id: '5', state: 'published' }));
    const { queryClient } = renderWithApp(<span />);
    queryClient.setQueryData(siteKeys.info, { features: { dashboard_refresh: refresh }, has_app: false, app_url: null });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const { result } = renderHook(() => useSavePost(), { wrapper: ({ children }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider> });
    await act(() => result.current.mutateAsync({ context_page: contextPage } as Parameters<typeof result.current.mutateAsync>[0]));
    return invalidate.mock.calls.map(([filters]) => filters?.queryKey);
  };

  it('refreshes the dashboard after a save while on, and not while off; other pages refresh either way', async () => {
    expect(await saveFrom('dashboard', true)).toEqual([['posts']]);
    vi.restoreAllMocks();
    expect(await saveFrom('dashboard', false)).toEqual([]);
    vi.restoreAllMocks();
    expect(await saveFrom('drafts', false)).toEqual([['posts']]);
  });
});
