import { describe, expect, it } from 'vitest';
import { idProblem, isId, MAX_ID, postIdField } from './ids';

describe('the id rule', () => {
  it('takes digits up to the largest signed 64-bit integer', () => {
    for (const id of ['0', '1', '123456789012345678', MAX_ID, '0923372036854775807']) expect(isId(id)).toBe(true);
  });

  it('says whether a text is not digits or beyond the range', () => {
    for (const text of ['', 'abc', '-1', '1e3', '12 ', ' 12', '1.5', '１２']) expect(idProblem(text)).toBe('digits');
    for (const text of ['9223372036854775808', '9999999999999999999', '10000000000000000000', '123456789012345678901234567890']) {
      expect(idProblem(text)).toBe('range');
    }
  });

  it('parses a post id field from a string or an exact number, with the message that says why not', () => {
    const field = postIdField('post_id');
    expect(field.parse('42')).toBe('42');
    expect(field.parse(42)).toBe('42');
    expect(field.safeParse(undefined).error?.issues[0]?.message).toBe('Say which post: post_id is missing.');
    expect(field.safeParse('x1').error?.issues[0]?.message).toBe('post_id must be a post id (digits only).');
    expect(field.safeParse(1e300).error?.issues[0]?.message).toBe('post_id must be a post id (digits only).');
    expect(field.safeParse('9999999999999999999').error?.issues[0]?.message).toBe(
      'post_id is too large to be an id: ids go up to 9223372036854775807.',
    );
  });
});
