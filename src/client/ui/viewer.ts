import type { shouldPixelate } from './Avatar';

/** Who is reading: enough to know which avatars safe mode pixelates. Null when logged out. */
export type Viewer = Parameters<typeof shouldPixelate>[1];
