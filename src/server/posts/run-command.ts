// Runs the one command a save names: the save route and the demo's seeding, which both start
// from the post form's fields (payload.ts reads them into a command).
import type { AppContext } from '../context';
import type { Viewer } from '../http/session';
import type { PostCommand } from './commands';
import { createPost } from './create-post';
import { createReblog } from './create-reblog';
import { editPost } from './edit-post';
import type { SaveResult } from './save-steps';

export function runPostCommand(ctx: AppContext, viewer: Viewer, command: PostCommand): Promise<SaveResult> {
  switch (command.kind) {
    case 'create':
      return createPost(ctx, viewer, command.input);
    case 'reblog':
      return createReblog(ctx, viewer, command.input);
    case 'edit':
      return editPost(ctx, viewer, command.input);
  }
}
