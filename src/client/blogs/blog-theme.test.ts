import { describe, expect, it } from 'vitest';
import { blogLook, TITLE_CONTRAST } from './blog-theme';
import { contrast } from './card/card-theme';

describe('blogLook contrast', () => {
  it('keeps a large title colour that reads at 3:1, even under 4.5:1', () => {
    // #8A8A8A on white is about 3.4:1: enough for a large title, so it is the owner's exactly.
    expect(contrast('#8A8A8A', '#FFFFFF')).toBeLessThan(4.5);
    expect(blogLook({ background_color: '#FFFFFF', title_color: '#8A8A8A' }).title).toBe('#8A8A8A');
  });

  it('moves a title too close to the background until it reads at 3:1, keeping its hue', () => {
    const look = blogLook({ background_color: '#FFFFFF', title_color: '#F0F0F0' });
    expect(look.title).not.toBe('#F0F0F0');
    expect(contrast(look.title, '#FFFFFF')).toBeGreaterThanOrEqual(TITLE_CONTRAST);
    const onNavy = blogLook({ background_color: '#001935', title_color: '#002244' });
    expect(contrast(onNavy.title, '#001935')).toBeGreaterThanOrEqual(TITLE_CONTRAST);
  });

  it('holds links to 4.5:1, and keeps one that already reads', () => {
    const pale = blogLook({ background_color: '#FFFFFF', link_color: '#8A8A8A' });
    expect(contrast(pale.link, '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
    expect(blogLook({ background_color: '#FFFFFF', link_color: '#1A2B3C' }).link).toBe('#1A2B3C');
  });

  it('reads the show flags, the avatar shape and the header image', () => {
    const look = blogLook({ show_title: false, show_avatar: false, avatar_shape: 'square', show_header_image: true, header_image_focused: '/h.jpg', header_stretch: false });
    expect(look).toMatchObject({ showTitle: false, showDescription: true, showAvatar: false, avatarShape: 'square', headerImage: '/h.jpg', headerStretch: false });
    expect(blogLook({ show_header_image: false, header_image_focused: '/h.jpg' }).headerImage).toBeNull();
  });
});
