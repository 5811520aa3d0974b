/** "1 note", "12 notes", "1,204 notes". */
export const notesLabel = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'note' : 'notes'}`;

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A post's date or publish time in the reader's own zone; empty for a value that is not a date. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateTime.format(date);
}
