import { describe, expect, it } from 'vitest';
import { formFlag } from './form-flag';

describe('formFlag', () => {
  it('reads booleans and the form words for them', () => {
    const flag = formFlag('safe_mode');
    for (const on of [true, 'true', 'on', '1']) expect(flag.parse(on)).toBe(true);
    for (const off of [false, 'false', 'off', '0']) expect(flag.parse(off)).toBe(false);
  });

  it('refuses anything else with the field in the message; an empty value only where it means off', () => {
    for (const bad of ['maybe', 2, null, '']) {
      expect(formFlag('safe_mode').safeParse(bad).error?.issues[0]?.message).toBe('safe_mode must be true or false.');
    }
    expect(formFlag('allow_reply_to', { emptyIsOff: true }).parse('')).toBe(false);
  });
});
