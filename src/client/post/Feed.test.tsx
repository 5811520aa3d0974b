import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRef } from 'react';
import { Route, Routes } from 'react-router';
import { LIMITS } from '../../shared/constants';
import { NO_FEATURES } from '../../shared/flags';
import { BlogDraftsPage, BlogQueuePage } from '../feed/BlogPostsPage';
import { Feed } from './Feed';
import { content, envelope, page, post } from '../test/fixtures';
import { mockServer, renderWithApp, type Call } from '../test/test-utils';
import { passedThreshold } from '../ui/use-scroll-threshold';

const viewer = { safe_mode: false, channels: [] };
const texts = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => post(content.text, { id: String(from - i) }));

const saved = {
  scrollHeight: Object.getOwnPropertyDescriptor(document.documentElement, 'scrollHeight'),
  scrollY: Object.getOwnPropertyDescriptor(window, 'scrollY'),
  innerHeight: Object.getOwnPropertyDescriptor(window, 'innerHeight'),
};
function restoreLayout() {
  for (const [name, target] of [['scrollHeight', document.documentElement], ['scrollY', window], ['innerHeight', window]] as const) {
    Reflect.deleteProperty(target, name);
    const original = saved[name];
    if (original) Object.defineProperty(target, name, original);
  }
}

/** Pretends the page is `height` px tall and scrolled to `top`; jsdom does no layout itself. */
function layout(height: number, top: number) {
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: height });
  Object.defineProperty(window, 'scrollY', { configurable: true, value: top });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: 800 });
}
const nextFrame = () => act(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));

const dashboard = () =>
  renderWithApp(<Feed root="dashboard" direction="before" viewer={viewer} label="Dashboard" empty={<p>Your dashboard is quiet</p>} />);
const gets = (calls: Call[]) => calls.filter((c) => c.method === 'GET').map((c) => c.url);

describe('passedThreshold', () => {
  it('is true once the bottom of the viewport passes 90 percent of the page', () => {
    expect(passedThreshold(3699, 800, 5000)).toBe(false);
    expect(passedThreshold(3700, 800, 5000)).toBe(true);
    expect(passedThreshold(0, 800, 600)).toBe(true);
  });
});

describe('Feed', () => {
  beforeEach(() => layout(5000, 0));
  afterEach(() => {
    vi.restoreAllMocks();
    restoreLayout();
  });

  it('loads the next page with the last page\'s `next` when the scroll passes 90 percent, then says That\'s all.', async () => {
    const calls = mockServer((call) =>
      // `next` need not be the last post's id: the client must send what the server said.
      call.url.endsWith('/before/0') ? envelope(page(texts(120, 10), '99')) : envelope(page(texts(98, 3), null)),
    );
    dashboard();
    expect(await screen.findAllByRole('article')).toHaveLength(10);
    expect(gets(calls)).toEqual(['/svc/post/dashboard/before/0']);

    // 3600 + 800 is under 90 % of 5000: nothing more yet.
    layout(5000, 3600);
    fireEvent.scroll(window);
    await nextFrame();
    expect(gets(calls)).toHaveLength(1);

    layout(5000, 3700);
    fireEvent.scroll(window);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(13));
    expect(gets(calls)).toEqual(['/svc/post/dashboard/before/0', '/svc/post/dashboard/before/99']);
    expect(screen.getByText("That's all.")).toBeTruthy();

    fireEvent.scroll(window);
    await nextFrame();
    expect(gets(calls)).toHaveLength(2);
  });

  it('reads a scrolling element given as its container, not the window', async () => {
    const calls = mockServer((call) =>
      call.url.endsWith('/before/0') ? envelope(page(texts(120, 10), '99')) : envelope(page(texts(98, 3), null)),
    );
    function InDrawer() {
      const panel = useRef<HTMLDivElement>(null);
      return (
        <div ref={panel} data-testid="panel" style={{ overflowY: 'auto', height: 600 }}>
          <Feed root="dashboard" direction="before" viewer={viewer} label="Dashboard" empty={null} scrollContainer={panel} />
        </div>
      );
    }
    // The panel is 600 px tall with 4000 px of posts in it, scrolled to `panelTop`.
    let panelTop = 0;
    const isPanel = (el: Element) => el instanceof HTMLElement && el.dataset.testid === 'panel';
    vi.spyOn(Element.prototype, 'scrollHeight', 'get').mockImplementation(function (this: Element) { return isPanel(this) ? 4000 : 5000; });
    vi.spyOn(Element.prototype, 'clientHeight', 'get').mockImplementation(function (this: Element) { return isPanel(this) ? 600 : 0; });
    vi.spyOn(Element.prototype, 'scrollTop', 'get').mockImplementation(function (this: Element) { return isPanel(this) ? panelTop : 0; });
    renderWithApp(<InDrawer />);
    expect(await screen.findAllByRole('article')).toHaveLength(10);
    await nextFrame();
    expect(gets(calls)).toHaveLength(1);
    const panel = screen.getByTestId('panel');

    // The window is scrolled to its end: that is not the list's container.
    layout(5000, 4200);
    fireEvent.scroll(window);
    await nextFrame();
    expect(gets(calls)).toHaveLength(1);

    // 2900 + 600 is under 90 % of 4000; 3000 + 600 is at it.
    panelTop = 2900;
    fireEvent.scroll(panel);
    await nextFrame();
    expect(gets(calls)).toHaveLength(1);
    panelTop = 3000;
    fireEvent.scroll(panel);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(13));
    expect(gets(calls)).toEqual(['/svc/post/dashboard/before/0', '/svc/post/dashboard/before/99']);
  });

  it('shows an error row when the next page fails, and Try again asks for it again', async () => {
    let failing = true;
    const calls = mockServer((call) => {
      if (call.url.endsWith('/before/0')) return envelope(page(texts(120, 10), '111'));
      return failing ? envelope({}, 503, 'The database is not reachable.') : envelope(page(texts(110, 1)));
    });
    dashboard();
    await screen.findAllByRole('article');
    layout(5000, 4200);
    fireEvent.scroll(window);
    expect(await screen.findByText('More posts could not be loaded.')).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(11));
    expect(gets(calls).filter((url) => url.endsWith('/before/111')).length).toBeGreaterThanOrEqual(2);
  });

  it('a page that fails to load says why and can be tried again', async () => {
    let failing = true;
    mockServer(() => (failing ? envelope({}, 500, 'Something went wrong on our side. Please try again later.') : envelope(page(texts(5, 1)))));
    dashboard();
    expect(await screen.findByText('Something went wrong on our side. Please try again later.')).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByRole('article')).toHaveLength(1);
  });

  it('a refusal that will stand (a 403) says why, without a Try again that would only repeat it', async () => {
    mockServer(() => envelope({}, 403, "You can't see this blog's posts."));
    dashboard();
    expect(await screen.findByText("You can't see this blog's posts.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('shows the empty state when there are no posts at all', async () => {
    mockServer(() => envelope(page([])));
    dashboard();
    expect(await screen.findByText('Your dashboard is quiet')).toBeTruthy();
    expect(screen.queryByText("That's all.")).toBeNull();
  });
});

const me = {
  form_key: 'fk',
  user: {
    name: 'ann', email: 'ann@example.com', liked_post_count: 0, friend_count: 0, channels: [], primary: 'ann',
    can_message: true, is_sounds_enabled: true, is_verified_email: true, safe_mode: false, unread_count: 0,
    limits: LIMITS, language: 'en_US', defaultEditorType: 'rich', features: NO_FEATURES, is_admin: false,
  },
};

function blogPage(path: string, answer: (call: Call) => Response) {
  const calls = mockServer((call) => (call.url === '/svc/user/info' ? envelope(me) : answer(call)));
  renderWithApp(
    <Routes>
      <Route path="/blog/:name/drafts" element={<BlogDraftsPage />} />
      <Route path="/blog/:name/queue" element={<BlogQueuePage />} />
    </Routes>,
    { path },
  );
  return calls;
}

describe('BlogDraftsPage and BlogQueuePage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('drafts read oldest first (after) under a Drafts heading', async () => {
    const calls = blogPage('/blog/ann/drafts', () => envelope(page([post(content.text, { is_mine: true })])));
    expect(await screen.findByRole('heading', { name: 'Drafts' })).toBeTruthy();
    await screen.findByRole('article');
    expect(gets(calls)).toContain('/svc/post/blog/ann/drafts/after/0');
  });

  it('the queue reads after (first to go out first), under a Queue heading', async () => {
    const calls = blogPage('/blog/ann/queue', () => envelope(page([post(content.text, { is_mine: true })])));
    expect(await screen.findByRole('heading', { name: 'Queue' })).toBeTruthy();
    await screen.findByRole('article');
    expect(gets(calls)).toContain('/svc/post/blog/ann/queue/after/0');
  });

  it('someone else\'s drafts: the server\'s 404 shows There is nothing here.', async () => {
    blogPage('/blog/cy/drafts', () => envelope({}, 404, 'No such blog.'));
    expect(await screen.findByRole('heading', { name: 'There is nothing here.' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Drafts' })).toBeNull();
  });
});
