import { DEFAULT_AVATAR_SIZE } from './constants';

/** Where a blog's avatar lives at one of the spec's sizes (relative to the site). */
export const avatarPath = (blogName: string, size: number = DEFAULT_AVATAR_SIZE) => `/svc/avatar/${blogName}/${size}`;
