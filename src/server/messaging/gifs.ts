// GIF messages (spec 2 §3 GIF selection): a GIF picked from the GIF search is sent as an IMAGE
// message that names its post (postId and postBlogUuid are required) and the GIF's address with
// its width swapped to 250. The address must be one of that post's own GIF sizes, so a message
// cannot carry an arbitrary address, nor a file of a post its sender may not see; and a file the
// site itself serves (issue 22): a photo post may link a GIF from anywhere, and a message showing
// it would make the recipient's browser fetch that address whenever the conversation shows, a
// read receipt and IP beacon for whoever runs it.
import type { MessageImageView, SendInput } from '../../shared/messaging/api';
import type { PhotoView } from '../../shared/posts/types';
import type { AppContext } from '../context';
import { AppError, ErrorCode, invalidField } from '../http/errors';
import type { Viewer } from '../http/session';
import { isSiteMedia } from '../media/urls';
import { isGifPhoto } from '../search/gif-views';
import { visiblePost } from '../rules/posts';

/** Spec 2 §3: a GIF in a message is shown 250 wide. */
export const GIF_MESSAGE_WIDTH = 250;

const notThisGif = () => invalidField('image_url', 'That GIF is not in this post: send image_url from the GIF search result.');
const notHostedGif = () => invalidField('image_url', 'That GIF is linked from another site, so it cannot be sent in a message: pick a GIF uploaded here.');

export async function gifMessage(ctx: AppContext, viewer: Viewer, input: SendInput): Promise<{ postId: string; postBlogId: string; image: MessageImageView }> {
  if (input['post[id]'] === undefined) throw invalidField('post[id]', 'Say which post the GIF comes from: post[id] is missing.');
  if (input['post[blog_uuid]'] === undefined) throw invalidField('post[blog_uuid]', "Say whose post the GIF comes from: post[blog_uuid] is missing.");
  if (input.image_url === undefined) throw invalidField('image_url', 'Say which GIF to send: image_url is missing.');
  const seen = await visiblePost(ctx.db, viewer, input['post[id]']);
  // Only what the GIF search finds may be sent: a public post (its files are public too).
  if (seen.blog.uuid !== input['post[blog_uuid]'] || !seen.isPublic) {
    throw new AppError(404, ErrorCode.notFound, 'There is no such post, or it is not yours to see.');
  }
  const photos = ((seen.post.content as { photos?: PhotoView[] }).photos ?? []).filter((photo) => isGifPhoto(photo));
  for (const photo of photos) {
    // A linked GIF may not know its size: null then, never a guess.
    const sizes = [...(photo.sizes ?? []), ...(photo.sizes?.some((size) => size.url === photo.url) ? [] : [{ url: photo.url, width: photo.width, height: photo.height }])];
    const picked = sizes.find((size) => size.url === input.image_url);
    if (!picked) continue;
    const ours = sizes.filter((size) => isSiteMedia(size.url, ctx.config.publicUrl));
    if (!ours.includes(picked)) throw notHostedGif();
    const alt = [...ours].sort((a, b) => (b.width ?? 0) - (a.width ?? 0));
    return { postId: seen.post.id, postBlogId: seen.blog.id, image: { original_size: { url: picked.url, width: picked.width, height: picked.height }, alt_sizes: alt } };
  }
  throw notThisGif();
}
