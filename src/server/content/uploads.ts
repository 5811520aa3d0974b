// The uploads a post's content refers to, looked up by the media area before the post is built
// (media/post-uploads.ts): content only reads them, so the types live here, below the areas.
import type { MediaSizeView, UploadedVideoFields } from '../../shared/posts/types';

export interface PhotoUpload {
  url: string;
  width: number;
  height: number;
  sizes: MediaSizeView[];
}

/** Spec 1 §3 Live photo: the short video of a photo item, by the item's id (o1, o2, ...). */
export interface LivePhotoUpload {
  url: string;
  /** Seconds; null when the server could not measure it (the client reads it from the video). */
  duration: number | null;
}

export interface AudioUpload {
  media_id: string;
  url: string;
  track_title: string;
  track_artist: string;
  track_album: string;
  album_art: string | null;
  duration: number | null;
}

export interface VideoUpload {
  mediaId: string;
  /** Converted already: the post can go out as asked. Otherwise it waits in state 'transcoding'. */
  ready: boolean;
  fields: UploadedVideoFields & { url: string };
}

export interface PostUploads {
  /** By the URL as sent in images[oN]. */
  photos: Map<string, PhotoUpload>;
  /** By photo id (`livephoto[oN]` names the video of `images[oN]`). */
  livephotos: Map<string, LivePhotoUpload>;
  audio: AudioUpload | null;
  video: VideoUpload | null;
}

export const NO_UPLOADS: PostUploads = { photos: new Map(), livephotos: new Map(), audio: null, video: null };
