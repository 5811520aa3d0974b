import { describe, expect, it } from 'vitest';
import { canSendTo } from './email';

describe('canSendTo: the loose pattern text@text.text', () => {
  it.each(['a@b.c', 'ann@example.com', 'first.last+tag@mail.example.org', '  pad@example.com  '])('accepts %s', (address) => {
    expect(canSendTo(address)).toBe(true);
  });

  it.each(['', '   ', 'ann', 'ann@', '@example.com', 'ann@example', 'ann@example.', 'a b@example.com', 'ann@@example.com', 'ann@.com'])(
    'refuses %j',
    (address) => {
      expect(canSendTo(address)).toBe(false);
    },
  );

  it('refuses more than 100 characters', () => {
    expect(canSendTo(`${'a'.repeat(88)}@example.com`)).toBe(true);
    expect(canSendTo(`${'a'.repeat(89)}@example.com`)).toBe(false);
  });
});
