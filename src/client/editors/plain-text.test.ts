import { describe, expect, it } from 'vitest';
import { applyInput, cleanInsertion, countChars, htmlToText, takeChars, type PlainTextRules } from './plain-text';

const plain: PlainTextRules = { singleLine: false, smartQuotes: false };

describe('cleanInsertion', () => {
  it('removes zero-width characters', () => {
    expect(cleanInsertion('', 'a\u200Bb\u200Cc\u200Dd\uFEFFe', '', plain)).toBe('abcde');
  });

  it('turns line breaks into spaces in single-line mode', () => {
    expect(cleanInsertion('', 'one\ntwo\r\nthree\rfour', '', { ...plain, singleLine: true })).toBe('one two three four');
    expect(cleanInsertion('', 'one\r\ntwo', '', plain)).toBe('one\ntwo');
  });

  it('truncates to the room the limit leaves', () => {
    expect(cleanInsertion('abc', 'defghij', 'z', { ...plain, limit: 6 })).toBe('de');
    expect(cleanInsertion('abcdef', 'g', '', { ...plain, limit: 6 })).toBe('');
  });

  it('counts an emoji as one character and never splits it', () => {
    expect(countChars('a😀b')).toBe(3);
    expect(takeChars('😀😀😀', 2)).toBe('😀😀');
    expect(cleanInsertion('ab', '😀😀', '', { ...plain, limit: 3 })).toBe('😀');
  });

  it('applies smart quotes with the text before as context', () => {
    expect(cleanInsertion('say ', `"hi"`, '', { ...plain, smartQuotes: true })).toBe('\u201Chi\u201D');
  });
});

describe('applyInput', () => {
  it('cleans only what was inserted, where the caret says', () => {
    const rules = { ...plain, smartQuotes: true };
    // A straight quote already in the text stays; the typed one is curled.
    expect(applyInput(`a "b"`, `a "b" '`, 7, rules)).toEqual({ text: `a "b" \u2018`, caret: 7 });
    expect(applyInput('ab', `a'b`, 2, rules)).toEqual({ text: 'a\u2019b', caret: 2 });
  });

  it('keeps a deletion as it is', () => {
    expect(applyInput('abc', 'ac', 1, plain)).toEqual({ text: 'ac', caret: 1 });
  });

  it('truncates a native insertion past the limit', () => {
    expect(applyInput('abcd', 'abXYZcd', 5, { ...plain, limit: 5 })).toEqual({ text: 'abXcd', caret: 3 });
  });
});

describe('htmlToText', () => {
  it('keeps the text and its line structure, not the markup', () => {
    expect(htmlToText('<p>One <b>bold</b></p><p>Two<br>lines</p><script>x()</script><ul><li>a</li><li>b</li></ul>')).toBe(
      'One bold\nTwo\nlines\na\nb',
    );
  });
});
