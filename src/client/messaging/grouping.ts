// How a conversation's messages are laid out (spec 2 §9): a timestamp header where the gap to
// the previous message exceeds an hour, and one participant's messages within 60 s collapsed
// into one group (one avatar and name for the group).
import { COLLAPSE_WINDOW_MS, TIMESTAMP_HEADER_GAP_MS } from '../../shared/messaging/constants';

export interface Groupable {
  participant: string;
  /** Milliseconds since 1970. */
  time: number;
}

export interface Grouped<T> {
  message: T;
  /** Starts a new time section: show its date and time above it. */
  tsHeader: boolean;
  /** Follows the previous message of the same group: no avatar or name of its own. */
  isCollapsed: boolean;
  /** Messages of one group share this number. */
  collapseGroup: number;
}

export function groupMessages<T extends Groupable>(messages: T[]): Grouped<T>[] {
  const out: Grouped<T>[] = [];
  let group = 0;
  messages.forEach((message, i) => {
    const previous = messages[i - 1];
    const tsHeader = !previous || message.time - previous.time > TIMESTAMP_HEADER_GAP_MS;
    // Collapse runs from the group's previous message, within the same time section.
    const isCollapsed =
      !!previous && !tsHeader && previous.participant === message.participant && message.time - previous.time <= COLLAPSE_WINDOW_MS;
    if (!isCollapsed) group += 1;
    out.push({ message, tsHeader, isCollapsed, collapseGroup: group });
  });
  return out;
}

/** A message's time: its timestamp, else from its id (time-sortable: milliseconds since 1970 above the low 16 bits). */
export function messageTime(message: { ts: string; timestamp?: number }): number {
  if (typeof message.timestamp === 'number') return message.timestamp;
  try {
    return Number(BigInt(message.ts) >> 16n);
  } catch {
    return 0;
  }
}
