import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import { content, envelope, post, reblog, blog as postBlog } from '../test/fixtures';
import { mockServer, renderWithApp, type Call } from '../test/test-utils';
import { blogFixture } from '../test-blog';
import { drawerLink } from '../ui/drawer-link';
import { DrawerHost } from './DrawerHost';
import { openDrawer, resetDrawerForTests, setDrawerConfirmClose } from '../ui/drawer-store';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname}</output>;
}

const bo = { ...blogFixture('bo', { title: 'Bo writes' }), following: false, can_subscribe: false, is_subscribed: false };
const posts = [post(content.text, { id: '30', blog: postBlog('bo') }), post(content.text, { id: '29', blog: postBlog('bo') })];

function server(extra: (call: Call) => Response | Promise<Response> | null = () => null) {
  return mockServer((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.url === '/svc/user/info') return envelope(null, 401, 'Not logged in.');
    if (call.url.startsWith('/svc/indash_blog?')) return envelope({ posts, tumblelog: bo, peepr_ad: null, tracking_html: '', next: null });
    if (call.url.startsWith('/svc/indash_blog/header?')) return envelope(bo);
    return envelope({}, 404, 'Not here.');
  });
}

const page = (path = '/dashboard') =>
  renderWithApp(
    <>
      <a href="/blog/bo" {...drawerLink('bo')}>
        bo
      </a>
      <Where />
      <DrawerHost />
    </>,
    { path },
  );

const drawer = () => screen.findByRole('dialog', { name: 'Bo writes' });
/** The confirm (ui/dialogs.tsx) holding the question. */
const question = async () => (await screen.findByText('Close without sending?')).closest('dialog') as HTMLElement;

describe('blog viewer drawer', () => {
  beforeEach(() => resetDrawerForTests());
  afterEach(() => {
    vi.restoreAllMocks();
    resetDrawerForTests();
  });

  it('a plain click on a marked blog name opens the drawer with that blog\'s posts', async () => {
    const calls = server();
    page('/blog/ann');
    const click = fireEvent.click(screen.getByRole('link', { name: 'bo' }));
    expect(click).toBe(false); // the page did not follow the link
    const dialog = await drawer();
    expect(await within(dialog).findAllByRole('article')).toHaveLength(2);
    expect(within(dialog).getByRole('feed', { name: 'Posts by bo' })).toBeTruthy();
    const first = calls.find((c) => c.url.startsWith('/svc/indash_blog?'));
    expect(first?.url).toBe('/svc/indash_blog?tumblelog_name_or_id=bo&limit=10&offset=0');
    expect(within(dialog).getByText("That's all.")).toBeTruthy();
  });

  it('a ctrl or meta click is left to the browser (the blog page)', async () => {
    server();
    page();
    expect(fireEvent.click(screen.getByRole('link', { name: 'bo' }), { ctrlKey: true })).toBe(true);
    expect(fireEvent.click(screen.getByRole('link', { name: 'bo' }), { metaKey: true })).toBe(true);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is a modal dialog named by the blog, with its own close (×) on every width', async () => {
    server();
    page('/blog/ann');
    fireEvent.click(screen.getByRole('link', { name: 'bo' }));
    const dialog = await drawer();
    expect(dialog.tagName).toBe('DIALOG');
    const close = within(dialog).getByRole('button', { name: 'Close bo' });
    // No stylesheet hides it (the phone's media query used to be its only way in).
    expect(close.getAttribute('hidden')).toBeNull();
    fireEvent.click(close);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/dashboard'));
  });

  it('offers the close before the blog has loaded, named by the blog asked for', async () => {
    // The blog's header never arrives.
    server((call) => (call.url.startsWith('/svc/indash_blog/header?') ? new Promise<Response>(() => {}) : null));
    page('/blog/ann');
    fireEvent.click(screen.getByRole('link', { name: 'bo' }));
    const dialog = await screen.findByRole('dialog', { name: 'bo' });
    expect(within(dialog).getByRole('button', { name: 'Close bo' })).toBeTruthy();
  });

  it('Escape closes it and the page goes to /dashboard', async () => {
    server();
    page('/blog/ann');
    fireEvent.click(screen.getByRole('link', { name: 'bo' }));
    const dialog = await drawer();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/dashboard'));
  });

  it('with close confirmation on, asks \'Close without sending?\' with OK and Cancel', async () => {
    server();
    page('/blog/ann');
    fireEvent.click(screen.getByRole('link', { name: 'bo' }));
    const dialog = await drawer();
    act(() => setDrawerConfirmClose(true));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.click(within(await question()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Close without sending?')).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Bo writes' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/blog/ann');

    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Bo writes' }), { key: 'Escape' });
    fireEvent.click(within(await question()).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/dashboard'));
  });

  it('opens on load from ?blog_name=&post_id= as a single post, and a second drawer cannot open over it', async () => {
    const calls = server();
    page('/dashboard?blog_name=bo&post_id=30');
    await drawer();
    expect(calls.find((c) => c.url.startsWith('/svc/indash_blog?'))?.url).toBe('/svc/indash_blog?tumblelog_name_or_id=bo&limit=1&post_id=30&offset=0');
    expect(openDrawer({ tumblelog_name: 'ann' })).toBe(false);
  });

  it('after a single post, the timeline goes on through /svc/tumblelog/{name}/peepr', async () => {
    const calls = server((call) => {
      if (call.url.startsWith('/svc/indash_blog?')) {
        return envelope({ posts: [posts[0]], tumblelog: bo, peepr_ad: null, tracking_html: '', next: '30', safe_mode_hidden: false, survey: [] });
      }
      if (call.url.startsWith('/svc/tumblelog/bo/peepr?')) return envelope({ posts: [posts[1]], next: null, safe_mode_hidden: false });
      return null;
    });
    page('/dashboard?blog_name=bo&post_id=30');
    const dialog = await drawer();
    await waitFor(() => expect(within(dialog).getAllByRole('article')).toHaveLength(2));
    expect(calls.find((c) => c.url.includes('/peepr?'))?.url).toBe('/svc/tumblelog/bo/peepr?before=30&limit=10');
  });

  it('Escape on the filter button closes the filter popover, not the drawer', async () => {
    server();
    page();
    fireEvent.click(screen.getByRole('link', { name: 'bo' }));
    const dialog = await drawer();
    const filter = within(dialog).getByRole('button', { name: 'Search filters' });
    fireEvent.click(filter);
    expect(await screen.findByRole('dialog', { name: 'Search filters' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Recent Posts' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.keyDown(filter, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Search filters' })).toBeNull());
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(screen.getByRole('dialog', { name: 'Bo writes' })).toBeTruthy();
  });

  it('keys: l likes the post at the top; Enter opens the reblog source\'s blog in the drawer', async () => {
    const calls = server((call) => {
      if (call.url === '/svc/user/info') return envelope({ user: { name: 'me', safe_mode: false, channels: [], features: {} }, form_key: 'k' });
      if (call.url === '/svc/like') return envelope({ liked: true, note_count: 1 });
      if (call.url.startsWith('/svc/indash_blog?tumblelog_name_or_id=bo&')) {
        return envelope({ posts: [reblog], tumblelog: bo, peepr_ad: null, tracking_html: '', next: null, safe_mode_hidden: false, survey: [] });
      }
      return null;
    });
    page();
    fireEvent.click(screen.getByRole('link', { name: 'bo' }));
    const dialog = await drawer();
    await within(dialog).findByRole('article');
    const panel = dialog.firstElementChild as HTMLElement;
    fireEvent.keyDown(panel, { key: 'l' });
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/svc/like')).toBe(true));
    fireEvent.keyDown(panel, { key: 'Enter' });
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/svc/indash_blog?tumblelog_name_or_id=cy&'))).toBe(true));
  });

  it('the owner saves the header as {tumblelog_name_or_id, tumblelog}, with no image dimensions', async () => {
    const own = { ...bo, is_owner: true };
    const calls = server((call) => {
      if (call.url === '/svc/user/info') {
        return envelope({ user: { name: 'me', safe_mode: false, channels: [blogFixture('bo')], features: {} }, form_key: 'k' });
      }
      if (call.url.startsWith('/svc/indash_blog/header?')) return envelope(own);
      if (call.url === '/svc/indash_blog/header' && call.method === 'POST') return envelope({ ...own, title: 'Bo rewrites' });
      return null;
    });
    page();
    fireEvent.click(screen.getByRole('link', { name: 'bo' }));
    const dialog = await drawer();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Edit header' }));
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Bo rewrites' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('dialog', { name: 'Bo rewrites' })).toBeTruthy();
    const saved = calls.find((c) => c.method === 'POST' && c.url === '/svc/indash_blog/header');
    expect(saved?.body).toEqual({
      tumblelog_name_or_id: 'bo',
      tumblelog: { title: 'Bo rewrites', global_theme_params: { title_color: '#444444', background_color: '#FAFAFA' } },
    });
  });

  it('in-blog search: the icon opens the field, a term searches, nothing found shows the no-results panel', async () => {
    const calls = server((call) =>
      call.url.startsWith('/svc/search/blog_search/') ? envelope({ posts: [], next_offset: -1 }) : null,
    );
    page();
    fireEvent.click(screen.getByRole('link', { name: 'bo' }));
    const dialog = await drawer();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Search this blog' }));
    const field = within(dialog).getByPlaceholderText('Search bo');
    fireEvent.change(field, { target: { value: 'zzqx' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(await within(dialog).findByText('Nothing here about zzqx.')).toBeTruthy();
    expect(calls.some((c) => c.url === '/svc/search/blog_search/bo/zzqx?next_offset=0&limit=10&sort=CREATED_DESC&post_type=ANY&post_role=ANY&filter_nsfw=false')).toBe(true);
  });

  const adultServer = (loggedIn: boolean) => {
    const adult = { ...bo, is_adult: true };
    return server((call) => {
      if (call.url === '/svc/user/info' && loggedIn) return envelope({ user: { name: 'me', safe_mode: true, channels: [], features: {} }, form_key: 'k' });
      if (call.url.startsWith('/svc/indash_blog/header?')) return envelope(adult);
      if (call.url.startsWith('/svc/indash_blog?')) return envelope({ posts: [], tumblelog: adult, peepr_ad: null, tracking_html: '', next: null, safe_mode_hidden: true, survey: [] });
      return null;
    });
  };

  it("the safe-mode overlay hides an adult blog's posts, with the link to the setting when the open request may change safe mode", async () => {
    adultServer(true);
    page();
    act(() => void openDrawer({ tumblelog_name: 'bo', canModifySafeMode: true }));
    const dialog = await drawer();
    expect(await within(dialog).findByText('This Tumblr may contain sensitive media.')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Safe Mode is on' }).getAttribute('href')).toBe('/settings/account');
    // Spec 2 §6, spelled as the spec spells it.
    expect(within(dialog).getByRole('button', { name: 'show anyway' }).textContent).toBe('show anyway');
    // Spec 2 §5: no search icon for an adult blog in safe mode.
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Search this blog' })).toBeNull());
  });

  it('without canModifySafeMode (a visitor by default) the overlay only says safe mode is on; show anyway bypasses it', async () => {
    const calls = adultServer(false);
    page();
    fireEvent.click(screen.getByRole('link', { name: 'bo' }));
    const dialog = await drawer();
    expect(await within(dialog).findByText('Safe Mode is on')).toBeTruthy();
    expect(within(dialog).queryByRole('link', { name: 'Safe Mode is on' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'show anyway' }));
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/svc/indash_blog?') && c.url.includes('should_bypass_safemode=true'))).toBe(true));
  });
});

describe('the drawer under the feature flags (issue 26)', () => {
  beforeEach(() => resetDrawerForTests());
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    resetDrawerForTests();
  });

  /** A visitor's flags come from GET /svc/site; a wide window, where the side ad would show. */
  const withSiteFlags = (features: Record<string, boolean>) => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: /min-width/.test(query), addEventListener: () => {}, removeEventListener: () => {} }));
    return server((call) => (call.url === '/svc/site' ? envelope({ features, has_app: false, app_url: null }) : null));
  };
  const flagsLoaded = async (calls: Call[]) => waitFor(() => expect(calls.some((c) => c.url === '/svc/site')).toBe(true));
  const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

  it('shows no side ad beside the blog while lrec_on_blog_pages_peepr is off, and asks for none', async () => {
    const calls = withSiteFlags({ lrec_on_blog_pages_peepr: false, indash_blogs: true });
    const { container } = page('/blog/ann');
    await flagsLoaded(calls);
    fireEvent.click(screen.getByRole('link', { name: 'bo' }));
    await within(await drawer()).findAllByRole('article');
    await settle();
    expect(container.ownerDocument.querySelector('[data-lrec]')).toBeNull();
    expect(calls.some((c) => c.url === '/svc/ads/lrec')).toBe(false);
  });

  it('shows the side ad slot with the flag on', async () => {
    const calls = withSiteFlags({ lrec_on_blog_pages_peepr: true, indash_blogs: true });
    page('/blog/ann');
    await flagsLoaded(calls);
    fireEvent.click(screen.getByRole('link', { name: 'bo' }));
    await drawer();
    await waitFor(() => expect(document.querySelector('[data-lrec]')).not.toBeNull());
    await waitFor(() => expect(calls.some((c) => c.url === '/svc/ads/lrec')).toBe(true));
  });

  it('leaves a click on a blog name to the link (the blog page) while indash_blogs is off', async () => {
    const calls = withSiteFlags({ indash_blogs: false });
    page('/blog/ann');
    await flagsLoaded(calls);
    await settle();
    expect(fireEvent.click(screen.getByRole('link', { name: 'bo' }))).toBe(true);
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
