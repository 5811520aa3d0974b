// Spec 2 §9 sounds, made in the browser with WebAudio (no sound files to download or ship):
// notification-sound when the unread total rises, receive-sound when unread messages are
// fetched, send-sound on a send request. They play only when the user enabled sounds.
export type SoundName = 'notification-sound' | 'receive-sound' | 'send-sound';

/** Each sound as notes: frequency (Hz), start and length (s). */
export const SOUND_NOTES: Record<SoundName, { frequency: number; start: number; length: number }[]> = {
  'notification-sound': [
    { frequency: 660, start: 0, length: 0.12 },
    { frequency: 880, start: 0.12, length: 0.18 },
  ],
  'receive-sound': [{ frequency: 520, start: 0, length: 0.14 }],
  'send-sound': [{ frequency: 980, start: 0, length: 0.07 }],
};

let enabled = false;
let context: AudioContext | null = null;

/** Follows the user's setting (user info's is_sounds_enabled). */
export function setSoundsEnabled(on: boolean) {
  enabled = on;
}

export const soundsEnabled = () => enabled;

/** Plays a sound when sounds are on and the browser has WebAudio; a blocked context stays silent. */
export function playSound(name: SoundName) {
  if (!enabled || typeof window === 'undefined' || typeof window.AudioContext !== 'function') return;
  try {
    context ??= new window.AudioContext();
    const now = context.currentTime;
    for (const note of SOUND_NOTES[name]) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = note.frequency;
      // A soft attack and decay: no clicks.
      gain.gain.setValueAtTime(0, now + note.start);
      gain.gain.linearRampToValueAtTime(0.15, now + note.start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.001, now + note.start + note.length);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(now + note.start);
      oscillator.stop(now + note.start + note.length + 0.02);
    }
  } catch {
    // Autoplay rules may refuse audio before the first click: a missed beep is harmless.
  }
}

/** The unread total rose since the last reading (the first reading never counts). */
export const unreadRose = (previous: number | null, next: number) => previous !== null && next > previous;
