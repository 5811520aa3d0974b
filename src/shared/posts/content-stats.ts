// Spec 1 §3 contentStats / §7 content_stats: what the post form counts of the post being written,
// shown under the form and sent with the save. The spec does not show its fields; these are ours
// (docs/api.md, "Content stats").

export const CONTENT_STAT_KEYS = ['words', 'characters', 'photos', 'links'] as const;
export type ContentStats = Record<(typeof CONTENT_STAT_KEYS)[number], number>;

/** More than any post can hold (the body limit is far below): a larger count is not a count. */
export const CONTENT_STAT_MAX = 10_000_000;

export const CONTENT_STATS_MESSAGE =
  'content_stats must be JSON like {"words":12,"characters":80,"photos":1,"links":0}: those four keys, each a whole number from 0.';

/**
 * Reads content_stats as sent (a JSON text in a form, an object in a JSON body): null when absent
 * or empty, the message above as the problem for anything else than the four counts.
 */
export function parseContentStats(value: unknown): { stats: ContentStats | null } | { problem: string } {
  if (value === undefined || value === null || value === '') return { stats: null };
  let parsed: unknown = value;
  if (typeof value === 'string') {
    if (value.length > 500) return { problem: CONTENT_STATS_MESSAGE };
    try {
      parsed = JSON.parse(value);
    } catch {
      return { problem: CONTENT_STATS_MESSAGE };
    }
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { problem: CONTENT_STATS_MESSAGE };
  const entries = Object.entries(parsed);
  if (entries.length !== CONTENT_STAT_KEYS.length) return { problem: CONTENT_STATS_MESSAGE };
  const stats = {} as ContentStats;
  for (const key of CONTENT_STAT_KEYS) {
    const count = (parsed as Record<string, unknown>)[key];
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 0 || count > CONTENT_STAT_MAX) return { problem: CONTENT_STATS_MESSAGE };
    stats[key] = count;
  }
  return { stats };
}

const plural = (count: number, one: string, many: string) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** The line under the form: '12 words · 80 characters · 1 photo' (links and photos only when there are some). */
export function contentStatsLine(stats: ContentStats): string {
  const parts = [plural(stats.words, 'word', 'words'), plural(stats.characters, 'character', 'characters')];
  if (stats.photos > 0) parts.push(plural(stats.photos, 'photo', 'photos'));
  if (stats.links > 0) parts.push(plural(stats.links, 'link', 'links'));
  return parts.join(' · ');
}
