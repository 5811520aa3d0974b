import { describe, expect, it } from 'vitest';
import { TEXT_DAILY_LIMIT } from '../../shared/messaging/constants';
import { ApiError } from '../api/client';
import { fetchErrorText } from './errors';

describe('fetchErrorText for a 429', () => {
  it('shows the spec text for the daily limit on new conversations, and the server’s own words for the send rate', () => {
    expect(fetchErrorText(new ApiError(429, 'limit', [{ code: 7004, title: 'limit' }]), 'bob')).toBe(TEXT_DAILY_LIMIT);
    const rate = "You're sending messages faster than anyone can read them. Wait a moment: you can send again in 12 seconds (at 14:05 UTC).";
    expect(fetchErrorText(new ApiError(429, rate, [{ code: 7006, title: rate }]), 'bob')).toBe(rate);
  });
});
