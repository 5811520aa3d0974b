import { describe, expect, it } from 'vitest';
import { GENERIC_ERRORS, TEXT_DAILY_LIMIT } from '../../shared/messaging/constants';
import { ApiError } from '../api/client';
import { fetchErrorText } from './errors';

describe('fetchErrorText for a 429', () => {
  it('shows the spec text for the daily limit on new conversations, and the server’s own words for the send rate', () => {
    expect(fetchErrorText(new ApiError(429, 'limit', [{ code: 7004, title: 'limit' }]), 'bob')).toBe(TEXT_DAILY_LIMIT);
    const rate = "You're sending messages faster than anyone can read them. Wait a moment: you can send again in 12 seconds (at 14:05 UTC).";
    expect(fetchErrorText(new ApiError(429, rate, [{ code: 7006, title: rate }]), 'bob')).toBe(rate);
  });
});

describe('fetchErrorText for anything else (spec 2 §8: a random generic line, about 24 of them)', () => {
  it("has 'Something went screwy.' and 23 others, all different, and picks among them by the random number", () => {
    expect(GENERIC_ERRORS).toHaveLength(24);
    expect(GENERIC_ERRORS[0]).toBe('Something went screwy.');
    expect(new Set(GENERIC_ERRORS).size).toBe(24);
    const failed = new ApiError(500, 'boom');
    expect(fetchErrorText(failed, 'bob', () => 0)).toBe('Something went screwy.');
    expect(fetchErrorText(failed, 'bob', () => 0.999)).toBe(GENERIC_ERRORS[23]);
    expect(fetchErrorText(new Error('offline'), 'bob', () => 0.5)).toBe(GENERIC_ERRORS[12]);
  });
});
