import { describe, expect, it } from 'vitest';
import { smartQuote, smartQuotes } from './smart-quotes';

describe('smartQuotes', () => {
  it.each([
    [`"Hello"`, '\u201CHello\u201D'],
    [`'Hello'`, '\u2018Hello\u2019'],
    [`it's`, 'it\u2019s'],
    [`don't "stop"`, 'don\u2019t \u201Cstop\u201D'],
    [`5'10"`, '5\u203210\u2033'],
    [`a 6' wall`, 'a 6\u2032 wall'],
    [`("quoted")`, '(\u201Cquoted\u201D)'],
    [`["x"] {'y'}`, '[\u201Cx\u201D] {\u2018y\u2019}'],
    [`"'nested'"`, '\u201C\u2018nested\u2019\u201D'],
    [`line\n"next"`, 'line\n\u201Cnext\u201D'],
    [`no quotes`, 'no quotes'],
    [``, ''],
  ])('%j becomes %j', (input, expected) => {
    expect(smartQuotes(input)).toBe(expected);
  });

  it('reads the text before an insertion', () => {
    expect(smartQuotes(`"`, 'word')).toBe('\u201D');
    expect(smartQuotes(`"`, 'word ')).toBe('\u201C');
    expect(smartQuotes(`'`, '1')).toBe('\u2032');
  });

  it('decides one quote by the character before it', () => {
    expect(smartQuote("'", '')).toBe('\u2018');
    expect(smartQuote('"', '(')).toBe('\u201C');
    expect(smartQuote('"', 'a')).toBe('\u201D');
    expect(smartQuote('"', '9')).toBe('\u2033');
  });
});
