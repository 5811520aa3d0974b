import { z } from 'zod';
import { tagFollowSchema, taggedPageSchema } from '../../shared/answers/tags';
import { idText } from '../../shared/ids';
import { normalizeTag, TAG_MAX_LENGTH } from '../../shared/tags';
import { endpoint } from '../http/endpoint';
import { ErrorCode } from '../http/errors';
import { NO_CURSOR } from '../posts/queries';
import { followTag, taggedPosts, unfollowTag } from './service';

/** The tag of a path, as lists match it (no leading #, spaces collapsed, any case), or the 400 that says what is wrong. */
const tagParams = z.object({
  tag: z
    .string()
    .transform(normalizeTag)
    .pipe(z.string().min(1, 'Say which tag: the tag is empty.').max(TAG_MAX_LENGTH, `Tags are at most ${TAG_MAX_LENGTH} characters long.`)),
});
// The cursor is a post's feed position (publish_id): digits.
const pageQuery = z.object({
  before: idText('before', { missing: 'before must be text.', digits: 'The before cursor is not one this server gave out.' }).optional(),
});
const emptyBody = z.object({}).passthrough().optional();

export const tagEndpoints = [
  endpoint({
    method: 'GET',
    path: '/svc/tagged/:tag',
    area: 'tags',
    summary: "A page of a tag's public posts, newest first, and whether the viewer follows the tag; logged out too.",
    access: 'anyone',
    params: tagParams,
    query: pageQuery,
    answer: taggedPageSchema,
    paging: { cursor: 'before' },
    handle: ({ ctx, viewer, params, query }) => taggedPosts(ctx, viewer?.user.id ?? null, params.tag, query.before ?? NO_CURSOR),
  }),
  endpoint({
    method: 'POST',
    path: '/svc/tag/:tag/follow',
    area: 'tags',
    summary: "Follows a tag: its public posts join the viewer's dashboard. Twice changes nothing; at most 200 tags.",
    access: 'user',
    params: tagParams,
    body: emptyBody,
    answer: tagFollowSchema,
    errors: [ErrorCode.notAllowed],
    handle: ({ ctx, viewer, params }) => followTag(ctx, viewer.user.id, params.tag),
  }),
  endpoint({
    method: 'DELETE',
    path: '/svc/tag/:tag/follow',
    area: 'tags',
    summary: 'Unfollows a tag; one not followed: the same answer.',
    access: 'user',
    params: tagParams,
    body: emptyBody,
    answer: tagFollowSchema,
    handle: ({ ctx, viewer, params }) => unfollowTag(ctx, viewer.user.id, params.tag),
  }),
];
