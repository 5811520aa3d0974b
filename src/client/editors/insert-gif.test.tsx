import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installLayoutShims, placeSelection, renderRich } from './rich-test-utils';
import { answer, gif } from '../gif/test-fixtures';

let removeShims: () => void;
beforeAll(() => {
  removeShims = installLayoutShims();
});
afterAll(() => removeShims());
beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn<typeof fetch>(async () => answer([gif(1, { postTags: ['gif', 'cat'], width: 120, height: 90 }), gif(2)])));
});
afterEach(() => vi.unstubAllGlobals());

async function openGifSearch() {
  const user = userEvent.setup();
  const utils = renderRich({ value: '<p>First</p><p></p>' });
  act(() => placeSelection(utils.editor, 8));
  await user.click(screen.getByRole('button', { name: 'Insert' }));
  await user.click(screen.getByRole('menuitem', { name: 'GIF' }));
  return { ...utils, user };
}

describe('GIF in the rich editor’s paragraph opener', () => {
  it('inserts the picked GIF with a credit line linking to its post', async () => {
    const { user, lastHtml } = await openGifSearch();
    const input = screen.getByRole('searchbox', { name: 'Search GIFs' });
    expect(document.activeElement).toBe(input);
    await user.type(input, 'cat');
    const first = await screen.findByRole('button', { name: 'GIF by blog1: cat' });
    await user.click(first);
    expect(lastHtml()).toBe(
      '<p>First</p>' +
        '<figure data-orig-width="120" data-orig-height="90"><img src="/media/aa/bb/gif1.gif" data-orig-width="120" data-orig-height="90" alt="cat"></figure>' +
        '<p><small>GIF by </small><a href="http://localhost:3000/blog/blog1/post/1"><small>blog1</small></a></p>',
    );
    expect(screen.queryByRole('dialog', { name: 'GIF search' })).toBeNull();
    // The opener beside the new empty paragraph offers the tray again, not the search.
    await user.click(screen.getByRole('button', { name: 'Insert' }));
    expect(screen.getByRole('menu', { name: 'Insert' })).toBeTruthy();
  });

  it('uses "GIF" as the alt text when the GIF has no tags to show', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>(async () => answer([gif(3, { postTags: ['gifs'], width: null, height: null })])));
    const { user, lastHtml } = await openGifSearch();
    await user.type(screen.getByRole('searchbox', { name: 'Search GIFs' }), 'x');
    await user.click(await screen.findByRole('button', { name: 'GIF by blog3' }));
    expect(lastHtml()).toContain('<figure><img src="/media/aa/bb/gif3.gif" alt="GIF"></figure>');
  });

  it('closes on Escape, back to the "+" and without touching the text', async () => {
    const { user, onChange } = await openGifSearch();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'GIF search' })).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Insert' }));
    expect(onChange).not.toHaveBeenCalled();
  });
});
