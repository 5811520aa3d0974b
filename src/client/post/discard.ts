// The discard confirm shared by every holder of the post form (modal, inline, the switch between two).
import { POST_MESSAGES } from '../../shared/posts/messages';
import { confirmDialog } from '../ui/dialogs';
import type { FormRequest } from '../posts/form-route';
import type { FormGuard } from '../posts/PostForm';

/** Asks before throwing away changes; true when the form may close. */
export async function mayDiscard(guard: FormGuard | null, mode: FormRequest['mode']): Promise<boolean> {
  if (guard?.busy) return false;
  if (!guard?.dirty) return true;
  const message = mode === 'edit' ? POST_MESSAGES.discardEdit : POST_MESSAGES.discardNew;
  return confirmDialog(message, { okLabel: 'Discard', cancelLabel: 'Nevermind' });
}
