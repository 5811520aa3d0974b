// ffmpeg and ffprobe, found once when the server starts. Without them video uploads are refused
// (links and embed codes still work), so a machine without ffmpeg runs everything else.
import { execFile } from 'node:child_process';
import path from 'node:path';

export interface VideoTools {
  ffmpeg: string;
  ffprobe: string;
}

export interface RunOptions {
  signal?: AbortSignal;
  /** A conversion that takes longer than this is stopped (and the job fails). */
  timeoutMs?: number;
}

/** Runs a tool and resolves with its stdout; rejects with the end of its stderr. */
export function run(command: string, args: string[], options: RunOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      { signal: options.signal, timeout: options.timeoutMs ?? 0, killSignal: 'SIGKILL', maxBuffer: 8 * 1024 * 1024, encoding: 'utf8' },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        const detail = stderr.trim().split('\n').slice(-3).join(' ').slice(0, 500);
        reject(Object.assign(new Error(`${path.basename(command)} failed: ${detail || error.message}`), { cause: error }));
      },
    );
  });
}

/** ffprobe sits next to ffmpeg (a path), or on the PATH too (a bare name). */
const ffprobeBeside = (ffmpeg: string) => (ffmpeg.includes(path.sep) ? path.join(path.dirname(ffmpeg), 'ffprobe') : 'ffprobe');

/** Both tools if both answer `-version`; null otherwise (or when configured off). */
export async function detectVideoTools(ffmpegPath: string | null): Promise<VideoTools | null> {
  if (!ffmpegPath) return null;
  const tools = { ffmpeg: ffmpegPath, ffprobe: ffprobeBeside(ffmpegPath) };
  try {
    await Promise.all([run(tools.ffmpeg, ['-version'], { timeoutMs: 10_000 }), run(tools.ffprobe, ['-version'], { timeoutMs: 10_000 })]);
    return tools;
  } catch {
    return null;
  }
}

export interface Probe {
  width: number;
  height: number;
  /** Seconds; null for a stream that does not say (live, broken). */
  duration: number | null;
  hasAudio: boolean;
}

interface FfprobeOutput {
  format?: { duration?: string };
  streams?: {
    codec_type?: string;
    width?: number;
    height?: number;
    duration?: string;
    tags?: { rotate?: string };
    side_data_list?: { rotation?: number }[];
  }[];
}

/** The first video stream's size as shown (a phone's quarter turn applied), and the duration. */
export async function probe(tools: VideoTools, file: string, options: RunOptions = {}): Promise<Probe | null> {
  let output: FfprobeOutput;
  try {
    output = JSON.parse(
      await run(tools.ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], { timeoutMs: 30_000, ...options }),
    ) as FfprobeOutput;
  } catch {
    return null;
  }
  const video = output.streams?.find((s) => s.codec_type === 'video' && s.width && s.height);
  if (!video) return null;
  const rotation = Math.abs(Number(video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? video.tags?.rotate ?? 0)) % 180;
  const [width, height] = rotation === 90 ? [video.height!, video.width!] : [video.width!, video.height!];
  const seconds = Number(output.format?.duration ?? video.duration);
  return {
    width,
    height,
    duration: Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) / 1000 : null,
    hasAudio: Boolean(output.streams?.some((s) => s.codec_type === 'audio')),
  };
}
