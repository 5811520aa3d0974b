import { DEFAULT_AVATAR_SIZE } from './constants';

/**
 * Where a blog's avatar lives at one of the spec's sizes (relative to the site). `version` names
 * the picture (the server puts it in every avatar URL it gives): with it the address is cached for
 * good, since a changed picture gets a new one.
 */
export const avatarPath = (blogName: string, size: number = DEFAULT_AVATAR_SIZE, version?: string) =>
  `/svc/avatar/${blogName}/${size}${version ? `?v=${encodeURIComponent(version)}` : ''}`;

/** The version in an avatar URL the server gave, to ask for other sizes of the same picture. */
export function avatarVersionOf(url: string | null | undefined): string | undefined {
  return /[?&]v=([A-Za-z0-9_-]+)/.exec(url ?? '')?.[1];
}
