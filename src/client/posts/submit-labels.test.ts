import { describe, expect, it } from 'vitest';
import { submitLabel } from './submit-labels';

describe('submitLabel', () => {
  it('says what posting now does: Post, Reblog, Save', () => {
    expect(submitLabel('new', 'published')).toBe('Post');
    expect(submitLabel('reblog', 'published')).toBe('Reblog');
    expect(submitLabel('edit', 'published')).toBe('Save');
  });
  it('says Answer on an ask and Publish on a submission from the inbox (issue 25.7)', () => {
    expect(submitLabel('edit', 'published', 'ask')).toBe('Answer');
    expect(submitLabel('edit', 'published', 'submission')).toBe('Publish');
    // The other choices keep their own words.
    expect(submitLabel('edit', 'queued', 'ask')).toBe('Queue');
    expect(submitLabel('edit', 'draft', 'submission')).toBe('Save draft');
  });
});
