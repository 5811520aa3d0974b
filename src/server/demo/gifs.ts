// Demo GIFs: small animations drawn at seed time and posted as photo posts with tags, so the GIF
// search (and the GIF entry in the editor) finds something on first start: try "cat" or "space".
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { AppContext } from '../context';
import type { Viewer } from '../http/session';
import { mediaKey } from '../media/storage';
import { parsePostCommand } from '../posts/payload';
import { runPostCommand } from '../posts/run-command';

type Rgb = readonly [number, number, number];
/** The colour of pixel (x, y) in frame f of n. */
type Painter = (x: number, y: number, f: number, n: number) => Rgb;

interface DemoGif {
  blog: string;
  tags: string;
  caption: string;
  frames: number;
  paint: Painter;
}

const WIDTH = 120;
const HEIGHT = 90;
const FRAME_MS = 100;

const near = (x: number, y: number, cx: number, cy: number, r: number) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
const turn = (f: number, n: number) => (f / n) * Math.PI * 2;
// Fixed star positions, so every frame of the space GIFs shows the same sky.
const STARS = Array.from({ length: 24 }, (_, i) => [(i * 47 + 13) % WIDTH, (i * 31 + 7) % HEIGHT] as const);
const star = (x: number, y: number, f: number) => STARS.some(([sx, sy], i) => sx === x && sy === y && (i + f) % 3 !== 0);
const BRIGHT: readonly Rgb[] = [[255, 80, 120], [255, 180, 40], [80, 200, 255], [140, 90, 255]];
const RINGS: readonly Rgb[] = [[255, 90, 90], [255, 200, 60], [90, 210, 120], [80, 150, 255]];

const GIFS: readonly DemoGif[] = [
  {
    blog: 'cats-daily',
    tags: 'cat, zoomies, gif',
    caption: 'Zoomies at 3 a.m.',
    frames: 10,
    paint: (x, y, f, n) => {
      const cx = 18 + (f * (WIDTH - 36)) / (n - 1);
      const cy = 56 - Math.abs(Math.sin(turn(f, n))) * 18;
      const ear = (side: number) => y < cy - 6 && y > cy - 20 && Math.abs(x - (cx + side * 8)) < (y - (cy - 20)) / 2;
      if (near(x, y, cx, cy, 13) || ear(-1) || ear(1)) return near(x, y, cx - 5, cy - 2, 2) || near(x, y, cx + 5, cy - 2, 2) ? [30, 30, 30] : [242, 140, 40];
      return y > 72 ? [120, 86, 60] : [250, 230, 200];
    },
  },
  {
    blog: 'cats-daily',
    tags: 'cat, sleepy, blink',
    caption: 'Slow blink means I love you.',
    frames: 12,
    paint: (x, y, f, n) => {
      const open = f < 7 ? 5 : f === 7 || f === 11 ? 2 : 0;
      const eye = (cx: number) => Math.abs(x - cx) <= 7 && Math.abs(y - 40) <= Math.max(open, 0.6);
      if (eye(42) || eye(78)) return open ? [90, 200, 90] : [40, 40, 40];
      // The tail swings the whole time, blinking or not.
      const swing = 0.9 + Math.sin(turn(f, n)) * 0.6;
      const along = (x - 96) * Math.cos(swing) + (86 - y) * Math.sin(swing);
      const across = -(x - 96) * Math.sin(swing) + (86 - y) * Math.cos(swing);
      if (along > 0 && along < 34 && Math.abs(across) < 5) return [120, 120, 130];
      if (near(x, y, 60, 52, 36) || (y < 30 && y > 4 && (Math.abs(x - 34) < (y - 4) / 1.6 || Math.abs(x - 86) < (y - 4) / 1.6))) return [150, 150, 160];
      return [70, 90, 140];
    },
  },
  {
    blog: 'night-sky',
    tags: 'space, planet, orbit',
    caption: 'A moon keeping its orbit.',
    frames: 12,
    paint: (x, y, f, n) => {
      const mx = 60 + Math.cos(turn(f, n)) * 42;
      const my = 45 + Math.sin(turn(f, n)) * 16;
      const behind = Math.sin(turn(f, n)) < 0;
      const moon = near(x, y, mx, my, 6);
      if (moon && !behind) return [235, 235, 220];
      if (near(x, y, 60, 45, 18)) return y < 40 ? [90, 140, 230] : [60, 110, 200];
      if (moon) return [235, 235, 220];
      return star(x, y, f) ? [255, 255, 255] : [10, 12, 40];
    },
  },
  {
    blog: 'night-sky',
    tags: 'space, shooting star, stars, gifs',
    caption: 'Make a wish.',
    frames: 12,
    paint: (x, y, f) => {
      const hx = 10 + f * 9;
      const hy = 10 + f * 5;
      const along = hx - x;
      if (along >= 0 && along < 26 && Math.abs(y - (hy - along * 0.55)) < 1.5 - along / 26) return along < 3 ? [255, 250, 200] : [250, 200, 90];
      return star(x, y, f) ? [255, 255, 255] : [16, 10, 50];
    },
  },
  {
    blog: 'staff',
    tags: 'dance, party, music',
    caption: 'When the beat drops.',
    frames: 8,
    paint: (x, y, f) => {
      const bar = Math.floor(x / 15);
      const height = 18 + ((bar * 37 + f * 23) % 60);
      if (x % 15 < 11 && y > HEIGHT - height) return BRIGHT[bar % BRIGHT.length]!;
      return [25, 20, 45];
    },
  },
  {
    blog: 'staff',
    tags: 'yes, thumbs up, gif',
    caption: 'Yes!',
    frames: 12,
    paint: (x, y, f, n) => {
      const r = 24 + Math.sin(turn(f, n)) * 6;
      const tick = (x >= 46 && x <= 58 && Math.abs(y - (46 + (x - 46))) < 3) || (x >= 58 && x <= 78 && Math.abs(y - (58 - (x - 58) * 1.2)) < 3);
      if (near(x, y, 60, 45, r)) return tick ? [255, 255, 255] : [40, 180, 90];
      return [235, 248, 238];
    },
  },
  {
    blog: 'poetry-corner',
    tags: 'wow, amazed, sparkle',
    caption: 'Wow.',
    frames: 8,
    paint: (x, y, f, n) => {
      const d = Math.hypot(x - 60, y - 45);
      const ring = Math.floor((d - (f / n) * 24) / 12);
      return d < 44 && ring % 2 === 0 ? RINGS[(((ring / 2) % RINGS.length) + RINGS.length) % RINGS.length]! : [250, 246, 236];
    },
  },
];

/** A looping GIF of the painter's frames. */
export async function drawGif(paint: Painter, frames: number, width = WIDTH, height = HEIGHT): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * frames * 3);
  for (let f = 0; f < frames; f++) {
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        pixels.set(paint(x, y, f, frames), ((f * height + y) * width + x) * 3);
      }
    }
  }
  // A tall strip of frames, cut into pages of one frame's height: sharp writes them as an animation.
  return sharp(pixels, { raw: { width, height: height * frames, channels: 3, pageHeight: height } })
    .gif({ delay: Array(frames).fill(FRAME_MS), loop: 0, colours: 16, dither: 0 })
    .toBuffer();
}

/** Draws, stores and posts the demo GIFs; run once, on a fresh database, after the demo blogs exist. */
export async function seedDemoGifs(ctx: AppContext) {
  const owners = await ctx.db
    .selectFrom('blogs')
    .innerJoin('users', 'users.id', 'blogs.user_id')
    .selectAll('users')
    .select('blogs.name as blog_name')
    .execute();
  for (const gif of GIFS) {
    const owner = owners.find((o) => o.blog_name === gif.blog);
    if (!owner) continue;
    const { blog_name, ...user } = owner;
    const viewer: Viewer = { user, sessionId: '', formKey: '' };
    const bytes = await drawGif(gif.paint, gif.frames);
    const sha = createHash('sha256').update(bytes).digest('hex');
    // Named as an upload's original is, so a post form that sends the address back finds the file.
    const key = mediaKey(sha, 'orig', 'gif');
    await ctx.media.put(key, bytes, 'image/gif');
    const saved = await runPostCommand(ctx, viewer, parsePostCommand({
      channel_id: blog_name,
      'post[type]': 'photo',
      'images[o1]': ctx.media.url(key),
      'post[two]': `<p>${gif.caption}</p>`,
      'post[tags]': gif.tags,
    }).command);
    // The form takes a photo by its address only; the size is known here, and the search shows it.
    const content = saved.created_post.content;
    if (content.type === 'photo') {
      content.photos = content.photos.map((photo) => ({ ...photo, width: WIDTH, height: HEIGHT }));
      await ctx.db.updateTable('posts').set({ content: JSON.stringify(content) }).where('id', '=', saved.created_post.id).execute();
    }
  }
}
