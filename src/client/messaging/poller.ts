// The one messaging poller (STYLE.md pattern 10): a plain object outside React with explicit
// states. It asks GET /services/poll for the unread counts while the inbox or a conversation is
// open, backing off by the spec's multipliers while nothing changes and stopping after more than
// POLL_MAX_ERRORS failures in a row (spec 2 §4, §9). A poke from the live stream polls at once,
// and while the stream is connected the poller only keeps a long heartbeat (STREAM_HEARTBEAT_MULTIPLIER):
// the pokes carry the news; the heartbeat covers a poke lost on the way. When the stream drops,
// the spec's pace comes back from its first step.
import {
  CONVERSATION_POLL_MULTIPLIERS,
  DEFAULT_POLLING_FREQUENCY_CONVERSATION_S,
  DEFAULT_POLLING_FREQUENCY_INBOX_S,
  INBOX_POLL_MULTIPLIERS,
  POLL_MAX_ERRORS,
  TYPING_POLL_RESET_MS,
} from '../../shared/messaging/constants';
import type { PollAnswer } from './types';

/** What is open: only the inbox, a conversation (which polls by its own settings), or neither. */
export type PollMode = 'off' | 'inbox' | 'conversation';
/** idle: nothing open; waiting: a poll is due later; polling: one is on its way; stopped: too many errors. */
export type PollerState = 'idle' | 'waiting' | 'polling' | 'stopped';

/**
 * While the live stream is connected, every poll waits the mode's base frequency times this: the
 * last (longest) multiplier of the conversation schedule, so 15 s × 16 = 4 minutes with the inbox
 * open and 60 s × 16 = 16 minutes with a conversation open (the server's default frequencies).
 */
export const STREAM_HEARTBEAT_MULTIPLIER = CONVERSATION_POLL_MULTIPLIERS[CONVERSATION_POLL_MULTIPLIERS.length - 1];

export interface PollerOptions {
  /** Asks the server; rejects on failure. */
  fetch: () => Promise<PollAnswer>;
  /** Hands an answer over (to the query cache); returns whether the counts changed. */
  onAnswer: (answer: PollAnswer) => boolean;
  now?: () => number;
}

export interface PollFrequencies {
  /** Seconds: server data's polling_frequency_inbox and polling_frequency_conversation. */
  inbox?: number;
  conversation?: number;
}

export class MessagingPoller {
  state: PollerState = 'idle';
  mode: PollMode = 'off';
  /** How many polls in a row found nothing new: the index into the multipliers. */
  step = 0;
  errors = 0;
  /** The live stream is connected: pokes bring changes, polls are only a heartbeat. */
  streamConnected = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private again = false;
  /** Bumped by reset(): an answer to a poll from before it is dropped. */
  private generation = 0;
  private lastTypingReset = -Infinity;
  private frequencies: Required<PollFrequencies> = {
    inbox: DEFAULT_POLLING_FREQUENCY_INBOX_S,
    conversation: DEFAULT_POLLING_FREQUENCY_CONVERSATION_S,
  };
  private listeners = new Set<() => void>();
  private readonly now: () => number;

  constructor(private readonly options: PollerOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The wait before the next poll in the current mode, in milliseconds. */
  delay(): number {
    const multipliers = this.mode === 'conversation' ? CONVERSATION_POLL_MULTIPLIERS : INBOX_POLL_MULTIPLIERS;
    const base = this.mode === 'conversation' ? this.frequencies.conversation : this.frequencies.inbox;
    if (this.streamConnected) return base * 1000 * STREAM_HEARTBEAT_MULTIPLIER;
    return base * 1000 * multipliers[Math.min(this.step, multipliers.length - 1)]!;
  }

  setFrequencies(frequencies: PollFrequencies) {
    this.frequencies = {
      inbox: positive(frequencies.inbox) ?? DEFAULT_POLLING_FREQUENCY_INBOX_S,
      conversation: positive(frequencies.conversation) ?? DEFAULT_POLLING_FREQUENCY_CONVERSATION_S,
    };
  }

  /** The inbox or a conversation opened or closed: polling starts, changes pace or ends. */
  setMode(mode: PollMode) {
    if (mode === this.mode) return;
    const wasOff = this.mode === 'off';
    this.mode = mode;
    if (this.state === 'stopped' || this.state === 'polling') return;
    this.clearTimer();
    if (mode === 'off') return this.setState('idle');
    // Opening starts from the fastest pace, with an answer at once.
    if (wasOff) {
      this.step = 0;
      void this.pollNow();
    } else this.schedule();
  }

  /** Typing in a conversation: back to the fastest pace and a poll now, at most once per 30 s. */
  typing() {
    if (this.mode === 'off' || this.state === 'stopped') return;
    const now = this.now();
    if (now - this.lastTypingReset < TYPING_POLL_RESET_MS) return;
    this.lastTypingReset = now;
    this.step = 0;
    void this.pollNow();
  }

  /** The live stream says the counts changed: ask now, whatever is open. */
  poke() {
    void this.pollNow();
  }

  /**
   * The live stream connected or dropped. Connected: the next poll waits the long heartbeat.
   * Dropped: back to the spec's pace from its first step (pokes may have been missed meanwhile).
   */
  setStreamConnected(connected: boolean) {
    if (connected === this.streamConnected) return;
    this.streamConnected = connected;
    if (!connected) this.step = 0;
    if (this.state === 'waiting') this.schedule();
  }

  /** A new session (login, another account): errors forgotten, nothing scheduled. */
  reset() {
    this.clearTimer();
    this.mode = 'off';
    this.step = 0;
    this.errors = 0;
    this.streamConnected = false;
    this.again = false;
    this.generation += 1;
    this.lastTypingReset = -Infinity;
    this.setState('idle');
  }

  subscribe(listener: () => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async pollNow(): Promise<void> {
    if (this.state === 'polling') {
      // One at a time: a poke during a poll asks again once it is answered.
      this.again = true;
      return;
    }
    this.clearTimer();
    const wasStopped = this.state === 'stopped';
    const generation = this.generation;
    this.setState('polling');
    let failed = false;
    try {
      const answer = await this.options.fetch();
      if (generation !== this.generation) return;
      this.errors = 0;
      // Spec 2 §7: error=true means "ignore this answer".
      const changed = answer.error ? false : this.options.onAnswer(answer);
      this.step = changed ? 0 : this.step + 1;
    } catch {
      failed = true;
      this.errors += 1;
    }
    if (generation !== this.generation) return; // reset while the answer was on its way
    if (this.errors > POLL_MAX_ERRORS || (wasStopped && failed)) {
      this.again = false;
      return this.setState('stopped');
    }
    if (this.again) {
      this.again = false;
      this.setState('idle');
      return this.pollNow();
    }
    this.schedule();
  }

  private schedule() {
    this.clearTimer();
    if (this.mode === 'off') return this.setState('idle');
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.pollNow();
    }, this.delay());
    this.setState('waiting');
  }

  private clearTimer() {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private setState(state: PollerState) {
    this.state = state;
    this.listeners.forEach((listener) => listener());
  }
}

const positive = (value: number | undefined) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined);

/**
 * Whether a poll answer differs from the counts already known (spec 2 §4: a change is detected
 * when unread_messages has something new).
 */
export function unreadChanged(before: PollAnswer['unread_messages'], after: PollAnswer['unread_messages']): boolean {
  if (!after) return false;
  return JSON.stringify(normalize(before ?? {})) !== JSON.stringify(normalize(after));
}

const normalize = (unread: NonNullable<PollAnswer['unread_messages']>) =>
  Object.keys(unread)
    .sort()
    .map((key) => [key, Object.entries(unread[key] ?? {}).filter(([, n]) => n > 0).sort(([a], [b]) => (a < b ? -1 : 1))]);
