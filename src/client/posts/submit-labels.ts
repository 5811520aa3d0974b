import type { ComposerMode, SubmitState } from './composer';

/** The state menu's choices, in the order shown. */
export const STATE_CHOICES: { state: SubmitState; label: string }[] = [
  { state: 'published', label: 'Post now' },
  { state: 'queued', label: 'Add to queue' },
  { state: 'draft', label: 'Save as draft' },
  { state: 'private', label: 'Post privately' },
  { state: 'scheduled', label: 'Schedule' },
];

/** The submit button follows the choice; posting now says Reblog on a reblog and Save on an edit. */
export function submitLabel(mode: ComposerMode, state: SubmitState): string {
  switch (state) {
    case 'published': return mode === 'reblog' ? 'Reblog' : mode === 'edit' ? 'Save' : 'Post';
    case 'queued': return 'Queue';
    case 'draft': return 'Save draft';
    case 'private': return 'Post privately';
    case 'scheduled': return 'Schedule';
  }
}
