import { insertImageByUrl, removeLink } from './commands';
import { EDITOR_ERRORS } from './constants';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { installLayoutShims, placeSelection, press, renderRich, selectText } from './rich-test-utils';

let removeShims: () => void;
beforeAll(() => {
  removeShims = installLayoutShims();
});
afterAll(() => removeShims());

describe('formatting toolbar', () => {
  it('appears over a non-empty selection with the spec’s buttons in order', () => {
    const { editor } = renderRich({ value: '<p>Hello world</p>' });
    expect(screen.queryByRole('toolbar')).toBeNull();
    act(() => selectText(editor, 'world'));
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    const names = within(toolbar).getAllByRole('button').map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual(['Bold', 'Italic', 'Headline', 'Link', 'Strikethrough', 'Ordered list', 'Unordered list', 'Blockquote']);
  });

  it('applies a format and marks its button pressed', () => {
    const { editor, lastHtml } = renderRich({ value: '<p>Hello world</p>' });
    act(() => selectText(editor, 'world'));
    const bold = screen.getByRole('button', { name: 'Bold' });
    expect(bold.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(bold);
    expect(lastHtml()).toBe('<p>Hello <b>world</b></p>');
    expect(screen.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('is reached with Tab from the text and stays while focused', async () => {
    const user = userEvent.setup();
    const { editor } = renderRich({ value: '<p>Hello world</p>' });
    act(() => selectText(editor, 'world'));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Bold' }));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Italic' }));
    await user.keyboard('{Enter}');
    expect(editor.isActive('italic')).toBe(true);
  });

  it('hides when the selection collapses', () => {
    const { editor } = renderRich({ value: '<p>Hello world</p>' });
    act(() => selectText(editor, 'world'));
    act(() => placeSelection(editor, 2));
    expect(screen.queryByRole('toolbar')).toBeNull();
  });
});

describe('link bubble', () => {
  it('creates a link with Mod+K, adding http:// to an address without a scheme', async () => {
    const user = userEvent.setup();
    const { dom, editor, lastHtml } = renderRich({ value: '<p>Hello world</p>' });
    act(() => selectText(editor, 'world'));
    act(() => press(dom, 'k'));
    const input = (await screen.findByRole('textbox', { name: 'Link address' }));
    expect(document.activeElement).toBe(input);
    await user.type(input, 'example.com/page');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(lastHtml()).toBe('<p>Hello <a href="http://example.com/page">world</a></p>');
    expect(screen.queryByRole('textbox', { name: 'Link address' })).toBeNull();
  });

  it('with nothing selected, inserts the address as linked text', async () => {
    const user = userEvent.setup();
    const { dom, editor, lastHtml } = renderRich({ value: '<p>See it</p>' });
    act(() => placeSelection(editor, 5));
    act(() => press(dom, 'k'));
    await user.type((await screen.findByRole('textbox', { name: 'Link address' })), 'example.com{Enter}');
    expect(lastHtml()).toBe('<p>See <a href="http://example.com">example.com</a>it</p>');
  });

  it('opens from the toolbar’s Link button; Enter is Done', async () => {
    const user = userEvent.setup();
    const { editor, lastHtml } = renderRich({ value: '<p>Hello world</p>' });
    act(() => selectText(editor, 'Hello'));
    await user.click(screen.getByRole('button', { name: 'Link' }));
    await user.type((await screen.findByRole('textbox', { name: 'Link address' })), 'https://a.example{Enter}');
    expect(lastHtml()).toBe('<p><a href="https://a.example">Hello</a> world</p>');
  });

  it('Escape cancels without linking', async () => {
    const user = userEvent.setup();
    const { dom, editor, onChange } = renderRich({ value: '<p>Hello world</p>' });
    act(() => selectText(editor, 'world'));
    act(() => press(dom, 'k'));
    await user.type((await screen.findByRole('textbox', { name: 'Link address' })), 'example.com{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Link address' })).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(dom);
  });

  it('closes when the writer goes back to the text', async () => {
    const user = userEvent.setup();
    const { dom, editor } = renderRich({ value: '<p>Hello world</p>' });
    act(() => selectText(editor, 'world'));
    act(() => press(dom, 'k'));
    await user.type((await screen.findByRole('textbox', { name: 'Link address' })), 'exam');
    act(() => placeSelection(editor, 2));
    expect(screen.queryByRole('textbox', { name: 'Link address' })).toBeNull();
    expect(editor.getHTML()).toBe('<p>Hello world</p>');
  });

  it('over a link shows its host with Edit, Remove and Open', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { editor } = renderRich({ value: '<p>Go <a href="https://www.example.org/a/b">there</a> now</p>' });
    act(() => placeSelection(editor, 6));
    const bubble = screen.getByRole('group', { name: 'Link' });
    expect(within(bubble).getByText('www.example.org')).toBeTruthy();
    expect(within(bubble).getAllByRole('button').map((b) => b.textContent)).toEqual(['Edit', 'Remove', 'Open']);
    fireEvent.click(within(bubble).getByRole('button', { name: 'Open' }));
    expect(open).toHaveBeenCalledWith('https://www.example.org/a/b', '_blank', 'noopener');
    open.mockRestore();
  });

  it('Open adds http:// to a link without a scheme', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { editor } = renderRich({ value: '<p><a href="example.net">x</a> y</p>' });
    act(() => placeSelection(editor, 2));
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(open).toHaveBeenCalledWith('http://example.net', '_blank', 'noopener');
    open.mockRestore();
  });

  it('Remove unlinks', () => {
    const { editor, lastHtml } = renderRich({ value: '<p>Go <a href="https://example.org">there</a> now</p>' });
    act(() => placeSelection(editor, 6));
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(lastHtml()).toBe('<p>Go there now</p>');
    expect(screen.queryByRole('group', { name: 'Link' })).toBeNull();
  });

  it('Edit changes the address; an empty address and Done removes the link', async () => {
    const user = userEvent.setup();
    const { editor, lastHtml } = renderRich({ value: '<p>Go <a href="https://example.org">there</a> now</p>' });
    act(() => placeSelection(editor, 6));
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const input = (await screen.findByRole('textbox', { name: 'Link address' })) as HTMLInputElement;
    expect(input.value).toBe('https://example.org');
    await user.clear(input);
    await user.type(input, 'example.com{Enter}');
    expect(lastHtml()).toBe('<p>Go <a href="http://example.com">there</a> now</p>');

    // Done gives the text its focus back in the next animation frame (Tiptap's focus command):
    // let it land, or on a busy machine it comes after the next click on Edit and closes its form.
    await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
    act(() => placeSelection(editor, 6));
    // The bubble shows the new address before it is edited again (on a busy machine its update
    // can come after the selection's, and a click on the old bubble would be lost).
    await screen.findByTitle('http://example.com');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.clear(await screen.findByRole('textbox', { name: 'Link address' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(lastHtml()).toBe('<p>Go there now</p>');
  });

  it('refuses a javascript: address and keeps the bubble open', async () => {
    const user = userEvent.setup();
    const { dom, editor, onChange } = renderRich({ value: '<p>Hello world</p>' });
    act(() => selectText(editor, 'world'));
    act(() => press(dom, 'k'));
    const input = (await screen.findByRole('textbox', { name: 'Link address' }));
    await user.type(input, 'javascript:alert(1){Enter}');
    expect(onChange).not.toHaveBeenCalled();
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('paragraph opener', () => {
  it('offers a tray on an empty paragraph, operable from the keyboard', async () => {
    const user = userEvent.setup();
    const { editor, lastHtml } = renderRich({ value: '<p>First</p><p></p>' });
    act(() => placeSelection(editor, 8));
    const plus = screen.getByRole('button', { name: 'Insert' });
    expect(plus.getAttribute('aria-expanded')).toBe('false');
    plus.focus();
    await user.keyboard('{Enter}');
    const tray = screen.getByRole('menu', { name: 'Insert' });
    const items = within(tray).getAllByRole('menuitem').map((i) => i.textContent);
    expect(items).toEqual(['Headline', 'Quote', 'List', 'Read more break', 'Image by URL', 'GIF']);
    expect(document.activeElement?.textContent).toBe('Headline');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Read more break');
    await user.keyboard('{Enter}');
    expect(lastHtml()).toBe('<p>First</p><hr class="read-more">');
  });

  it('Headline turns the empty paragraph into an h2', async () => {
    const user = userEvent.setup();
    const { editor } = renderRich({ value: '<p>First</p><p></p>' });
    act(() => placeSelection(editor, 8));
    await user.click(screen.getByRole('button', { name: 'Insert' }));
    await user.click(screen.getByRole('menuitem', { name: 'Headline' }));
    expect(editor.getHTML()).toMatch(/^<p>First<\/p><h2><\/h2>/);
    expect(editor.isActive('heading', { level: 2 })).toBe(true);
  });

  it('inserts an image by URL', async () => {
    const user = userEvent.setup();
    const { editor, lastHtml } = renderRich({ value: '<p>First</p><p></p>' });
    act(() => placeSelection(editor, 8));
    await user.click(screen.getByRole('button', { name: 'Insert' }));
    await user.click(screen.getByRole('menuitem', { name: 'Image by URL' }));
    await user.type(screen.getByRole('textbox', { name: 'Image URL' }), 'https://img.example/cat.png{Enter}');
    expect(lastHtml()).toBe('<p>First</p><figure><img src="https://img.example/cat.png"></figure>');
  });

  // Issue 26: the editor's logged errors, spelled as spec 1 §10 spells them.
  it("logs 'Cannot edit link without a valid linkElement' for a link edit with no link at the cursor, and 'Cannot insert without the editor having a cursor or selection' on a read-only editor", () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { editor } = renderRich({ value: '<p>First</p>' });
    act(() => placeSelection(editor, 2));
    expect(removeLink(editor)).toBe(false);
    expect(error).toHaveBeenLastCalledWith('Cannot edit link without a valid linkElement');
    act(() => editor.setEditable(false));
    expect(insertImageByUrl(editor, 'https://img.example/cat.png')).toBe(false);
    expect(error).toHaveBeenLastCalledWith('Cannot insert without the editor having a cursor or selection');
    error.mockRestore();
  });

  it("logs 'A valid element parameter is required to initalize the editor' only for an editor with no element in the page", () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRich({ value: '<p>First</p>' });
    expect(error).not.toHaveBeenCalledWith(EDITOR_ERRORS.noElement);
    expect(EDITOR_ERRORS.noElement).toBe('A valid element parameter is required to initalize the editor');
    error.mockRestore();
  });

  it('logs and inserts nothing for an empty or unusable image address', async () => {
    const user = userEvent.setup();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { editor, onChange } = renderRich({ value: '<p>First</p><p></p>' });
    act(() => placeSelection(editor, 8));
    await user.click(screen.getByRole('button', { name: 'Insert' }));
    await user.click(screen.getByRole('menuitem', { name: 'Image by URL' }));
    const input = screen.getByRole('textbox', { name: 'Image URL' });
    await user.type(input, '{Enter}');
    expect(error).toHaveBeenLastCalledWith('Cannot insert empty data');
    await user.type(input, 'ftp://img.example/cat.png{Enter}');
    expect(error).toHaveBeenLastCalledWith('Unknown source type for inserting an image');
    expect(onChange).not.toHaveBeenCalled();
    error.mockRestore();
  });

  it('is not offered in a paragraph with text', () => {
    const { editor } = renderRich({ value: '<p>First</p>' });
    act(() => placeSelection(editor, 3));
    expect(screen.queryByRole('button', { name: 'Insert' })).toBeNull();
  });
});
