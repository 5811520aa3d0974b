// Spec 1 §9 (Video, Live photo) and §8 (video media errors): the players' constants, to the letter.

/** Spec 1 §9 Video. */
export const VIDEO = {
  /** A video of this many seconds or fewer does not loop and does not autoplay. */
  minLoopDuration: 1,
  hdSwitchDelayMs: 300,
  timeUpdatePollMs: 150,
  bufferingPollMs: 100,
  /** A wait shorter than this is not logged as a 'waiting' event. */
  waitingLogMinMs: 2000,
  /** A jump of the position shorter than this counts toward the time watched; a longer one is a seek. */
  seekJumpElapsedS: 0.3,
  defaultVolume: 0.8,
  preloadThreshold: 10,
  /** Autoplay when the player is this far inside the viewport (a negative margin). */
  autoplayViewportOffset: -100,
  filmstripFrames: 10,
} as const;

/** Issue 15: the viewport check of videos and carousels runs at most every 500 ms while scrolling. */
export const VIEWPORT_CHECK_THROTTLE_MS = 500;

/** Spec 1 §9 Live photo. */
export const LIVE_PHOTO = {
  postRollMs: 375,
  deactivateMs: 500,
  previewMs: 500,
  /** The still frame sits at this fraction of the duration unless the post says otherwise. */
  stillTimeFraction: 0.5,
  holdToPlayGuardMs: 750,
} as const;

/** A live photo's video is a moment, not a film: longer clips belong in a video post. */
export const LIVE_PHOTO_MAX_SECONDS = 10;

export const LIVE_PHOTO_MESSAGES = {
  notUploaded: (id: string) => `Live photo ${id} must be the address of a video you uploaded here (a short clip, MOV or MP4).`,
  tooLong: (id: string) => `Live photo ${id} is longer than ${LIVE_PHOTO_MAX_SECONDS} seconds: choose a shorter clip, or post it as a video.`,
} as const;

/** Spec 1 §8: what a MediaError code means; anything else is 'custom'. */
export const MEDIA_ERROR_NAMES: Readonly<Record<number, string>> = {
  1: 'aborted',
  2: 'network',
  3: 'decode',
  4: 'source not supported',
  5: 'encrypted',
};

export const mediaErrorName = (code: number | null | undefined) => (code != null && MEDIA_ERROR_NAMES[code]) || 'custom';

/** Spec 1 §7: the video events published inside the client (the logging issue sends them on). */
export const VIDEO_EVENTS = [
  'play',
  'auto_play',
  'pause',
  'loop',
  'end',
  'restart',
  'fullscreen',
  'mute',
  'unmute',
  'scrub_start',
  'scrub_stop',
  'resolutionchange',
  'waiting',
  'initialLoad',
  'failed',
  'timeupdate',
] as const;

export type VideoEventName = (typeof VIDEO_EVENTS)[number];

/** Spec 1 §7: the payload of every video event. */
export interface VideoEventPayload {
  post_id: string;
  root_post_id: string;
  blog_uuid: string;
  platform: 'web';
  /** Spec 1 §4: 'replay' when the duration is finite, else 'live'. */
  type: 'replay' | 'live';
  duration: number | null;
  /** Seconds actually watched since the player loaded. */
  time_elapsed: number;
  position: number;
  /** Who serves the file: our own uploads. */
  vendor: string;
  /** For 'failed': the media error's code and name (spec 1 §8). */
  code?: number;
  name?: string;
}

/** The vendor named in video events for a video uploaded here. */
export const VIDEO_VENDOR = 'tumbleweed';

/** Spec 1 §7, §9: get_video_data is asked once more after 2000 ms when it has no thumbnail yet. */
export const VIDEO_DATA_RETRY_MS = 2000;

/** POST /svc/post/get_video_data (docs/api.md): what a player or a preview needs of a video. */
export interface VideoDataAnswer {
  embed_url: string;
  embed_width: number;
  embed_height: number;
  thumbnail: string | null;
  hd_url?: string | null;
  duration?: number | null;
  filmstrip?: { width: number; height: number; url: string } | null;
  /** Uploaded videos only: where the conversion is; with 'failed', `error` says why. */
  state?: 'processing' | 'ready' | 'failed';
  error?: string;
}

/** Spec 1 §7: the name of the conversion log of a video played in our HTML5 player. */
export const CONVERSION_ACTION_HTML5_VIDEO = 'CONVERSION_ACTION_HTML5_VIDEO';
/** The player named in the conversion log. */
export const PLAYER = { player: 'tumbleweed-html5', player_version: '1' } as const;
