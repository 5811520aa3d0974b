// Real media files made in the tests (and the bench): images with sharp, audio and EXIF written
// byte by byte, video with ffmpeg where it is installed. Nothing is read from fixtures on disk.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { crc32, deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { As } from '../test/test-app';
import { detectVideoTools } from './ffmpeg';

const exec = promisify(execFile);

export const png = (width: number, height: number, background = '#3366cc') =>
  sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();

export const webp = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#cc6633' } }).webp().toBuffer();

/** A 300×200 JPEG that says "turn me a quarter" (orientation 6), with a camera make and a GPS position. */
export const jpegWithExif = () =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: '#ff0000' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'TestCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();

/** An animated GIF of `frames` 60×40 frames of different colours. */
export async function animatedGif(frames = 3) {
  const colours = ['#ff0000', '#00ff00', '#0000ff', '#ffff00', '#00ffff'];
  const stills = await Promise.all(
    Array.from({ length: frames }, (_, i) => sharp({ create: { width: 60, height: 40, channels: 3, background: colours[i % colours.length]! } }).png().toBuffer()),
  );
  return sharp(stills, { join: { animated: true } }).gif({ loop: 0, delay: 100 }).toBuffer();
}

/**
 * A GIF of `frames` plain frames of width × height: one frame made by sharp, its image block
 * written again and again. Costly to process, small to send (a few hundred bytes a frame; an
 * attacker's encoder makes them smaller still), and cheap to make here: no frame is encoded twice.
 */
export async function longCheapGif(frames: number, width: number, height: number): Promise<Buffer> {
  const one = await sharp({ create: { width, height, channels: 3, background: '#808080' } }).gif().toBuffer();
  const packed = one[10]!;
  let pos = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
  const head = one.subarray(0, pos);
  const skipSubBlocks = (at: number) => {
    while (one[at] !== 0) at += one[at]! + 1;
    return at + 1;
  };
  // Everything from the first extension or image descriptor to the trailer is one frame.
  const start = pos;
  while (one[pos] !== 0x3b) {
    if (one[pos] === 0x21) pos = skipSubBlocks(pos + 2);
    else if (one[pos] === 0x2c) {
      const local = one[pos + 9]!;
      pos += 10 + (local & 0x80 ? 3 * 2 ** ((local & 0x07) + 1) : 0);
      pos = skipSubBlocks(pos + 1);
    } else throw new Error(`unexpected GIF block 0x${one[pos]!.toString(16)}`);
  }
  const frame = one.subarray(start, pos);
  return Buffer.concat([head, ...Array<Buffer>(frames).fill(frame), Buffer.from([0x3b])]);
}

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG whose header declares width × height pixels, with only a few rows of data behind it: a few
 * hundred bytes that would take gigabytes to decode (a decompression bomb).
 */
export function pixelBombPng(width = 30000, height = 30000) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter method, no interlace
  const rows = deflateSync(Buffer.alloc((width * 3 + 1) * 4));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', header), pngChunk('IDAT', rows), pngChunk('IEND', Buffer.alloc(0))]);
}

/** 16-bit mono PCM WAV: the 44-byte header written by hand, then a 440 Hz tone. */
export function wav(seconds = 1, sampleRate = 8000) {
  const samples = Math.round(seconds * sampleRate);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / sampleRate) * 8000), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28); // bytes per second
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const syncSafe = (n: number) => Buffer.from([(n >> 21) & 0x7f, (n >> 14) & 0x7f, (n >> 7) & 0x7f, n & 0x7f]);

function id3Frame(id: string, body: Buffer) {
  const size = Buffer.alloc(4);
  size.writeUInt32BE(body.length);
  return Buffer.concat([Buffer.from(id, 'latin1'), size, Buffer.alloc(2), body]);
}

const id3Text = (id: string, text: string) => id3Frame(id, Buffer.concat([Buffer.from([0]), Buffer.from(text, 'latin1')]));

/**
 * An MP3 written by hand: an ID3v2.3 tag (title, artist, album, and a front cover when given)
 * before `frames` silent MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz: 417 bytes, 1152 samples each).
 */
export function mp3WithTags(tags: { title: string; artist: string; album: string }, cover?: Buffer, frames = 40) {
  const body = [id3Text('TIT2', tags.title), id3Text('TPE1', tags.artist), id3Text('TALB', tags.album)];
  if (cover) {
    // encoding 0, MIME, picture type 3 (front cover), empty description, the image.
    body.push(id3Frame('APIC', Buffer.concat([Buffer.from([0]), Buffer.from('image/jpeg\0', 'latin1'), Buffer.from([3, 0]), cover])));
  }
  const tag = Buffer.concat(body);
  const header = Buffer.concat([Buffer.from('ID3', 'latin1'), Buffer.from([3, 0, 0]), syncSafe(tag.length)]);
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return Buffer.concat([header, tag, ...Array.from({ length: frames }, () => frame)]);
}

/** True when the EXIF block has a GPS IFD pointer (tag 0x8825) in IFD0. */
export function exifHasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const start = exif.indexOf('Exif\0\0', 0, 'latin1') === 0 ? 6 : 0;
  const tiff = exif.subarray(start);
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd0 = u32(4);
  const count = u16(ifd0);
  for (let i = 0; i < count; i++) if (u16(ifd0 + 2 + i * 12) === 0x8825) return true;
  return false;
}

// ---------------------------------------------------------------------------------------------
// ffmpeg-made files (tests that need them say so when ffmpeg is missing)

export const ffmpegTools = detectVideoTools(process.env.FFMPEG_PATH ?? 'ffmpeg');

async function withFfmpeg(args: (out: string) => string[], ext: string): Promise<Buffer> {
  const tools = await ffmpegTools;
  if (!tools) throw new Error('ffmpeg is not installed');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tumbleweed-media-'));
  try {
    const out = path.join(dir, `out.${ext}`);
    await exec(tools.ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args(out)]);
    return await fs.readFile(out);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** A 1-second MP3 tone with ID3 tags, made by ffmpeg. */
export const ffmpegMp3 = (tags: { title: string; artist: string; album: string }) =>
  withFfmpeg(
    (out) => ['-f', 'lavfi', '-i', 'sine=d=1', '-c:a', 'libmp3lame', '-metadata', `title=${tags.title}`, '-metadata', `artist=${tags.artist}`, '-metadata', `album=${tags.album}`, out],
    'mp3',
  );

/** A short H.264 MP4 with a test pattern and a tone. */
export const ffmpegMp4 = (width = 320, height = 240, seconds = 1) =>
  withFfmpeg(
    (out) => [
      '-f', 'lavfi', '-i', `testsrc=d=${seconds}:s=${width}x${height}`,
      '-f', 'lavfi', '-i', `sine=d=${seconds}`,
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', out,
    ],
    'mp4',
  );

// ---------------------------------------------------------------------------------------------
// Uploading

export interface UploadFile {
  data: Buffer;
  field?: string;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body: the fields, then the file (or the file first, with fieldsAfter). */
export function multipartBody(file: UploadFile, fields: Record<string, string> = {}, fieldsAfter = false) {
  const boundary = `----tumbleweed${Math.random().toString(16).slice(2)}`;
  const fieldParts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const filePart = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="${file.field ?? 'photo'}"; filename="${file.filename ?? 'upload.bin'}"\r\n` +
        `content-type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    file.data,
    Buffer.from('\r\n'),
  ]);
  const parts = fieldsAfter ? [filePart, ...fieldParts] : [...fieldParts, filePart];
  return { payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

export function upload(app: FastifyInstance, as: As, file: UploadFile, fields: Record<string, string> = {}, fieldsAfter = false) {
  const { payload, contentType } = multipartBody(file, fields, fieldsAfter);
  return app.inject({
    method: 'POST',
    url: '/svc/media/upload',
    payload,
    headers: {
      'content-type': contentType,
      ...(as.cookie ? { cookie: as.cookie } : {}),
      ...(as.formKey !== undefined ? { 'x-form-key': as.formKey } : {}),
    },
  });
}

/**
 * The address of an animated GIF `as` uploaded: what a GIF post needs to be found by GIF search
 * and sent in a message (only GIFs the site serves are, issue 22).
 */
export async function uploadedGifUrl(app: FastifyInstance, as: As): Promise<string> {
  const res = await upload(app, as, { data: await animatedGif(2), filename: 'moving.gif' });
  if (res.statusCode !== 200) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  return (res.json() as { response: { url: string }[] }).response[0]!.url;
}

/** Every file under a folder, as paths relative to it (what storage holds). */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name))).sort();
}
