import type { ColumnType, Selectable } from 'kysely';

export type MediaKind = 'image' | 'audio' | 'video';

/** One stored rendition of an image: a size the client can pick. */
export interface MediaSize {
  width: number;
  height: number;
  url: string;
}

/** Kind-specific facts about an upload; every field is optional so rows of each kind share the type. */
export interface MediaMeta {
  /** The file people get: an image's main size, the audio or video as uploaded. */
  url?: string;
  orig_width?: number;
  orig_height?: number;
  /** Frames of an animated GIF or WebP. */
  frames?: number;
  track_title?: string;
  track_artist?: string;
  track_album?: string;
  album_art_url?: string | null;
  album_art_sizes?: MediaSize[];
  /** Seconds. */
  duration?: number | null;
  poster_url?: string;
  filmstrip?: MediaSize;
  mp4_url?: string;
  hd_url?: string | null;
}

type Json<T> = ColumnType<T, string | undefined, string>;

/** An uploaded file of a user, keyed by the sha256 of its bytes. */
export interface MediaTable {
  id: ColumnType<string, string | undefined, never>;
  user_id: string;
  kind: MediaKind;
  sha256: string;
  mime: string;
  /** bigint: node-postgres and PGlite both give it back as text. */
  bytes: ColumnType<string, number, number>;
  width: number | null;
  height: number | null;
  sizes: Json<MediaSize[]>;
  meta: Json<MediaMeta>;
  created_at: ColumnType<Date, never, never>;
}
export type MediaRow = Selectable<MediaTable>;
