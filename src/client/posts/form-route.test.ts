import { describe, expect, it } from 'vitest';
import { contextPageOf, readRouteState, requestFrom, basePathOf, newPostPath } from './form-route';

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

describe('the base route of a new post', () => {
  it('is the drafts or queue page under the form, else the dashboard', () => {
    expect(basePathOf('/blog/ann/drafts/new/text')).toBe('/blog/ann/drafts');
    expect(basePathOf('/blog/ann/queue')).toBe('/blog/ann/queue');
    expect(basePathOf('/new/text')).toBe('/dashboard');
    expect(basePathOf('/settings')).toBe('/dashboard');
    expect(basePathOf('/blog/ann/likes/new/text')).toBe('/dashboard');
  });
  it('prefixes /new/{type} with the base unless it is the dashboard (spec 1 §2)', () => {
    expect(newPostPath('/dashboard', 'photo')).toBe('/new/photo');
    expect(newPostPath('/blog/ann/queue', 'photo')).toBe('/blog/ann/queue/new/photo');
  });
  it('reads the base from the address when the state has none', () => {
    expect(readRouteState(undefined, '/blog/ann/drafts/new/quote').base).toBe('/blog/ann/drafts');
    expect(readRouteState({ base: '//evil.example' }, '/new/text').base).toBe('/dashboard');
  });
});
