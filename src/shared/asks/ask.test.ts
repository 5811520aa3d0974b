import { describe, expect, it } from 'vitest';
import { ASK_TEXTS, askCounter, askSchema, canSubmitQuestion, hasLink, normalizeQuestion, questionProblem } from './ask';

describe('the link rule (spec 2 §5)', () => {
  const cases: Array<[string, boolean]> = [
    ['http://example.org', true],
    ['see HTTPS://Example.org/x', true],
    ['https:// spaced', true],
    ['go to www.cats', true],
    ['WWW.CATS.fun', true],
    ['visit example.com', true],
    ['my site is cats.io!', true],
    ['follow me at me.co.uk', true],
    ['tumbleweed.xyz rocks', true],
    ['What is your favourite colour?', false],
    ['I ate 3.5 apples', false],
    ['Is this a question.Yes', false],
    ['the end. com', false],
    ['mail me at home', false],
    ['comet.community', false],
    ['wwwhat is up', false],
    ['e.g. cats', false],
  ];
  for (const [text, link] of cases) {
    it(`${link ? 'finds' : 'finds no'} link in ${JSON.stringify(text)}`, () => {
      expect(hasLink(text)).toBe(link);
      expect(questionProblem(text)).toBe(link ? ASK_TEXTS.noLinks : null);
    });
  }
});

describe('the question', () => {
  it('strips newlines and trims', () => {
    expect(normalizeQuestion('  What\nis\r\nthis?  ')).toBe('What is this?');
  });

  it('is sendable for a trimmed length of 1 to 500 only', () => {
    expect(canSubmitQuestion('')).toBe(false);
    expect(canSubmitQuestion('  \n ')).toBe(false);
    expect(canSubmitQuestion('a')).toBe(true);
    expect(canSubmitQuestion(` ${'a'.repeat(500)} `)).toBe(true);
    expect(canSubmitQuestion('a'.repeat(501))).toBe(false);
  });

  it('says what is wrong, in the spec words', () => {
    expect(questionProblem(' ')).toBe('You need to enter a question!');
    expect(questionProblem('a'.repeat(501))).toMatch(/at most 500/);
    expect(askSchema.safeParse({ recipient: 'ann', question: 'Hi\nthere' }).data).toEqual({ recipient: 'ann', question: 'Hi there', anonymous: false });
    expect(askSchema.safeParse({ recipient: 'ann', question: 'Hi', anonymous: 'on' }).data?.anonymous).toBe(true);
  });
});

describe('the counter (spec 2 §5, §9)', () => {
  const left = (n: number) => askCounter('a'.repeat(500 - n));
  it('appears at 100 left or fewer', () => {
    expect(left(101)).toBeNull();
    expect(left(100)).toEqual({ remaining: 100, level: 'ok' });
  });
  it('is green above 40, a warning from 21 to 40, danger at 20 or fewer', () => {
    expect(left(41)?.level).toBe('ok');
    expect(left(40)?.level).toBe('warning');
    expect(left(21)?.level).toBe('warning');
    expect(left(20)?.level).toBe('danger');
    expect(left(0)?.level).toBe('danger');
    expect(askCounter('a'.repeat(505))).toEqual({ remaining: -5, level: 'danger' });
  });
});
