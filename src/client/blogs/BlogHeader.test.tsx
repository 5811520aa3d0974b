import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GlobalThemeParams } from '../../shared/types';
import type { BlogData } from '../api/blogs';
import { blogFixture } from '../test-blog';
import { renderWithApp } from '../test/test-utils';
import { BlogHeader } from './BlogHeader';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A browser's font loading, as jsdom has none: every face loads at once. */
function stubFonts() {
  const added: string[] = [];
  class Face {
    constructor(readonly family: string) {}
    load = () => Promise.resolve(this);
  }
  vi.stubGlobal('FontFace', Face);
  Object.defineProperty(document, 'fonts', { configurable: true, value: { add: (face: Face) => added.push(face.family) } });
  return added;
}

const themed = (params: Partial<GlobalThemeParams>): BlogData => {
  const base = blogFixture('ann', { title: 'Night Owls', description_sanitized: '<p>Birds after dark</p>' });
  return { ...base, following: false, can_subscribe: false, is_subscribed: false, global_theme_params: { ...base.global_theme_params, ...params } };
};

describe('BlogHeader in the blog’s theme', () => {
  it('applies the owner’s colours, title font and square avatar', async () => {
    const fonts = stubFonts();
    const blog = themed({ background_color: '#123456', title_color: '#FFCC00', link_color: '#99DDFF', title_font: 'Lobster', avatar_shape: 'square' });
    renderWithApp(<BlogHeader blog={blog} viewer={null} messaging={null} />, { path: '/blog/ann' });
    const header = screen.getByTestId('blog-header');
    expect(header.style.background).toMatch(/rgb\(18, 52, 86\)|#123456/i);
    expect(header.style.getPropertyValue('--blog-title')).toBe('#FFCC00');
    expect(header.style.getPropertyValue('--link')).toBe('#99DDFF');
    const title = screen.getByRole('heading', { level: 1, name: 'Night Owls' });
    await waitFor(() => expect(title.style.fontFamily).toContain('Lobster'));
    expect(fonts).toContain('Lobster');
    const avatar = document.querySelector('img') as HTMLImageElement;
    expect(avatar.className).not.toMatch(/circle/);
    expect(within(header).getByText('Birds after dark')).toBeTruthy();
  });

  it('draws a round avatar by default, and a title too pale for the background readable', () => {
    renderWithApp(<BlogHeader blog={themed({ background_color: '#FFFFFF', title_color: '#F4F4F4' })} viewer={null} messaging={null} />);
    expect((document.querySelector('img') as HTMLImageElement).className).toMatch(/circle/);
    expect(screen.getByTestId('blog-header').style.getPropertyValue('--blog-title')).not.toBe('#F4F4F4');
  });

  it('hides the title (still read), the description and the avatar when the owner does', () => {
    renderWithApp(<BlogHeader blog={themed({ show_title: false, show_description: false, show_avatar: false })} viewer={null} messaging={null} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Night Owls' }).className).toMatch(/hiddenTitle/);
    expect(screen.queryByText('Birds after dark')).toBeNull();
    expect(document.querySelector('img')).toBeNull();
  });

  it('shows the header image cropped at its focus point, stretched or at its size', () => {
    const blog = themed({ show_header_image: true, header_image_focused: '/media/h/focused.jpg', header_stretch: false });
    const { unmount } = renderWithApp(<BlogHeader blog={blog} viewer={null} messaging={null} />);
    const image = screen.getByTestId('blog-header-image');
    expect(image.style.backgroundImage).toContain('/media/h/focused.jpg');
    expect(image.className).not.toMatch(/stretched/);
    unmount();
    renderWithApp(<BlogHeader blog={{ ...blog, global_theme_params: { ...blog.global_theme_params, header_stretch: true } }} viewer={null} messaging={null} />);
    expect(screen.getByTestId('blog-header-image').className).toMatch(/stretched/);
  });

  it('shows no header image when the owner turned it off', () => {
    renderWithApp(<BlogHeader blog={themed({ show_header_image: false, header_image_focused: '/media/h/focused.jpg' })} viewer={null} messaging={null} />);
    expect(screen.queryByTestId('blog-header-image')).toBeNull();
  });
});
