import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, shouldPixelate, SiteSafeMode } from './Avatar';

const adult = { name: 'after-dark', is_adult: true };
const viewer = (safe_mode: boolean, own: string[] = []) => ({ safe_mode, channels: own.map((name) => ({ name })) });

describe('shouldPixelate', () => {
  it('pixelates adult blogs of others in safe mode only', () => {
    expect(shouldPixelate(adult, viewer(true))).toBe(true);
    expect(shouldPixelate(adult, viewer(false))).toBe(false);
    expect(shouldPixelate(adult, viewer(true, ['after-dark']))).toBe(false);
    expect(shouldPixelate({ name: 'staff', is_adult: false }, viewer(true))).toBe(false);
  });

  it('honours the site flag safe_mode as well as the setting (spec 2 §6)', () => {
    const flagged = { ...viewer(false), features: { safe_mode: true } };
    expect(shouldPixelate(adult, flagged)).toBe(true);
    expect(shouldPixelate(adult, { ...viewer(false, ['after-dark']), features: { safe_mode: true } })).toBe(false);
    expect(shouldPixelate(adult, { ...viewer(false), features: { safe_mode: false } })).toBe(false);
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
        <SiteSafeMode.Provider value={flag}>
          <Avatar blog={adult} size={64} pixelated="site" />
        </SiteSafeMode.Provider>,
      ).container.querySelector('img')!;
    expect(shown(true).dataset.pixelated).toBe('true');
    expect(shown(true).getAttribute('src')).toBe('/svc/avatar/after-dark/16');
    expect(shown(false).dataset.pixelated).toBeUndefined();
    expect(shown(false).getAttribute('src')).toBe('/svc/avatar/after-dark/64');
  });
});
