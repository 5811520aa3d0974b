import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CTA_TEXTS, ctaFromOptions } from '../../shared/posts/cta';
import { CtaButton } from './CtaButton';
import { content, post } from '../test/fixtures';
import { PostCard } from './PostCard';
import { renderWithApp } from '../test/test-utils';

const cta = { text_code: 1, text: 'Shop now', link_url: 'https://shop.example/', android_link_url: 'https://play.example/app' } as const;

describe('CtaButton', () => {
  it("reads its code's text and opens the link in a new tab, not handing over the page", () => {
    render(<CtaButton cta={cta} android={false} />);
    const link = screen.getByRole('link', { name: 'Shop now' });
    expect(link.getAttribute('href')).toBe('https://shop.example/');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('uses the Android link on Android, and the main link when there is none', () => {
    const { unmount } = render(<CtaButton cta={cta} android />);
    expect(screen.getByRole('link').getAttribute('href')).toBe('https://play.example/app');
    unmount();
    render(<CtaButton cta={{ ...cta, android_link_url: null }} android />);
    expect(screen.getByRole('link').getAttribute('href')).toBe('https://shop.example/');
  });

  it('shows on a post card, and not while a sensitive post is covered', () => {
    const viewer = { safe_mode: true, channels: [] };
    const { unmount } = renderWithApp(<PostCard post={post(content.text, { cta })} viewer={viewer} />);
    expect(screen.getByRole('link', { name: 'Shop now' })).toBeTruthy();
    unmount();
    renderWithApp(<PostCard post={post(content.text, { cta, is_sensitive: true })} viewer={viewer} />);
    expect(screen.queryByRole('link', { name: 'Shop now' })).toBeNull();
  });
});

describe('ctaFromOptions', () => {
  const on = { enable_cta: true, cta_text_code: 3, cta_link_url: 'https://x.example/', cta_android_link_url: null };
  it('builds the button from the stored options, with the text of its code', () => {
    expect(ctaFromOptions(on)).toEqual({ text_code: 3, text: 'Download', link_url: 'https://x.example/', android_link_url: null });
    expect(CTA_TEXTS[0]).toBe('Learn more');
  });
  it('gives none when off, without a link, or with a code the table does not have', () => {
    expect(ctaFromOptions({ ...on, enable_cta: false })).toBeNull();
    expect(ctaFromOptions({ ...on, cta_link_url: null })).toBeNull();
    expect(ctaFromOptions({ ...on, cta_text_code: CTA_TEXTS.length })).toBeNull();
    expect(ctaFromOptions({})).toBeNull();
  });
});
