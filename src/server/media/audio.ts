// Audio files: their tags (title, artist, album), duration and embedded album art, read with
// music-metadata. The art goes through the image path like any uploaded image.
import { parseFile } from 'music-metadata';
import type { MediaSize } from '../db/tables/media';
import { brokenFile } from './formats';
import { processImage, type ImageLimits } from './images';
import type { MediaStorage } from './storage';

export interface AudioInfo {
  track_title: string;
  track_artist: string;
  track_album: string;
  /** Seconds, or null when the file does not say and cannot be measured. */
  duration: number | null;
  album_art_url: string | null;
  album_art_sizes: MediaSize[];
}

const tag = (value: string | undefined) => (value ?? '').replace(/\s+/g, ' ').trim().slice(0, 300);

export async function readAudio(
  storage: MediaStorage,
  file: string,
  /** sha256: the upload's, which the art's files are named by too, so who may fetch the track may fetch its art (access.ts). */
  options: { sha256: string; limits: ImageLimits; field: string; warn: (obj: object, msg: string) => void },
): Promise<AudioInfo> {
  // duration: true measures files whose headers do not say (an MP3 without a Xing frame).
  const metadata = await parseFile(file, { duration: true }).catch(() => {
    throw brokenFile('audio', options.field);
  });
  // A real audio stream says how it is sampled; a container with nothing playable inside does not.
  if (metadata.format.hasAudio === false || !metadata.format.sampleRate) throw brokenFile('audio', options.field);
  const { common, format } = metadata;
  let art: { url: string; sizes: MediaSize[] } | null = null;
  const picture = common.picture?.[0];
  if (picture && picture.data.length > 0) {
    const data = Buffer.from(picture.data);
    // Art that is not a readable image leaves the track without art; the track itself is fine.
    art = await processImage(storage, data, options.sha256, { ...options.limits, field: options.field }).then(
      (image) => ({ url: image.main.url, sizes: image.sizes }),
      (error: unknown) => {
        options.warn({ err: error }, 'album art could not be read');
        return null;
      },
    );
  }
  const duration = format.duration !== undefined && Number.isFinite(format.duration) ? Math.round(format.duration * 1000) / 1000 : null;
  return {
    track_title: tag(common.title),
    track_artist: tag(common.artist),
    track_album: tag(common.album),
    duration,
    album_art_url: art?.url ?? null,
    album_art_sizes: art?.sizes ?? [],
  };
}
