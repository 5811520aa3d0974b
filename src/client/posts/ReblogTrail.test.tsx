import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { blog, content, post } from '../test/fixtures';
import { IFRAME_SANDBOX } from '../ui/sandbox-iframes';
import { ReblogTrail } from './ReblogTrail';

const framesOf = (box: HTMLElement) => [...box.querySelectorAll('iframe')];

// Issue 22 item 6: the reblog form drew its embeds itself, so their frames loaded unsandboxed.
describe('ReblogTrail: post HTML and embeds through the one sanitized path', () => {
  it("sandboxes a video's embedded player before it loads", () => {
    const { container } = render(<ReblogTrail post={post(content.video)} withoutOwn={false} />);
    const frames = framesOf(container);
    expect(frames).toHaveLength(1);
    expect(frames[0]!.getAttribute('sandbox')).toBe(IFRAME_SANDBOX);
    expect(frames[0]!.getAttribute('loading')).toBe('lazy');
    expect(frames[0]!.getAttribute('title')).toBe('Embedded player from player.example');
  });

  it("sandboxes an audio post's embed", () => {
    const audio = { ...content.audio, embed_html: '<iframe src="https://sound.example/t/1"></iframe>' };
    const { container } = render(<ReblogTrail post={post(audio)} withoutOwn={false} />);
    expect(framesOf(container).map((f) => f.getAttribute('sandbox'))).toEqual([IFRAME_SANDBOX]);
  });

  it("sandboxes a frame in a reblogger's words and in the root's words", () => {
    const frame = (n: number) => `<p>Look</p><iframe src="https://player.example/v/${n}"></iframe>`;
    const reblog = post(
      { type: 'text', title: '', body_html: frame(1) },
      {
        blog: blog('bo'),
        is_reblog: true,
        reblogged_from: { post_id: '900', blog_name: 'cy' },
        trail: [
          { post_id: '800', blog: blog('ann'), content_html: '', is_root: true },
          { post_id: '900', blog: blog('cy'), content_html: frame(2), is_root: false },
        ],
      },
    );
    const { container } = render(<ReblogTrail post={reblog} withoutOwn={false} />);
    const frames = framesOf(container);
    expect(frames.map((f) => f.getAttribute('src'))).toEqual(['https://player.example/v/1', 'https://player.example/v/2']);
    for (const f of frames) expect(f.getAttribute('sandbox')).toBe(IFRAME_SANDBOX);
  });

  it("renders a quote's words and source as sanitized HTML", () => {
    const { container } = render(<ReblogTrail post={post(content.quote)} withoutOwn={false} />);
    expect(container.querySelector('blockquote')?.textContent).toBe('Less is more.Mies');
    expect(container.querySelectorAll('[data-user-html]')).toHaveLength(2);
  });
});
