import { describe, expect, it } from 'vitest';
import { cardColours, contrast } from './card-theme';
import { isAllowedLink } from './description-links';

describe('cardColours', () => {
  it('normalises the theme colours and expands the shorthand', () => {
    expect(cardColours({ background_color: '#fff', title_color: '234', link_color: '#1a2B3c' })).toEqual({
      background: '#FFFFFF',
      title: '#223344',
      link: '#1A2B3C',
      button: '#1A2B3C',
      text: '#222222',
    });
  });

  it('keeps a hue but makes text and the Follow button legible (4.5:1)', () => {
    // The default link colour is too light on the default background, and under a white label.
    const plain = cardColours(undefined);
    expect(plain.link).not.toBe('#529ECC');
    expect(contrast(plain.link, plain.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(plain.button, '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
    // A pale title on white darkens; a dark link on navy lightens.
    expect(contrast(cardColours({ background_color: '#fff', title_color: '#abc' }).title, '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
    const dark = cardColours({ background_color: '#001935', link_color: '#223344' });
    expect(contrast(dark.link, '#001935')).toBeGreaterThanOrEqual(4.5);
  });

  it('falls back to the default colours for anything that is not a hex colour', () => {
    expect(cardColours({ background_color: 'navy', title_color: '', link_color: 'url(x)' })).toMatchObject({
      background: '#FAFAFA',
      title: '#444444',
    });
    expect(cardColours(undefined).background).toBe('#FAFAFA');
  });

  it('writes light text on a dark background', () => {
    expect(cardColours({ background_color: '#001935' }).text).toBe('#F2F2F2');
  });
});

describe('isAllowedLink', () => {
  const base = 'https://tumbleweed.example/dashboard';
  it('allows http, https, mailto and addresses relative to the site', () => {
    for (const href of ['http://a.example/', 'https://a.example/x', 'mailto:me@a.example', '/blog/x', 'HTTPS://A.EXAMPLE']) {
      expect(isAllowedLink(href, base), href).toBe(true);
    }
  });

  it('refuses every other protocol, hidden or not', () => {
    for (const href of ['javascript:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)', 'data:text/html,x', 'vbscript:x', 'file:///etc/passwd', 'ftp://a.example', null, '']) {
      expect(isAllowedLink(href, base), String(href)).toBe(false);
    }
  });
});
