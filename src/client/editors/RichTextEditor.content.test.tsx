import { act } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installLayoutShims, placeSelection, press, renderRich, typeText } from './rich-test-utils';

let removeShims: () => void;
beforeAll(() => {
  removeShims = installLayoutShims();
});
afterAll(() => removeShims());

describe('output', () => {
  it('writes bold and italic as <b> and <i>, whatever the input used', () => {
    const { editor, lastHtml } = renderRich({ value: '<p><strong>a</strong> <em>b</em> <b>c</b> <i>d</i></p>' });
    act(() => {
      placeSelection(editor, editor.state.doc.content.size - 1);
      typeText(editor, '!');
    });
    expect(lastHtml()).toBe('<p><b>a</b> <i>b</i> <b>c</b> <i>d!</i></p>');
  });

  it('is empty for an empty document, and drops empty paragraphs', () => {
    const { editor, lastHtml } = renderRich({ value: '<p>x</p><p></p><p>y</p>' });
    act(() => {
      placeSelection(editor, 1);
      typeText(editor, 'z');
    });
    expect(lastHtml()).toBe('<p>zx</p><p>y</p>');
    act(() => {
      editor.commands.clearContent(true);
    });
    expect(lastHtml()).toBe('');
  });
});

describe('pasted HTML is cleaned to the allowlist by the schema', () => {
  it('keeps allowed elements and attributes and drops the rest', () => {
    const { dom, editor, lastHtml } = renderRich({ value: '' });
    act(() => placeSelection(editor, 1));
    act(() => {
      pasteHtml(
        dom,
        '<h1 class="t">Title</h1>' +
          '<p style="color:red"><span style="color:red">red</span> <u>under</u> <strong>strong</strong> <em>em</em> ' +
          '<code>code</code> <s>gone</s> <small>fine</small> <sub>2</sub><sup>3</sup></p>' +
          '<script>alert(1)</script><style>p { color: red }</style>' +
          '<ol start="3" type="a"><li>one</li></ol>' +
          '<p><a href="javascript:alert(1)">bad</a> <a href="https://ok.example" target="_blank" rel="nofollow" class="x" title="T">ok</a></p>' +
          '<h2 id="h">Headline</h2><h3>Sub</h3><blockquote><p>quote</p></blockquote><pre><code>pre  text</code></pre>' +
          '<div onclick="x()">div text</div><table><tr><td>cell</td></tr></table>' +
          '<img src="data:image/png;base64,AAAA" alt="inline"><img src="https://img.example/a.png" alt="A" width="10" data-orig-width="640" data-orig-height="480">' +
          '<hr class="read-more other" data-label="More" id="x"><hr>',
      );
    });
    expect(lastHtml()).toBe(
      '<p>Title</p>' +
        '<p>red under <b>strong</b> <i>em</i> code <s>gone</s> <small>fine</small> <sub>2</sub><sup>3</sup></p>' +
        '<ol><li><p>one</p></li></ol>' +
        '<p>bad <a href="https://ok.example" title="T">ok</a></p>' +
        '<h2>Headline</h2><p>Sub</p><blockquote><p>quote</p></blockquote><pre>pre  text</pre>' +
        '<p>div text</p><p>cell</p>' +
        '<figure data-orig-width="640" data-orig-height="480"><img src="https://img.example/a.png" data-orig-width="640" data-orig-height="480" alt="A"></figure>' +
        '<hr class="read-more" data-label="More"><hr>',
    );
    expect(lastHtml()).not.toMatch(/<(span|u|h1|h3|script|style|code|div|table|strong|em)\b|alert|style=|onclick/);
  });
});

describe('iframes', () => {
  const embed = '<iframe src="https://www.youtube.com/embed/abc" width="560" height="315" frameborder="0"></iframe>';

  it('are neutralised while editing and restored in the output', () => {
    const { dom, editor, lastHtml } = renderRich({ value: `<p>Watch</p>${embed}` });
    const frame = dom.querySelector('iframe');
    expect(frame?.getAttribute('src')).toBe('about:blank');
    expect(frame?.getAttribute('data-src')).toBe('https://www.youtube.com/embed/abc');
    expect(dom.querySelector('[aria-label="Embedded content from www.youtube.com"]')?.textContent).toBe('www.youtube.com');
    act(() => {
      placeSelection(editor, 6);
      typeText(editor, '!');
    });
    expect(lastHtml()).toBe(`<p>Watch!</p>${embed}`);
  });

  it('take their real source from data-src when the HTML had been neutralised', () => {
    const { editor, lastHtml } = renderRich({ value: '<p>a</p><iframe src="about:blank" data-src="https://player.vimeo.com/video/1"></iframe>' });
    act(() => {
      placeSelection(editor, 2);
      typeText(editor, 'b');
    });
    expect(lastHtml()).toBe('<p>ab</p><iframe src="https://player.vimeo.com/video/1"></iframe>');
  });

  it('with a script source are dropped', () => {
    const { editor, lastHtml } = renderRich({ value: '<p>a</p><iframe src="javascript:alert(1)"></iframe>' });
    act(() => {
      placeSelection(editor, 2);
      typeText(editor, 'b');
    });
    expect(lastHtml()).toBe('<p>ab</p>');
  });
});

/** A paste event as the browser sends it, with the clipboard's data. */
function pasteHtml(target: HTMLElement, html: string) {
  const data = { files: [], types: ['text/html'], items: [], getData: (type: string) => (type === 'text/html' ? html : '') };
  const event = new Event('paste', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'clipboardData', { value: data });
  target.dispatchEvent(event);
}

function fileEvent(type: 'paste' | 'drop', files: File[]) {
  const data = { files, types: ['Files'], items: [], getData: () => '' };
  const event = new Event(type, { bubbles: true, cancelable: true });
  Object.defineProperty(event, type === 'paste' ? 'clipboardData' : 'dataTransfer', { value: data });
  Object.assign(event, { clientX: 1, clientY: 1 });
  return event;
}

describe('image files', () => {
  const image = new File(['x'], 'cat.png', { type: 'image/png' });

  it('a pasted image file goes to onFileAdded and nothing is inserted', () => {
    const onFileAdded = vi.fn();
    const { dom, editor, onChange } = renderRich({ value: '<p>a</p>', onFileAdded });
    act(() => placeSelection(editor, 2));
    const event = fileEvent('paste', [image]);
    act(() => {
      dom.dispatchEvent(event);
    });
    expect(onFileAdded).toHaveBeenCalledWith(image);
    expect(event.defaultPrevented).toBe(true);
    expect(onChange).not.toHaveBeenCalled();
    expect(editor.getHTML()).toBe('<p>a</p>');
  });

  it('a dropped image file goes to onFileAdded too', () => {
    const onFileAdded = vi.fn();
    const { dom, editor } = renderRich({ value: '<p>a</p>', onFileAdded });
    vi.spyOn(editor.view, 'posAtCoords').mockReturnValue({ pos: 1, inside: -1 });
    const event = fileEvent('drop', [image]);
    act(() => {
      dom.dispatchEvent(event);
    });
    expect(onFileAdded).toHaveBeenCalledWith(image);
    expect(event.defaultPrevented).toBe(true);
    expect(editor.getHTML()).toBe('<p>a</p>');
  });

  it('a pasted file that is not an image is left alone', () => {
    const onFileAdded = vi.fn();
    const { dom, editor } = renderRich({ value: '<p>a</p>', onFileAdded });
    act(() => placeSelection(editor, 2));
    act(() => {
      dom.dispatchEvent(fileEvent('paste', [new File(['x'], 'notes.txt', { type: 'text/plain' })]));
    });
    expect(onFileAdded).not.toHaveBeenCalled();
  });
});

describe('smart quotes while typing', () => {
  it('curls quotes and makes primes after digits', () => {
    const { editor, lastHtml } = renderRich({ value: '<p></p>' });
    act(() => {
      placeSelection(editor, 1);
      typeText(editor, `"It's 5'10" ('tall')," he said.`);
    });
    expect(lastHtml()).toBe('<p>\u201CIt\u2019s 5\u203210\u2033 (\u2018tall\u2019),\u201D he said.</p>');
  });

  it('leaves quotes straight in preformatted text', () => {
    const { editor, lastHtml } = renderRich({ value: '<pre>x</pre>' });
    act(() => {
      placeSelection(editor, 2);
      typeText(editor, ` = "y"`);
    });
    expect(lastHtml()).toBe('<pre>x = "y"</pre>');
  });
});

describe('undo (spec 1 §4: history captured after a 500 ms pause)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function typeAt(editor: Parameters<typeof typeText>[0], time: number, text: string) {
    vi.setSystemTime(time);
    act(() => typeText(editor, text));
  }

  it('undoes changes less than 500 ms apart together', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { dom, editor, lastHtml } = renderRich({ value: '<p>x</p>' });
    act(() => placeSelection(editor, 2));
    typeAt(editor, 10_000, 'a');
    typeAt(editor, 10_400, 'b');
    typeAt(editor, 10_800, 'c');
    expect(lastHtml()).toBe('<p>xabc</p>');
    act(() => press(dom, 'z'));
    expect(lastHtml()).toBe('<p>x</p>');
  });

  it('undoes changes more than 500 ms apart one at a time; Mod+Shift+Z redoes', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { dom, editor, lastHtml } = renderRich({ value: '<p>x</p>' });
    act(() => placeSelection(editor, 2));
    typeAt(editor, 10_000, 'a');
    typeAt(editor, 10_100, 'b');
    typeAt(editor, 10_700, 'c');
    act(() => press(dom, 'z'));
    expect(lastHtml()).toBe('<p>xab</p>');
    act(() => press(dom, 'z'));
    expect(lastHtml()).toBe('<p>x</p>');
    act(() => press(dom, 'Z', { shift: true, keyCode: 90 }));
    expect(lastHtml()).toBe('<p>xab</p>');
  });
});

describe('accessibility', () => {
  it('is a labelled multi-line textbox with its placeholder', () => {
    const { dom } = renderRich({ value: '', placeholder: 'Your text here' });
    expect(dom.getAttribute('aria-multiline')).toBe('true');
    expect(dom.getAttribute('aria-placeholder')).toBe('Your text here');
    expect(dom.querySelector('p')?.getAttribute('data-placeholder')).toBe('Your text here');
  });
});
