// Spec 2 §2, §5, §6 "Message controls": Delete is always offered; Block and Report only for
// another person's message: a known sender, with no colon in it, that is not one of the viewer's blogs.
export const TEXT_MESSAGE_DELETE_CONFIRM = 'Are you sure you want to delete this?';

export function canBlockOrReport(sender: string | null | undefined, ownNames: readonly string[]): boolean {
  return Boolean(sender) && !sender!.includes(':') && !ownNames.includes(sender!);
}
