import { act } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installLayoutShims, placeSelection, press, renderRich, selectText } from './rich-test-utils';

let removeShims: () => void;
beforeAll(() => {
  removeShims = installLayoutShims();
});
afterAll(() => removeShims());

function setup(value = '<p>Hello world</p>') {
  const result = renderRich({ value });
  act(() => selectText(result.editor, 'world'));
  return result;
}

describe('editor shortcuts (spec 1 §9)', () => {
  it('Mod+B makes the selection bold, written as <b>', () => {
    const { dom, lastHtml } = setup();
    act(() => press(dom, 'b'));
    expect(lastHtml()).toBe('<p>Hello <b>world</b></p>');
  });

  it('Mod+I makes it italic, written as <i>', () => {
    const { dom, lastHtml } = setup();
    act(() => press(dom, 'i'));
    expect(lastHtml()).toBe('<p>Hello <i>world</i></p>');
  });

  it('Mod+Shift+2 makes the paragraph a headline (h2)', () => {
    const { dom, lastHtml } = setup();
    act(() => press(dom, '@', { shift: true, keyCode: 50 }));
    expect(lastHtml()).toBe('<h2>Hello world</h2>');
  });

  it('Mod+Shift+6 strikes through', () => {
    const { dom, lastHtml } = setup();
    act(() => press(dom, '^', { shift: true, keyCode: 54 }));
    expect(lastHtml()).toBe('<p>Hello <s>world</s></p>');
  });

  it('Mod+Shift+7 makes an ordered list, Mod+Shift+8 an unordered one', () => {
    const { dom, lastHtml } = setup();
    act(() => press(dom, '&', { shift: true, keyCode: 55 }));
    expect(lastHtml()).toBe('<ol><li><p>Hello world</p></li></ol>');
    act(() => press(dom, '*', { shift: true, keyCode: 56 }));
    expect(lastHtml()).toBe('<ul><li><p>Hello world</p></li></ul>');
  });

  it('Mod+Shift+9 makes a blockquote', () => {
    const { dom, lastHtml } = setup();
    act(() => press(dom, '(', { shift: true, keyCode: 57 }));
    expect(lastHtml()).toBe('<blockquote><p>Hello world</p></blockquote>');
  });

  it('Mod+Shift+minus makes small text', () => {
    const { dom, lastHtml } = setup();
    act(() => press(dom, '_', { shift: true, keyCode: 189 }));
    expect(lastHtml()).toBe('<p>Hello <small>world</small></p>');
  });

  it('Mod+Alt+1 makes preformatted text, a bare <pre>', () => {
    const { dom, lastHtml } = setup();
    act(() => press(dom, '1', { alt: true, keyCode: 49 }));
    expect(lastHtml()).toBe('<pre>Hello world</pre>');
  });

  it('Mod+. and Mod+, make superscript and subscript', () => {
    const { dom, editor, lastHtml } = setup();
    act(() => press(dom, '.', { keyCode: 190 }));
    expect(lastHtml()).toBe('<p>Hello <sup>world</sup></p>');
    act(() => selectText(editor, 'Hello'));
    act(() => press(dom, ',', { keyCode: 188 }));
    expect(lastHtml()).toBe('<p><sub>Hello</sub> <sup>world</sup></p>');
  });

  it('Mod+Shift+0 clears marks and blocks', () => {
    const { dom, editor, lastHtml } = renderRich({ value: '<blockquote><p><b>Hello</b> <i>world</i></p></blockquote>' });
    act(() => placeSelection(editor, { from: 0, to: editor.state.doc.content.size }));
    act(() => press(dom, ')', { shift: true, keyCode: 48 }));
    expect(lastHtml()).toBe('<p>Hello world</p>');
  });
});
