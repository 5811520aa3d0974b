import { describe, expect, it } from 'vitest';
import { contextPageOf, readRouteState, requestFrom } from './form-route';

describe('form route', () => {
  it('reads the base and the form id from the route state, defaulting to the dashboard', () => {
    expect(readRouteState(null)).toEqual({ base: '/dashboard', formId: null });
    expect(readRouteState({ base: '/drafts', formId: 'f1' })).toEqual({ base: '/drafts', formId: 'f1' });
    expect(readRouteState({ base: '//evil.example' }).base).toBe('/dashboard');
    expect(readRouteState({ base: 'https://evil.example' }).base).toBe('/dashboard');
  });

  it('derives the context page from the base', () => {
    expect(contextPageOf('/dashboard')).toBe('dashboard');
    expect(contextPageOf('/drafts')).toBe('drafts');
    expect(contextPageOf('/blog/ann/queue')).toBe('queue');
    expect(contextPageOf('/inbox')).toBe('inbox');
    expect(contextPageOf('/tagged/queue-tips')).toBe('dashboard');
  });

  it('turns params into a request, or null for a 404', () => {
    expect(requestFrom('new', { type: 'photo' })).toEqual({ mode: 'new', type: 'photo' });
    expect(requestFrom('new', { type: 'note' })).toBeNull();
    expect(requestFrom('edit', { postId: '123' })).toEqual({ mode: 'edit', postId: '123' });
    expect(requestFrom('edit', { postId: 'abc' })).toBeNull();
    expect(requestFrom('reblog', { reblogId: '9', reblogKey: 'k' })).toEqual({ mode: 'reblog', reblogId: '9', reblogKey: 'k' });
    expect(requestFrom('reblog', { reblogId: '9' })).toBeNull();
  });
});
