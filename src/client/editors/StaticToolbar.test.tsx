import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installLayoutShims, placeSelection, renderRich, selectText } from './rich-test-utils';

let removeShims: () => void;
beforeAll(() => {
  removeShims = installLayoutShims();
});
afterAll(() => removeShims());

const staticBar = () => screen.getByRole('toolbar', { name: 'Text formatting' });

describe('static formatting toolbar (spec 1 §2)', () => {
  it('is absent unless the form asks for it', () => {
    renderRich({ value: '<p>Hello</p>' });
    expect(screen.queryByRole('toolbar', { name: 'Text formatting' })).toBeNull();
  });

  it('shows the eight buttons in the spec order before any selection', () => {
    renderRich({ value: '<p>Hello world</p>' }, { staticToolbar: true });
    const names = within(staticBar()).getAllByRole('button').map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual(['Bold', 'Italic', 'Headline', 'Link', 'Strikethrough', 'Ordered list', 'Unordered list', 'Blockquote']);
  });

  it('formats the selection and shows the state of the text under the cursor', () => {
    const { editor, lastHtml } = renderRich({ value: '<p>Hello world</p>' }, { staticToolbar: true });
    act(() => selectText(editor, 'world'));
    fireEvent.click(within(staticBar()).getByRole('button', { name: 'Italic' }));
    expect(lastHtml()).toBe('<p>Hello <i>world</i></p>');
    expect(within(staticBar()).getByRole('button', { name: 'Italic' }).getAttribute('aria-pressed')).toBe('true');
    // The floating toolbar is there too, over the selection.
    expect(screen.getByRole('toolbar', { name: 'Formatting' })).toBeTruthy();
  });

  it('turns the paragraph into a headline or a list with the cursor alone', () => {
    const { editor, lastHtml } = renderRich({ value: '<p>Hello</p>' }, { staticToolbar: true });
    act(() => placeSelection(editor, 2));
    fireEvent.click(within(staticBar()).getByRole('button', { name: 'Headline' }));
    expect(lastHtml()).toBe('<h2>Hello</h2>');
    fireEvent.click(within(staticBar()).getByRole('button', { name: 'Unordered list' }));
    expect(lastHtml()).toContain('<ul>');
  });

  it('Link with only a cursor asks for the address and inserts it as linked text', async () => {
    const user = userEvent.setup();
    const { dom, editor, lastHtml } = renderRich({ value: '<p>See it</p>' }, { staticToolbar: true });
    act(() => {
      dom.focus();
      placeSelection(editor, 5);
    });
    await user.click(within(staticBar()).getByRole('button', { name: 'Link' }));
    await user.type(await screen.findByRole('textbox', { name: 'Link address' }), 'example.com{Enter}');
    expect(lastHtml()).toBe('<p>See <a href="http://example.com">example.com</a>it</p>');
  });
});
