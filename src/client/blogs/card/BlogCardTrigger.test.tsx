import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BlogCardData } from '../../../shared/types';
import { mockServer } from '../../test/test-utils';
import { cardData, envelope, renderApp, viewerInfo } from '../../follows/test-support';
import { BlogCardTrigger, loadBlogCard } from './BlogCardTrigger';

// The card's code loads with the first hover; loaded here first, cards open in the same tick.
beforeAll(() => loadBlogCard());
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Lets timers, fetch answers and React's batched updates run for `ms` of fake time. */
const pass = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

function serve(card: BlogCardData) {
  return mockServer((call) => (call.url.includes(card.name) ? envelope(card) : envelope({}, 404)));
}

const postBlog = { name: 'writer', uuid: 'u', title: 'Writer', url: 'http://localhost/blog/writer', avatar_url: '/svc/avatar/writer/128', is_adult: false };

function renderTrigger(blog: { name: string } = postBlog, viewer?: null) {
  return renderApp(
    <p>
      <BlogCardTrigger blog={blog}>
        <a href="http://localhost/blog/writer" data-testid="trigger">
          writer
        </a>
      </BlogCardTrigger>
      <button type="button">elsewhere</button>
    </p>,
    viewer === null ? { viewer: null } : {},
  );
}

const card = () => screen.queryByRole('dialog', { name: 'Blog card: writer' });
const postsShown = () => within(screen.getByRole('list', { name: 'Recent posts of writer' })).queryAllByRole('listitem').length;

describe('BlogCardTrigger: when the card shows', () => {
  it('opens on hover, closes 300 ms after the mouse leaves, and is removed 250 ms after that', async () => {
    serve(cardData('writer'));
    renderTrigger();
    fireEvent.pointerEnter(screen.getByTestId('trigger'));
    await pass(20);
    expect(card()?.dataset.state).toBe('open');

    fireEvent.pointerLeave(screen.getByTestId('trigger'));
    await pass(299);
    expect(card()?.dataset.state).toBe('open');
    await pass(1);
    // Closed: fading out, still in the page.
    expect(card()?.dataset.state).toBe('closing');
    await pass(249);
    expect(card()).not.toBeNull();
    await pass(1);
    expect(card()).toBeNull();
  });

  it('stays open when the mouse moves from the name onto the card', async () => {
    serve(cardData('writer'));
    renderTrigger();
    fireEvent.pointerEnter(screen.getByTestId('trigger'));
    await pass(20);
    fireEvent.pointerLeave(screen.getByTestId('trigger'));
    await pass(200);
    fireEvent.pointerEnter(card()!);
    await pass(1000);
    expect(card()?.dataset.state).toBe('open');
    fireEvent.pointerLeave(card()!);
    await pass(300);
    expect(card()?.dataset.state).toBe('closing');
    await pass(250);
    expect(card()).toBeNull();
  });

  it('stays open while the mouse travels slowly from the name to the card, and closes 300 ms after it strays', async () => {
    // A 60×20 name at (100, 100); the card, 300×200, 8 px below it; a 1000×800 window.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      if (this.dataset.testid === 'trigger') return new DOMRect(100, 100, 60, 20);
      if (this.getAttribute('role') === 'dialog') return new DOMRect(100, 128, 300, 200);
      return new DOMRect(0, 0, 1000, 800);
    });
    vi.spyOn(document.documentElement, 'clientWidth', 'get').mockReturnValue(1000);
    vi.spyOn(document.documentElement, 'clientHeight', 'get').mockReturnValue(800);
    serve(cardData('writer'));
    renderTrigger();
    const name = screen.getByTestId('trigger');
    fireEvent.pointerEnter(name);
    await pass(20);
    expect(card()?.dataset.side).toBe('bottom');

    // Out at the name's lower edge, then diagonally toward the card's middle, 14 px every 35 ms.
    fireEvent.pointerLeave(name, { clientX: 158, clientY: 119 });
    for (let step = 1; step <= 10; step += 1) {
      await pass(35);
      fireEvent.mouseMove(document, { clientX: 158 + 14 * step, clientY: 119 + 0.9 * step });
    }
    // 350 ms on the way: past the 300 ms a straight leave allows, and still open.
    expect(card()?.dataset.state).toBe('open');

    // Off to the side, out of the way to the card: the usual countdown.
    fireEvent.mouseMove(document, { clientX: 700, clientY: 60 });
    await pass(299);
    expect(card()?.dataset.state).toBe('open');
    await pass(1);
    expect(card()?.dataset.state).toBe('closing');
  });

  it('shows the recent posts no sooner than 500 ms after opening, even when they arrived before', async () => {
    const calls = serve(cardData('writer'));
    renderTrigger();
    fireEvent.pointerEnter(screen.getByTestId('trigger'));
    await pass(100);
    // The answer is in: the title shows, the posts wait.
    expect(within(card()!).getByRole('heading', { name: 'writer title' })).toBeTruthy();
    expect(postsShown()).toBe(0);
    await pass(399);
    expect(postsShown()).toBe(0);
    await pass(1);
    expect(postsShown()).toBe(3);
    // A blog from a post (no theme known) is read through the popover call.
    expect(calls[0]!.url).toBe('/svc/tumblelog_popover/writer?is_tumblelog_popover=true&is_user_mention=false');
  });

  it('leaves the recent-posts area empty with fewer than 2 posts', async () => {
    serve(cardData('writer', { highlighted_posts: cardData('writer').highlighted_posts.slice(0, 1) }));
    renderTrigger();
    fireEvent.pointerEnter(screen.getByTestId('trigger'));
    await pass(1000);
    expect(postsShown()).toBe(0);
  });

  it('reads only the highlighted posts for a blog whose avatar and theme are known', async () => {
    const calls = serve(cardData('writer'));
    renderTrigger(cardData('writer'));
    fireEvent.pointerEnter(screen.getByTestId('trigger'));
    await pass(600);
    expect(calls.map((c) => c.url)).toEqual(['/svc/writer/posts/highlighted']);
    expect(postsShown()).toBe(3);
  });

  it('opens on keyboard focus, takes Tab into the card, and closes on Escape', async () => {
    serve(cardData('writer'));
    renderTrigger();
    const name = screen.getByTestId('trigger');
    act(() => name.focus());
    await pass(100);
    expect(card()?.dataset.state).toBe('open');
    fireEvent.keyDown(name, { key: 'Tab' });
    expect(card()!.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await pass(250);
    expect(card()).toBeNull();
    expect(document.activeElement).toBe(name);
  });

  it('closes on Escape after opening by hover', async () => {
    serve(cardData('writer'));
    renderTrigger();
    fireEvent.pointerEnter(screen.getByTestId('trigger'));
    await pass(20);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    await pass(0);
    expect(card()?.dataset.state).toBe('closing');
    await pass(250);
    expect(card()).toBeNull();
  });

  it('shows logged-out visitors the card, whose Follow goes to /follow/{name}', async () => {
    serve(cardData('writer'));
    renderTrigger(postBlog, null);
    fireEvent.pointerEnter(screen.getByTestId('trigger'));
    await pass(100);
    fireEvent.click(within(card()!).getByRole('button', { name: 'Follow' }));
    expect(screen.getByTestId('location').textContent).toBe('/follow/writer');
  });
});

describe('BlogCard: menu', () => {
  it('blocks the blog from the card after the block confirm, as the current blog', async () => {
    const calls = mockServer((call) => {
      if (call.url === '/svc/block/add') return envelope({ blocked: true });
      if (call.url === '/svc/user/info') return envelope(viewerInfo());
      return envelope(cardData('writer'));
    });
    renderTrigger();
    fireEvent.pointerEnter(screen.getByTestId('trigger'));
    await pass(100);
    fireEvent.click(within(card()!).getByRole('button', { name: 'More options for writer' }));
    fireEvent.click(within(card()!).getByRole('menuitem', { name: 'Block' }));
    await pass(0);
    const confirm = screen.getByRole('dialog', { name: 'Please confirm' });
    expect(confirm.textContent).toContain('Block writer?');
    // The card waits for the answer, however long it takes.
    fireEvent.pointerLeave(card()!);
    await pass(1000);
    expect(card()?.dataset.state).toBe('open');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Block' }));
    await pass(10);
    expect(calls.find((c) => c.url === '/svc/block/add')?.body).toEqual({ tumblelog: 'ann', blocked_tumblelog: 'writer', block_context: 'blog_card' });
    // Answered, with the mouse away: the card closes as usual.
    await pass(300);
    expect(card()?.dataset.state).toBe('closing');
  });

  it('offers no menu on the viewer’s own blog, nor to logged-out visitors', async () => {
    serve(cardData('writer'));
    renderTrigger(postBlog, null);
    fireEvent.pointerEnter(screen.getByTestId('trigger'));
    await pass(100);
    expect(within(card()!).queryByRole('button', { name: 'More options for writer' })).toBeNull();
  });
});

describe('BlogCard: description', () => {
  it('opens only links with an allowed protocol', async () => {
    serve(
      cardData('writer', {
        description_sanitized: '<p><a href="https://example.com/">site</a> <a href="mailto:w@example.com">mail</a> <a href="javascript:alert(1)">bad</a> <a href="data:text/html,x">data</a></p>',
      }),
    );
    renderTrigger();
    fireEvent.pointerEnter(screen.getByTestId('trigger'));
    await pass(100);
    const link = (text: string) => within(card()!).getByText(text);
    // fireEvent answers false when the click's default (opening the link) was prevented.
    expect(fireEvent.click(link('site'))).toBe(true);
    expect(fireEvent.click(link('mail'))).toBe(true);
    expect(fireEvent.click(link('bad'))).toBe(false);
    expect(fireEvent.click(link('data'))).toBe(false);
  });

  it('is cut with a fade when it overflows, checked 100 ms after it shows', async () => {
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(300);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(60);
    serve(cardData('writer'));
    renderTrigger();
    fireEvent.pointerEnter(screen.getByTestId('trigger'));
    await pass(5);
    const description = within(card()!).getByText('About me').closest('[data-user-html]')!.parentElement!;
    expect(description.hasAttribute('data-truncated')).toBe(false);
    await pass(100);
    expect(description.hasAttribute('data-truncated')).toBe(true);
  });
});
