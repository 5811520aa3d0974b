import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DRAWER_KEYS } from '../blog-viewer/keyboard-map';
import { FORMATS, shortcutLabel } from '../editors/formats';
import { dashboardKeyAction } from './dashboard-keys';
import { ShortcutsSheet } from './ShortcutsSheet';
import { useDashboardKeys } from './use-dashboard-keys';

beforeAll(() => {
  // jsdom has no modal dialogs and no scrolling: opening one only needs the attribute.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  window.scrollTo = vi.fn() as typeof window.scrollTo;
});
afterEach(() => vi.restoreAllMocks());

describe('the dashboard key map', () => {
  const on = (target: Element) => ({ target });
  it('maps j, k, l, r, n and ? and nothing else', () => {
    const body = document.body;
    expect(['j', 'k', 'l', 'r', 'n', '?', 's', 'J'].map((key) => dashboardKeyAction({ key, ...on(body) }))).toEqual([
      'next', 'previous', 'like', 'reblog', 'newPost', 'help', null, null,
    ]);
  });

  it('never fires while typing, with a modifier held, or inside a dialog', () => {
    const input = document.createElement('input');
    const area = document.createElement('textarea');
    const editable = document.createElement('div');
    editable.setAttribute('contenteditable', 'true');
    const dialog = document.createElement('dialog');
    const inDialog = dialog.appendChild(document.createElement('button'));
    document.body.append(input, area, editable, dialog);
    for (const target of [input, area, editable, inDialog]) expect(dashboardKeyAction({ key: 'j', target })).toBeNull();
    expect(dashboardKeyAction({ key: 'j', ctrlKey: true, target: document.body })).toBeNull();
    expect(dashboardKeyAction({ key: 'l', metaKey: true, target: document.body })).toBeNull();
    expect(dashboardKeyAction({ key: 'r', altKey: true, target: document.body })).toBeNull();
  });
});

/** Three posts as the feed draws them, each with a Like button and a Reblog link. */
function FakeDashboard({ onLike, onReblog }: { onLike: (id: string) => void; onReblog: (id: string) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  useDashboardKeys(ref, () => setOpen(true));
  const { pathname } = useLocation();
  return (
    <div ref={ref}>
      <output data-testid="location">{pathname}</output>
      <input aria-label="Reply" />
      <ShortcutsSheet open={open} onClose={() => setOpen(false)} />
      <div role="feed">
        {['1', '2', '3'].map((id) => (
          <article key={id} data-post-id={id} aria-label={`Post ${id}`}>
            <button type="button" aria-label="Like" onClick={() => onLike(id)} />
            <a href={`#reblog-${id}`} aria-label="Reblog" onClick={(event) => (event.preventDefault(), onReblog(id))} />
          </article>
        ))}
      </div>
    </div>
  );
}

function renderDashboard() {
  const liked: string[] = [];
  const reblogged: string[] = [];
  render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <FakeDashboard onLike={(id) => liked.push(id)} onReblog={(id) => reblogged.push(id)} />
    </MemoryRouter>,
  );
  return { liked, reblogged };
}

const post = (n: number) => screen.getByRole('article', { name: `Post ${n}` });

describe('the dashboard keyboard', () => {
  it('j and k move the focus between posts; l likes and r reblogs the focused one', async () => {
    const user = userEvent.setup();
    const { liked, reblogged } = renderDashboard();
    // jsdom lays nothing out: every post's top is 0, so the first j goes to the first post below the line.
    const tops = [100, 700, 1300];
    for (const n of [1, 2, 3]) vi.spyOn(post(n), 'getBoundingClientRect').mockReturnValue({ top: tops[n - 1] } as DOMRect);
    await user.keyboard('j');
    expect(document.activeElement).toBe(post(1));
    expect(window.scrollTo).toHaveBeenCalled();
    await user.keyboard('jj');
    expect(document.activeElement).toBe(post(3));
    await user.keyboard('j');
    expect(document.activeElement).toBe(post(3));
    await user.keyboard('k');
    expect(document.activeElement).toBe(post(2));
    await user.keyboard('l');
    expect(liked).toEqual(['2']);
    await user.keyboard('r');
    expect(reblogged).toEqual(['2']);
    // A post focused by j is not made a tab stop.
    expect(post(2).tabIndex).toBe(-1);
  });

  it('keys typed in a field or with a modifier are the field\'s', async () => {
    const user = userEvent.setup();
    const { liked } = renderDashboard();
    await user.click(screen.getByRole('textbox', { name: 'Reply' }));
    await user.keyboard('jl');
    expect(liked).toEqual([]);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Reply' }));
    await user.click(document.body);
    await user.keyboard('{Control>}l{/Control}');
    expect(liked).toEqual([]);
  });

  it('n opens a new post', async () => {
    const user = userEvent.setup();
    renderDashboard();
    await user.keyboard('n');
    expect(screen.getByTestId('location').textContent).toBe('/new/text');
  });

  it('? opens the sheet with every shortcut: the dashboard\'s, fast compose\'s, the drawer\'s and the editor\'s', async () => {
    const user = userEvent.setup();
    renderDashboard();
    await user.keyboard('?');
    const sheet = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    const group = (title: string) => within(sheet).getByRole('heading', { name: title }).closest('section')!;
    const keysOf = (title: string) => [...group(title).querySelectorAll('kbd')].map((kbd) => kbd.textContent);
    expect(keysOf('Dashboard')).toEqual(expect.arrayContaining(['j', 'k', 'l', 'r', 'n', '?', '/']));
    expect(keysOf('Blog drawer')).toEqual(expect.arrayContaining(Object.keys(DRAWER_KEYS)));
    expect(keysOf('Post editor')).toEqual(FORMATS.map((format) => shortcutLabel(format.shortcut)));
    expect(keysOf('Fast compose').length).toBeGreaterThan(0);
    // Keys inside the sheet are not the dashboard's.
    await user.keyboard('j');
    expect(document.activeElement).not.toBe(post(1));
    await user.click(within(sheet).getByRole('button', { name: 'Close' }));
  });
});
