import { describe, expect, it } from 'vitest';
import { blogSettingsSchema, normalizeHexColor } from './blog-settings';

describe('normalizeHexColor', () => {
  it('expands the 3-digit shorthand', () => {
    expect(normalizeHexColor('#abc')).toBe('#AABBCC');
    expect(normalizeHexColor('f0a')).toBe('#FF00AA');
  });

  it('upper-cases and adds the # to 6-digit colours', () => {
    expect(normalizeHexColor('#529ecc')).toBe('#529ECC');
    expect(normalizeHexColor('  529ECC ')).toBe('#529ECC');
  });

  it('refuses anything that is not a 3- or 6-digit hex colour', () => {
    for (const value of ['', '#', '#ab', '#abcd', '#abcde', '#abcdefa', '#ggg', 'red', 'rgb(0,0,0)', '##abc', null, undefined, 123]) {
      expect(normalizeHexColor(value)).toBeNull();
    }
  });
});

describe('blogSettingsSchema', () => {
  it('normalises the colours it accepts', () => {
    expect(blogSettingsSchema.parse({ title_color: 'fff', link_color: '#123abc' })).toMatchObject({
      title_color: '#FFFFFF',
      link_color: '#123ABC',
    });
  });

  it('names the field and the shape of a bad colour', () => {
    const result = blogSettingsSchema.safeParse({ background_color: 'blue' });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({
      path: ['background_color'],
      message: 'The background colour must be a hex colour like #FAFAFA or #FFF.',
    });
  });

  it('reads form booleans and asks for at least one setting', () => {
    expect(blogSettingsSchema.parse({ show_title: 'off' })).toEqual({ show_title: false });
    expect(blogSettingsSchema.safeParse({}).error!.issues[0]!.message).toMatch(/^Send at least one setting to change/);
  });
});
