import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, shouldPixelate } from './Avatar';
import { ReaderSafeMode } from './safe-mode';

const adult = { name: 'after-dark', is_adult: true };
const viewer = (safe_mode: boolean, own: string[] = []) => ({ safe_mode, channels: own.map((name) => ({ name })) });

describe('shouldPixelate', () => {
  it('pixelates adult blogs of others in safe mode only', () => {
    expect(shouldPixelate(adult, viewer(true))).toBe(true);
    expect(shouldPixelate(adult, viewer(false))).toBe(false);
    expect(shouldPixelate(adult, viewer(true, ['after-dark']))).toBe(false);
    expect(shouldPixelate({ name: 'staff', is_adult: false }, viewer(true))).toBe(false);
  });

  // Issue 22: spec 1 §6 says "site flag and user setting both on"; avatars read either as enough.
  it('pixelates only while the site flag and the setting are both on (spec 1 §6)', () => {
    const withFlag = (flag: boolean, setting: boolean) => ({ ...viewer(setting), features: { safe_mode: flag } });
    expect(shouldPixelate(adult, withFlag(true, true))).toBe(true);
    expect(shouldPixelate(adult, withFlag(true, false))).toBe(false);
    expect(shouldPixelate(adult, withFlag(false, true))).toBe(false);
    expect(shouldPixelate(adult, withFlag(false, false))).toBe(false);
    expect(shouldPixelate(adult, { ...viewer(true, ['after-dark']), features: { safe_mode: true } })).toBe(false);
  });

  it('leaves a logged-out visitor to the site flag: adult blogs only', () => {
    expect(shouldPixelate(adult, null)).toBe('site');
    expect(shouldPixelate({ name: 'staff', is_adult: false }, null)).toBe(false);
  });
});

describe('Avatar', () => {
  it('asks for the size shown, with a sharper one for dense screens', () => {
    const { container } = render(<Avatar blog={{ name: 'staff', is_adult: false }} size={64} />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/svc/avatar/staff/64');
    expect(img.getAttribute('srcset')).toContain('/svc/avatar/staff/128 2x');
    expect(img.width).toBe(64);
  });
  it('asks for every size with the version of the picture the server named', () => {
    const blog = { name: 'staff', is_adult: false, avatar_url: 'http://localhost:3000/svc/avatar/staff/128?v=AbC_12-xyz9' };
    const { container } = render(<Avatar blog={blog} size={64} />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/svc/avatar/staff/64?v=AbC_12-xyz9');
    expect(img.getAttribute('srcset')).toContain('/svc/avatar/staff/128?v=AbC_12-xyz9 2x');
  });
  it('pixelated: the 16 px image blown up', () => {
    const { container } = render(<Avatar blog={adult} size={96} pixelated />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/svc/avatar/after-dark/16');
    expect(img.dataset.pixelated).toBe('true');
    expect(img.width).toBe(96);
  });
  it("'site': pixelated exactly while the site flag safe_mode is on", () => {
    const shown = (flag: boolean) =>
      render(
        <ReaderSafeMode.Provider value={{ on: flag, own: [] }}>
          <Avatar blog={adult} size={64} pixelated="site" />
        </ReaderSafeMode.Provider>,
      ).container.querySelector('img')!;
    expect(shown(true).dataset.pixelated).toBe('true');
    expect(shown(true).getAttribute('src')).toBe('/svc/avatar/after-dark/16');
    expect(shown(false).dataset.pixelated).toBeUndefined();
    expect(shown(false).getAttribute('src')).toBe('/svc/avatar/after-dark/64');
  });

  // Issue 22: the messaging avatars (favorites, suggestions, recipients, tabs, messages) passed
  // no decision at all, so an adult blog's showed sharp whatever safe mode said.
  it("left to itself, follows the page's reader: adult blogs of others pixelated in safe mode, never one's own", () => {
    const shown = (on: boolean, blog: { name: string; is_adult: boolean }, own: string[] = []) =>
      render(
        <ReaderSafeMode.Provider value={{ on, own }}>
          <Avatar blog={blog} size={40} />
        </ReaderSafeMode.Provider>,
      ).container.querySelector('img')!;
    expect(shown(true, adult).dataset.pixelated).toBe('true');
    expect(shown(false, adult).dataset.pixelated).toBeUndefined();
    expect(shown(true, adult, ['after-dark']).dataset.pixelated).toBeUndefined();
    expect(shown(true, { name: 'staff', is_adult: false }).dataset.pixelated).toBeUndefined();
  });
});
