import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, useLocation } from 'react-router';
import { blogFixture } from '../test-blog';
import { mockServer } from '../test/test-utils';
import { envelope, newQueryClient } from '../follows/test-support';
import { DesktopSearch } from './DesktopSearch';
import { readRecentSearches } from './recent-searches';

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderSearch() {
  const calls = mockServer((call) =>
    call.url.startsWith('/svc/search/blogs')
      ? envelope({ blogs: [blogFixture('catlover'), blogFixture('catnap')], next: null })
      : envelope({ posts: [], next: null, trending_tags: [{ tag: 'cats of instagram', post_count: 9 }, { tag: 'dogs', post_count: 3 }] }),
  );
  render(
    <QueryClientProvider client={newQueryClient()}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <button type="button">Elsewhere</button>
        <textarea aria-label="Note" />
        <dialog open>
          <button type="button">In a dialog</button>
        </dialog>
        <DesktopSearch />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { calls, box: screen.getByRole('combobox', { name: 'Search' }) };
}

const where = () => screen.getByTestId('location').textContent;

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('the desktop header search', () => {
  it('suggests blogs and tags as one types; arrows move and Enter opens the one chosen', async () => {
    const user = userEvent.setup();
    const { box, calls } = renderSearch();
    await user.click(box);
    await user.type(box, 'cat');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(4));
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Blogcatlover', 'Blogcatnap', 'Tag#cat', 'Tag#cats of instagram']);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(calls.some((call) => call.url === '/svc/search/blogs?q=cat')).toBe(true);

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1].id);
    expect(options[1].getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[3].id);
    await user.keyboard('{Enter}');
    expect(where()).toBe('/tagged/cats%20of%20instagram');
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('searches posts with Enter, remembers the search, and offers it again in the empty field until cleared', async () => {
    const user = userEvent.setup();
    const { box } = renderSearch();
    await user.click(box);
    // Nothing searched yet: the empty field has no list.
    expect(box.getAttribute('aria-expanded')).toBe('false');
    await user.type(box, 'red panda{Enter}');
    expect(where()).toBe('/search?q=red+panda');
    expect(readRecentSearches()).toEqual(['red panda']);

    await user.clear(box);
    await user.click(box);
    const recent = await screen.findByRole('option', { name: /red panda/ });
    expect(screen.getByRole('listbox', { name: 'Recent searches' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear recent searches' }));
    expect(readRecentSearches()).toEqual([]);
    expect(recent.isConnected).toBe(false);
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(box);
  });

  it('Escape closes the suggestions and keeps the words', async () => {
    const user = userEvent.setup();
    const { box } = renderSearch();
    await user.click(box);
    await user.type(box, 'cat');
    await screen.findAllByRole('option');
    await user.keyboard('{Escape}');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect((box as HTMLInputElement).value).toBe('cat');
  });

  it('/ focuses the field, but not while typing in another field, in a dialog or with a modifier held', async () => {
    const user = userEvent.setup();
    const { box } = renderSearch();
    // jsdom lays nothing out: say the field is shown, as it is at 990 px and wider.
    Object.defineProperty(box, 'offsetParent', { configurable: true, get: () => document.body });
    const note = screen.getByRole('textbox', { name: 'Note' });
    await user.click(note);
    await user.keyboard('/');
    expect(document.activeElement).toBe(note);
    expect((note as HTMLTextAreaElement).value).toBe('/');

    // A dialog keeps its keys: the page behind it cannot take the focus.
    await user.click(screen.getByRole('button', { name: 'In a dialog' }));
    await user.keyboard('/');
    expect(document.activeElement).not.toBe(box);

    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    await user.keyboard('{Control>}/{/Control}');
    expect(document.activeElement).not.toBe(box);
    await user.keyboard('/');
    await waitFor(() => expect(document.activeElement).toBe(box));
    // The key that focused it is not typed into it.
    expect((box as HTMLInputElement).value).toBe('');
  });
});
