// Spec 1 §9 "Smart quotes": single ‘ ’ with prime ′, double “ ” with prime ″.

export type StraightQuote = "'" | '"';

const CURLY: Record<StraightQuote, { open: string; close: string; prime: string }> = {
  "'": { open: '\u2018', close: '\u2019', prime: '\u2032' },
  '"': { open: '\u201C', close: '\u201D', prime: '\u2033' },
};

// A quote opens at the start, after a space or an opening bracket, and after an opening quote
// (so nested quotes such as "'word' open twice); anywhere else it closes or is an apostrophe.
const OPENS_AFTER = /[\s([{\u2018\u201C]/u;
const DIGIT = /[0-9]/;

export function isStraightQuote(char: string): char is StraightQuote {
  return char === "'" || char === '"';
}

/** The typographic form of one straight quote, given the character just before it ('' at the start). */
export function smartQuote(quote: StraightQuote, before: string): string {
  const forms = CURLY[quote];
  if (before === '' || OPENS_AFTER.test(before)) return forms.open;
  // 5'10" is feet and inches: primes, not quotes.
  if (DIGIT.test(before)) return forms.prime;
  return forms.close;
}

/**
 * Replaces every straight quote in the text with its typographic form. `before` is the text
 * that precedes it (only its last character matters), for text inserted in the middle of more.
 */
export function smartQuotes(text: string, before = ''): string {
  let previous = before.slice(-1);
  let out = '';
  for (const char of text) {
    const next = isStraightQuote(char) ? smartQuote(char, previous) : char;
    out += next;
    previous = next;
  }
  return out;
}
