/** The most words of a query that reach the database: more only slows the search down. */
const MAX_WORDS = 8;

/**
 * The words of a search, lowercased: runs of letters, marks and digits. Everything else
 * (punctuation, tsquery operators such as & | ! : *) separates words, so what a person types can
 * never change the shape of the query built from it.
 */
export function searchWords(q: string): string[] {
  const words = q.toLowerCase().normalize('NFC').match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, MAX_WORDS);
}

/**
 * tsquery texts for to_tsquery('simple', ...): every word must match. `prefix` also matches
 * longer words ("cat" finds "cats"), as a person expects while typing; `exact` adds rank to
 * whole-word matches so "cat" itself comes before "caterpillar".
 */
export function tsqueryTexts(words: readonly string[]): { prefix: string; exact: string } {
  return {
    prefix: words.map((word) => `${word}:*`).join(' & '),
    exact: words.join(' & '),
  };
}
