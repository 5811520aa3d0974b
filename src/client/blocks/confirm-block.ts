import { confirmDialog } from '../ui/dialogs';

/** Spec 1 §8: the block-blog confirm says what a block prevents. */
export const blockBlogMessage = (name: string) =>
  `Block ${name}? They won’t be able to follow you, message you, find your posts in search, or interact with your posts (like, reblog, reply or mention you).`;

/** Asks before blocking a blog; resolves true for Block, false for Nevermind (or Escape). */
export const confirmBlockBlog = (name: string): Promise<boolean> =>
  confirmDialog(blockBlogMessage(name), { okLabel: 'Block', cancelLabel: 'Nevermind' });
