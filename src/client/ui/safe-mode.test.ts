import { describe, expect, it } from 'vitest';
import { safeModeReader, viewerSafeModeOn } from './safe-mode';

const viewer = (setting: boolean, flag?: boolean) => ({ safe_mode: setting, channels: [{ name: 'ann' }], ...(flag === undefined ? {} : { features: { safe_mode: flag } }) });

describe('safe mode in the client (spec 1 §6)', () => {
  it('is on for a logged-in viewer only when the site flag and their setting are both on', () => {
    expect(viewerSafeModeOn(viewer(true, true))).toBe(true);
    expect(viewerSafeModeOn(viewer(true, false))).toBe(false);
    expect(viewerSafeModeOn(viewer(false, true))).toBe(false);
    expect(viewerSafeModeOn(viewer(false, false))).toBe(false);
  });

  it('counts a logged-out visitor as having the setting on: the site flag decides, on until it arrives', () => {
    expect(safeModeReader(null, true)).toEqual({ on: true, own: [] });
    expect(safeModeReader(null, false)).toEqual({ on: false, own: [] });
    expect(safeModeReader(null, undefined)).toEqual({ on: true, own: [] });
  });

  it("knows a logged-in reader's own blogs, never hidden from them", () => {
    expect(safeModeReader(viewer(true, true), undefined)).toEqual({ on: true, own: ['ann'] });
  });
});
