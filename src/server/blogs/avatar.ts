import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { keyOfUrl, type MediaStorage } from '../media/storage';
import { writeInPlace } from '../media/write-in-place';

/**
 * A blog's default avatar: a symmetric 5 x 5 pattern in a colour, both derived from the blog's
 * uuid, so it is the same everywhere and needs no network. Drawn as SVG, rendered to PNG.
 */
export function avatarSvg(seed: string): string {
  const digest = createHash('sha256').update(seed).digest();
  const hue = Math.round((digest[0]! / 255) * 360);
  const fg = `hsl(${hue} 62% 52%)`;
  const bg = `hsl(${(hue + 180) % 360} 35% 92%)`;
  const cells: string[] = [];
  for (let row = 0; row < 5; row++) {
    for (let col = 0; col < 3; col++) {
      const bit = (digest[1 + row * 3 + col]! & 1) === 1;
      if (!bit) continue;
      for (const x of new Set([col, 4 - col])) {
        cells.push(`<rect x="${1 + x * 6}" y="${1 + row * 6}" width="6" height="6"/>`);
      }
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect width="32" height="32" fill="${bg}"/><g fill="${fg}">${cells.join('')}</g></svg>`;
}

/** The PNG of a blog's avatar at one size, rendered once and then read from the disk cache. */
export async function avatarPng(cacheDir: string, seed: string, size: number): Promise<Buffer> {
  const file = path.join(cacheDir, `${seed}-${size}.png`);
  try {
    return await fs.readFile(file);
  } catch {
    const png = await sharp(Buffer.from(avatarSvg(seed)), { density: Math.max(72, (72 * size) / 32) })
      .resize(size, size, { kernel: 'nearest' })
      .png()
      .toBuffer();
    await fs.mkdir(cacheDir, { recursive: true });
    // Two requests for the same avatar at once both render it: each writes through its own temporary name.
    await writeInPlace(file, png);
    return png;
  }
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The owner's uploaded avatar at one size: the middle square of the image, as WebP (photos stay
 * small, transparency stays). Rendered once per size, then read from the disk cache. Null when
 * the file is gone from storage: the generated avatar stands in.
 */
export async function uploadedAvatar(storage: MediaStorage, cacheDir: string, mediaPath: string, size: number): Promise<Buffer | null> {
  const key = keyOfUrl(mediaPath);
  if (!key || !(await storage.exists(key))) return null;
  const file = path.join(cacheDir, `upload-${key.replace(/\//g, '_')}-${size}.webp`);
  try {
    return await fs.readFile(file);
  } catch {
    const source = storage.pathOf?.(key) ?? (await readAll(await storage.read(key)));
    const image = await sharp(source).resize(size, size, { fit: 'cover' }).webp({ quality: 85 }).toBuffer();
    await fs.mkdir(cacheDir, { recursive: true });
    await writeInPlace(file, image);
    return image;
  }
}
