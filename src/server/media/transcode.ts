// What a video job makes from an uploaded video: a poster frame, a filmstrip of 10 frames side by
// side (spec 1 §9 Video), an H.264 MP4 that starts playing before it has all loaded, and an HD
// rendition when the source is above 720p (the main one is then 720p).
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { MediaMeta, MediaSize } from '../db/tables/media';
import { run, type Probe, type RunOptions, type VideoTools } from './ffmpeg';
import { mediaKey, type MediaStorage } from './storage';

export const FILMSTRIP_FRAMES = 10;
const FILMSTRIP_FRAME_WIDTH = 160;
const SD_SHORT_SIDE = 720;
const HD_SHORT_SIDE = 1080;

const QUIET = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'];
const H264 = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart'];

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/** The size a rendition with this short side has, never larger than the source; even, as H.264 wants. */
export function fitShortSide(probe: Pick<Probe, 'width' | 'height'>, shortSide: number): { width: number; height: number } {
  const scale = Math.min(1, shortSide / Math.min(probe.width, probe.height));
  return { width: even(probe.width * scale), height: even(probe.height * scale) };
}

export type VideoOutputs = Required<Pick<MediaMeta, 'poster_url' | 'filmstrip' | 'duration' | 'mp4_url' | 'hd_url'>> & { width: number; height: number };

/** Seconds into the video for each filmstrip frame: the middle of each tenth. */
export const filmstripTimes = (duration: number | null) =>
  Array.from({ length: FILMSTRIP_FRAMES }, (_, i) => (duration ? (duration * (i + 0.5)) / FILMSTRIP_FRAMES : 0));

async function mp4(tools: VideoTools, input: string, output: string, size: { width: number; height: number }, options: RunOptions) {
  // -map 0:a:0? keeps the first audio track when there is one; the -vf size is what was worked out from the probe.
  await run(tools.ffmpeg, [...QUIET, '-i', input, '-map', '0:v:0', '-map', '0:a:0?', '-vf', `scale=${size.width}:${size.height}`, ...H264, '-f', 'mp4', output], options);
}

async function filmstrip(tools: VideoTools, input: string, output: string, duration: number | null, options: RunOptions): Promise<MediaSize & { file: string }> {
  const inputs = filmstripTimes(duration).flatMap((t) => ['-ss', t.toFixed(3), '-i', input]);
  const scaled = filmstripTimes(duration).map((_, i) => `[${i}:v:0]scale=${FILMSTRIP_FRAME_WIDTH}:-2,setsar=1[f${i}]`);
  const stack = `${scaled.map((_, i) => `[f${i}]`).join('')}hstack=inputs=${FILMSTRIP_FRAMES}[strip]`;
  await run(tools.ffmpeg, [...QUIET, ...inputs, '-filter_complex', `${scaled.join(';')};${stack}`, '-map', '[strip]', '-frames:v', '1', '-q:v', '4', output], options);
  const { width, height } = await sharp(output).metadata();
  return { file: output, width: width!, height: height!, url: '' };
}

/**
 * Converts `input` (the uploaded file, on this machine) in `workDir`, stores the results under keys
 * made from the upload's sha256, and says where they are.
 */
export async function convertVideo(
  tools: VideoTools,
  storage: MediaStorage,
  input: string,
  sha256: string,
  probe: Probe,
  workDir: string,
  options: RunOptions = {},
): Promise<VideoOutputs> {
  await fs.mkdir(workDir, { recursive: true });
  const at = (name: string) => path.join(workDir, name);
  const posterAt = probe.duration ? Math.min(1, probe.duration / 2) : 0;
  await run(tools.ffmpeg, [...QUIET, '-ss', posterAt.toFixed(3), '-i', input, '-frames:v', '1', '-vf', `scale=${fitShortSide(probe, SD_SHORT_SIDE).width}:-2`, '-q:v', '3', at('poster.jpg')], options);
  const strip = await filmstrip(tools, input, at('filmstrip.jpg'), probe.duration, options);
  const sd = fitShortSide(probe, SD_SHORT_SIDE);
  await mp4(tools, input, at('sd.mp4'), sd, options);
  const hasHd = Math.min(probe.width, probe.height) > SD_SHORT_SIDE;
  if (hasHd) await mp4(tools, input, at('hd.mp4'), fitShortSide(probe, HD_SHORT_SIDE), options);

  const store = async (file: string, label: string, ext: string, type: string) => {
    const key = mediaKey(sha256, label, ext);
    await storage.put(key, { file: at(file) }, type);
    return storage.url(key);
  };
  return {
    poster_url: await store('poster.jpg', 'poster', 'jpg', 'image/jpeg'),
    filmstrip: { width: strip.width, height: strip.height, url: await store('filmstrip.jpg', 'filmstrip', 'jpg', 'image/jpeg') },
    duration: probe.duration,
    mp4_url: await store('sd.mp4', 'sd', 'mp4', 'video/mp4'),
    hd_url: hasHd ? await store('hd.mp4', 'hd', 'mp4', 'video/mp4') : null,
    ...sd,
  };
}
