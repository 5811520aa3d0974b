import { afterEach, describe, expect, it, vi } from 'vitest';
import { playSound, setSoundsEnabled, SOUND_NOTES, unreadRose } from './sounds';

describe('messaging sounds (spec 2 §9)', () => {
  afterEach(() => {
    setSoundsEnabled(false);
    vi.unstubAllGlobals();
  });

  it('the notification sound is for a rise of the unread total only', () => {
    expect(unreadRose(null, 3)).toBe(false);
    expect(unreadRose(1, 2)).toBe(true);
    expect(unreadRose(2, 2)).toBe(false);
    expect(unreadRose(3, 0)).toBe(false);
  });

  it('plays the three sounds only when the user enabled sounds', () => {
    const started: number[] = [];
    class FakeAudioContext {
      currentTime = 0;
      destination = {};
      createOscillator() {
        const osc = { type: '', frequency: { value: 0 }, connect: (node: unknown) => node, start: () => started.push(osc.frequency.value), stop: () => {} };
        return osc;
      }
      createGain() {
        return { gain: { setValueAtTime: () => {}, linearRampToValueAtTime: () => {}, exponentialRampToValueAtTime: () => {} }, connect: (node: unknown) => node };
      }
    }
    vi.stubGlobal('AudioContext', FakeAudioContext);
    playSound('send-sound');
    expect(started).toEqual([]);
    setSoundsEnabled(true);
    playSound('notification-sound');
    playSound('receive-sound');
    playSound('send-sound');
    expect(started).toEqual([...SOUND_NOTES['notification-sound'], ...SOUND_NOTES['receive-sound'], ...SOUND_NOTES['send-sound']].map((n) => n.frequency));
  });
});
