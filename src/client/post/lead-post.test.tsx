
import { describe, expect, it } from 'vitest';
import { content } from '../test/fixtures';
import { LeadPostContext } from './lead-post';
import { PostContent } from './PostContent';
import { renderWithCache } from '../test/test-utils';

const loading = (container: HTMLElement) =>
  [...container.querySelectorAll('img')].map((img) => [img.getAttribute('loading'), img.getAttribute('fetchpriority')]);

describe('the lead post’s first photo', () => {
  it('is fetched at once and first in the page’s lead post; its other photos stay lazy', () => {
    const { container } = renderWithCache(
      <LeadPostContext.Provider value={true}>
        <PostContent content={content.photo} />
      </LeadPostContext.Provider>,
    );
    expect(loading(container)).toEqual([
      ['eager', 'high'],
      ['lazy', null],
      ['lazy', null],
    ]);
  });
  it('stays lazy in every other post', () => {
    const { container } = renderWithCache(<PostContent content={content.photo} />);
    expect(loading(container).every(([how, priority]) => how === 'lazy' && priority === null)).toBe(true);
  });
});
