import { describe, expect, it } from 'vitest';
import { IFRAME_SANDBOX, sandboxIframes } from './sandbox-iframes';

const parse = (html: string) => {
  const box = document.createElement('div');
  box.innerHTML = html;
  return [...box.querySelectorAll('iframe')];
};

describe('sandboxIframes', () => {
  it('gives every iframe the sandbox and lazy loading, keeping its own attributes', () => {
    const html = '<p>a</p><iframe src="https://player.example/1" width="500" height="281" frameborder="0"></iframe>' +
      '<IFRAME src="https://player.example/2"></IFRAME>';
    const frames = parse(sandboxIframes(html));
    expect(frames).toHaveLength(2);
    for (const frame of frames) {
      expect(frame.getAttribute('sandbox')).toBe(IFRAME_SANDBOX);
      expect(frame.getAttribute('loading')).toBe('lazy');
    }
    expect(frames[0]!.getAttribute('src')).toBe('https://player.example/1');
    expect(frames[0]!.getAttribute('width')).toBe('500');
    expect(sandboxIframes(html)).toContain('<p>a</p>');
  });

  it('names a frame without a title by the host of its player, and keeps a title it had', () => {
    const [named, untitled, bare] = parse(
      sandboxIframes('<iframe src="https://www.youtube.com/embed/x?a=1&amp;b=2"></iframe><iframe title="My film" src="https://a.example/"></iframe><iframe></iframe>'),
    );
    expect(named!.getAttribute('title')).toBe('Embedded player from www.youtube.com');
    expect(untitled!.getAttribute('title')).toBe('My film');
    expect(bare!.getAttribute('title')).toBe('Embedded player');
  });

  it('replaces a sandbox or loading the HTML already had instead of keeping a looser one', () => {
    const out = sandboxIframes('<iframe sandbox="allow-top-navigation allow-scripts" loading=eager src="x"></iframe>');
    expect(out).not.toContain('allow-top-navigation');
    expect(out).not.toContain('eager');
    const [frame] = parse(out);
    expect(frame!.getAttribute('sandbox')).toBe(IFRAME_SANDBOX);
    expect(frame!.getAttribute('src')).toBe('x');
  });

  it('does not end the tag at a > inside a quoted value, nor touch other tags', () => {
    const out = sandboxIframes('<iframe title="a > b" src="y"></iframe><img src="z" loading="eager">');
    const [frame] = parse(out);
    expect(frame!.getAttribute('title')).toBe('a > b');
    expect(frame!.getAttribute('sandbox')).toBe(IFRAME_SANDBOX);
    expect(out).toContain('<img src="z" loading="eager">');
  });

  it('leaves HTML without iframes as it is', () => {
    expect(sandboxIframes('<p>iframes are fun</p>')).toBe('<p>iframes are fun</p>');
  });
});

describe('sandboxIframes, attribute values', () => {
  it('keeps a value that mentions loading or sandbox', () => {
    const [frame] = parse(sandboxIframes('<iframe title="slow loading sandbox" src="y"></iframe>'));
    expect(frame!.getAttribute('title')).toBe('slow loading sandbox');
    expect(frame!.getAttribute('loading')).toBe('lazy');
  });
});
