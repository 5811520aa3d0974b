import { describe, expect, it } from 'vitest';
import { canFetchMore, initialSearch, resultsEnd, searchParams, searchReducer, searchRoot, type SearchAction, type SearchModel } from './search-model';

const run = (state: SearchModel, ...actions: SearchAction[]) => actions.reduce(searchReducer, state);
const searched = () => run(initialSearch('cats'), { type: 'toggle' }, { type: 'typed', text: 'tabby' }, { type: 'submit' }, { type: 'pageLoaded', nextOffset: 20 });

describe('in-blog search model (spec 2 §3, §4)', () => {
  it('starts with the defaults of the blog search state', () => {
    expect(initialSearch('cats')).toMatchObject({
      blogname: 'cats',
      term: '',
      unsetTerm: '',
      sort: 'CREATED_DESC',
      post_type: 'ANY',
      post_role: 'ANY',
      filter_nsfw: false,
      next_offset: 0,
      limit: 10,
      showOriginalPostsSwitch: true,
      showNsfwSwitch: false,
      active: false,
    });
  });

  it('opens the bar by itself when a term is set', () => {
    expect(initialSearch('cats', 'tabby')).toMatchObject({ term: 'tabby', active: true });
  });

  it('keeps typing unsubmitted until submit, and ignores an empty term', () => {
    const typed = run(initialSearch('cats'), { type: 'toggle' }, { type: 'typed', text: 'tab' });
    expect(typed).toMatchObject({ term: '', unsetTerm: 'tab' });
    const blank = run(typed, { type: 'typed', text: '   ' });
    expect(run(blank, { type: 'submit' })).toBe(blank);
    expect(run(typed, { type: 'pickTag', tag: '' })).toBe(typed);
  });

  it.each<[string, SearchAction]>([
    ['term', { type: 'pickTag', tag: 'calico' }],
    ['sort', { type: 'sort', sort: 'POPULARITY_DESC' }],
    ['post type', { type: 'postType', postType: 'PHOTO' }],
    ['post role', { type: 'original', on: true }],
  ])('changing the %s resets paging to offset 0 and limit 10 and clears the loaded posts', (_what, action) => {
    const before = searched();
    expect(before.next_offset).toBe(20);
    const after = searchReducer(before, action);
    expect(after.next_offset).toBe(0);
    expect(after.limit).toBe(10);
    expect(after.generation).toBe(before.generation + 1);
    expect(searchRoot(after)).not.toBe(searchRoot(before));
  });

  it('asking for the same sort or type again changes nothing', () => {
    const before = searched();
    expect(searchReducer(before, { type: 'sort', sort: 'CREATED_DESC' })).toBe(before);
    expect(searchReducer(before, { type: 'postType', postType: 'ANY' })).toBe(before);
    expect(searchReducer(before, { type: 'original', on: false })).toBe(before);
  });

  it('the Original Posts switch sets post_role ORIGINAL, safe search sets filter_nsfw', () => {
    const state = run(searched(), { type: 'original', on: true }, { type: 'safeSearch', on: true });
    expect(state.post_role).toBe('ORIGINAL');
    expect(state.filter_nsfw).toBe(true);
    expect(searchParams(state, 10)).toBe('next_offset=10&limit=10&sort=CREATED_DESC&post_type=ANY&post_role=ORIGINAL&filter_nsfw=true');
  });

  it('skips fetching once next_offset is negative, and ends with or without results', () => {
    const ended = run(searched(), { type: 'pageLoaded', nextOffset: -1 });
    expect(canFetchMore(searched())).toBe(true);
    expect(canFetchMore(ended)).toBe(false);
    expect(canFetchMore(initialSearch('cats'))).toBe(false);
    expect(resultsEnd(20, 10)).toBe('more');
    expect(resultsEnd(-1, 14)).toBe('end');
    expect(resultsEnd(-1, 0)).toBe('none');
  });

  describe('the search icon toggle', () => {
    it('with a term and no forced value, clears the search', () => {
      const cleared = run(searched(), { type: 'sort', sort: 'POPULARITY_DESC' }, { type: 'toggle' });
      expect(cleared).toMatchObject({ term: '', unsetTerm: '', active: false, sort: 'CREATED_DESC', next_offset: 0 });
    });

    it('without a term, flips the bar open and shut, resetting the model on close', () => {
      const open = run(initialSearch('cats'), { type: 'toggle' }, { type: 'typed', text: 'half' }, { type: 'postType', postType: 'VIDEO' });
      expect(open.active).toBe(true);
      const shut = searchReducer(open, { type: 'toggle' });
      expect(shut).toMatchObject({ active: false, unsetTerm: '', post_type: 'ANY' });
    });

    it('a forced value wins over a present term', () => {
      expect(searchReducer(searched(), { type: 'toggle', force: true })).toMatchObject({ active: true, term: 'tabby' });
      expect(searchReducer(searched(), { type: 'toggle', force: false })).toMatchObject({ active: false, term: '' });
    });
  });

  it('a full reset restores every default for the same blog', () => {
    const state = run(searched(), { type: 'postType', postType: 'PHOTO' }, { type: 'reset' });
    expect(state).toMatchObject({ ...initialSearch('cats'), generation: state.generation });
  });
});
