import { describe, expect, it } from 'vitest';
import { loginSchema, registerSchema, settingsSchema } from './account';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('registerSchema', () => {
  it('lowercases and trims the email', () => {
    const parsed = registerSchema.parse({ email: '  Ann@Example.COM ', password: 'long enough', blog_name: 'ann' });
    expect(parsed.email).toBe('ann@example.com');
  });

  it.each([
    [{}, 'Enter your email address.'],
    [{ email: 42, password: 'long enough', blog_name: 'ann' }, 'Email must be text.'],
    [{ email: 'not-an-email', password: 'long enough', blog_name: 'ann' }, 'That email address does not look right.'],
    [{ email: 'a@b.co', password: 'short', blog_name: 'ann' }, 'Your password must be at least 8 characters.'],
    [{ email: 'a@b.co', password: 'long enough' }, 'Choose a blog name.'],
    [{ email: 'a@b.co', password: 'long enough', blog_name: 'new' }, '"new" is reserved. Choose another blog name.'],
  ])('refuses %j with "%s"', (input, message) => {
    expect(firstMessage(registerSchema.safeParse(input))).toBe(message);
  });
});

describe('loginSchema', () => {
  it('needs a password', () => {
    expect(firstMessage(loginSchema.safeParse({ email: 'a@b.co', password: '' }))).toBe('Enter your password.');
  });
});

describe('settingsSchema', () => {
  it('reads form booleans and JSON booleans alike', () => {
    expect(settingsSchema.parse({ safe_mode: 'off', is_sounds_enabled: true })).toEqual({
      safe_mode: false,
      is_sounds_enabled: true,
    });
  });

  it('refuses unknown editor types and empty changes', () => {
    expect(firstMessage(settingsSchema.safeParse({ default_editor_type: 'word' }))).toBe(
      'default_editor_type must be one of: rich, html, markdown.',
    );
    expect(firstMessage(settingsSchema.safeParse({}))).toMatch(/^Send at least one setting/);
    expect(firstMessage(settingsSchema.safeParse({ safe_mode: 'maybe' }))).toBe('safe_mode must be true or false.');
  });
});
