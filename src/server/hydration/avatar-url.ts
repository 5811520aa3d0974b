// A blog's avatar address names its picture: a changed avatar (or a blog name that passes to
// another blog) gets a new address, so every address can be cached for good.
import { createHash } from 'node:crypto';
import { avatarPath } from '../../shared/avatar';

export interface AvatarOwner {
  name: string;
  uuid: string;
  avatar_path: string | null;
}

/** The version of the picture a blog shows now: its own identity and its upload, if any. */
export const avatarVersion = (blog: Pick<AvatarOwner, 'uuid' | 'avatar_path'>) =>
  createHash('sha256').update(`${blog.uuid}:${blog.avatar_path ?? ''}`).digest('base64url').slice(0, 12);

/** The avatar's address at one size, with the version of the picture in it. */
export const avatarUrl = (publicUrl: string, blog: AvatarOwner, size: number) => publicUrl + avatarPath(blog.name, size, avatarVersion(blog));
