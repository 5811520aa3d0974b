import { describe, expect, it } from 'vitest';
import { EMBED_PROVIDERS, embedUrlFor, isAllowedIframeSrc } from './embeds';

describe('isAllowedIframeSrc', () => {
  it.each([
    'https://www.youtube.com/embed/dQw4w9WgXcQ',
    'https://youtube.com/embed/dQw4w9WgXcQ?start=30',
    'https://youtube-nocookie.com/embed/dQw4w9WgXcQ',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    'https://player.vimeo.com/video/76979871?h=8272103f6e',
    'https://www.dailymotion.com/embed/video/x7tgad0',
    'https://w.soundcloud.com/player/?url=https%3A//api.soundcloud.com/tracks/293',
    'https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC',
    'https://bandcamp.com/EmbeddedPlayer/album=1536701931/size=large/',
    'HTTPS://WWW.YOUTUBE.COM/embed/dQw4w9WgXcQ',
    '/embed/post/123',
    '/embed/post/abc?theme=dark',
  ])('allows %s', (src) => {
    expect(isAllowedIframeSrc(src)).toBe(true);
  });

  it.each([
    ['http (not https)', 'http://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['protocol-relative', '//www.youtube.com/embed/dQw4w9WgXcQ'],
    ['not the player path', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['path escaping the player prefix', 'https://www.youtube.com/embed/../watch?v=dQw4w9WgXcQ'],
    ['encoded dot segments', 'https://www.youtube.com/embed/%2e%2e/account'],
    ['lookalike host', 'https://www.youtube.com.evil.com/embed/x'],
    ['userinfo trick', 'https://www.youtube.com@evil.com/embed/x'],
    ['subdomain not listed', 'https://evil.player.vimeo.com/video/1'],
    ['explicit port', 'https://www.youtube.com:8443/embed/x'],
    ['Bandcamp path is case-sensitive', 'https://bandcamp.com/embeddedplayer/album=1/'],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['backslash', 'https:\\\\www.youtube.com\\embed\\x'],
    ['tab inside', 'https://www.you\ttube.com/embed/x'],
    ['other relative path', '/dashboard'],
    ['relative escaping /embed/post/', '/embed/post/../../settings'],
    ['relative without the trailing slash', '/embed/posts/1'],
    ['empty', ''],
    ['own host without ownHost', 'https://blog.example/embed/post/1'],
  ])('refuses %s', (_why, src) => {
    expect(isAllowedIframeSrc(src)).toBe(false);
  });

  it('allows our own embed pages on ownHost, and nothing else there', () => {
    expect(isAllowedIframeSrc('https://blog.example/embed/post/1', 'blog.example')).toBe(true);
    expect(isAllowedIframeSrc('https://Blog.Example/embed/post/1', 'BLOG.example')).toBe(true);
    expect(isAllowedIframeSrc('https://blog.example:8443/embed/post/1', 'blog.example:8443')).toBe(true);
    expect(isAllowedIframeSrc('https://blog.example/embed/post/1', 'https://blog.example/')).toBe(true);
    expect(isAllowedIframeSrc('https://blog.example/settings', 'blog.example')).toBe(false);
    expect(isAllowedIframeSrc('http://blog.example/embed/post/1', 'blog.example')).toBe(false);
    expect(isAllowedIframeSrc('https://evil.blog.example/embed/post/1', 'blog.example')).toBe(false);
  });

  it('lists every provider with https-only, exact hosts', () => {
    expect(EMBED_PROVIDERS.map((p) => p.name)).toEqual(['YouTube', 'Vimeo', 'Dailymotion', 'SoundCloud', 'Spotify', 'Bandcamp']);
    for (const provider of EMBED_PROVIDERS) {
      for (const host of provider.hosts) expect(host).toMatch(/^[a-z0-9.-]+$/);
    }
  });
});

describe('embedUrlFor', () => {
  const YT = 'https://www.youtube.com/embed/dQw4w9WgXcQ';
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', YT],
    ['https://youtube.com/watch?v=dQw4w9WgXcQ&list=PL123&index=2', YT],
    ['http://www.youtube.com/watch?feature=shared&v=dQw4w9WgXcQ', YT],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', YT],
    ['https://music.youtube.com/watch?v=dQw4w9WgXcQ&si=abc', YT],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s', `${YT}?start=42`],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m30s', `${YT}?start=90`],
    ['https://youtu.be/dQw4w9WgXcQ', YT],
    ['https://youtu.be/dQw4w9WgXcQ?si=B_RZg_I-lLaa7UU-&t=10', `${YT}?start=10`],
    ['youtu.be/dQw4w9WgXcQ', YT],
    ['www.youtube.com/watch?v=dQw4w9WgXcQ', YT],
    ['  https://www.youtube.com/shorts/dQw4w9WgXcQ  ', YT],
    ['https://youtube.com/shorts/dQw4w9WgXcQ?feature=share', YT],
    ['https://www.youtube.com/live/dQw4w9WgXcQ?si=x', YT],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', YT],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=5', `${YT}?start=5`],
    ['https://www.youtube.com/v/dQw4w9WgXcQ', YT],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://www.vimeo.com/76979871#t=30s', 'https://player.vimeo.com/video/76979871'],
    ['https://vimeo.com/76979871/8272103f6e', 'https://player.vimeo.com/video/76979871?h=8272103f6e'],
    ['https://vimeo.com/channels/staffpicks/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://vimeo.com/groups/shortfilms/videos/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://vimeo.com/album/2222222/video/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://vimeo.com/showcase/7777777/video/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://player.vimeo.com/video/76979871?h=8272103f6e&badge=0', 'https://player.vimeo.com/video/76979871?h=8272103f6e'],
    ['https://www.dailymotion.com/video/x7tgad0', 'https://www.dailymotion.com/embed/video/x7tgad0'],
    ['https://www.dailymotion.com/video/x2jvvep_some-title_news', 'https://www.dailymotion.com/embed/video/x2jvvep'],
    ['https://dailymotion.com/video/x7tgad0?playlist=x6hynp', 'https://www.dailymotion.com/embed/video/x7tgad0'],
    ['https://dai.ly/x7tgad0', 'https://www.dailymotion.com/embed/video/x7tgad0'],
    ['https://www.dailymotion.com/embed/video/x7tgad0', 'https://www.dailymotion.com/embed/video/x7tgad0'],
  ])('%s -> %s', (url, expected) => {
    expect(embedUrlFor(url)).toBe(expected);
    expect(isAllowedIframeSrc(expected)).toBe(true);
  });

  it.each([
    '',
    'not a url',
    'https://www.youtube.com/',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ"><script>',
    'https://www.youtube.com/channel/UC38IQsAvIsxxjztdMZQtwHA',
    'https://youtu.be/',
    'https://www.youtube.com.evil.com/watch?v=dQw4w9WgXcQ',
    'https://evil.com/youtu.be/dQw4w9WgXcQ',
    'javascript:alert(1)//youtu.be/dQw4w9WgXcQ',
    'ftp://youtu.be/dQw4w9WgXcQ',
    'https://vimeo.com/',
    'https://vimeo.com/channels/staffpicks',
    'https://www.dailymotion.com/',
    'https://www.dailymotion.com/video/',
    'https://www.dailymotion.com/video/x7t<gad0',
    'https://soundcloud.com/artist/track',
    'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC',
  ])('returns null for %j', (url) => {
    expect(embedUrlFor(url)).toBeNull();
  });
});
