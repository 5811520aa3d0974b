import type { ComposerMode, SubmitState } from './composer';

/** The state menu's choices, in the order shown. */
export const STATE_CHOICES: { state: SubmitState; label: string }[] = [
  { state: 'published', label: 'Post now' },
  { state: 'queued', label: 'Add to queue' },
  { state: 'draft', label: 'Save as draft' },
  { state: 'private', label: 'Post privately' },
  { state: 'scheduled', label: 'Schedule' },
];

/**
 * The submit button follows the choice; posting now says Reblog on a reblog and Save on an edit,
 * but Answer on an ask and Publish on a submission from the inbox: that is what it does to them.
 */
export function submitLabel(mode: ComposerMode, state: SubmitState, fromInbox?: 'ask' | 'submission'): string {
  switch (state) {
    case 'published':
      if (fromInbox) return fromInbox === 'ask' ? 'Answer' : 'Publish';
      return mode === 'reblog' ? 'Reblog' : mode === 'edit' ? 'Save' : 'Post';
    case 'queued': return 'Queue';
    case 'draft': return 'Save draft';
    case 'private': return 'Post privately';
    case 'scheduled': return 'Schedule';
  }
}
