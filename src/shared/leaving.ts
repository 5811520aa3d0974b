// Leaving with your data (issue 24): the export of an account and the deletion of a blog or an
// account. Limits, texts and payloads, shared by the server and the settings pages.
import { z } from 'zod';
import { text, tfaCodeField } from './account';

/** A deleted blog's name stays held this long, so nobody can pose as the blog that just left. */
export const NAME_QUARANTINE_DAYS = 30;
/** An export's link (and its file) lasts this long. */
export const EXPORT_LINK_DAYS = 7;

const confirmPassword = (missing: string) =>
  text('Your password', missing).min(1, missing).max(256, 'Your password can be at most 256 characters.');

/** The code is asked for only when two-factor login is on; the server says so when it is missing. */
export const deleteBlogSchema = z.object({
  password: confirmPassword('Enter your password to delete this blog.'),
  code: tfaCodeField('code').optional(),
});

export const deleteAccountSchema = z.object({
  password: confirmPassword('Enter your password to delete your account.'),
  code: tfaCodeField('code').optional(),
});

export type DataExportState = 'requested' | 'running' | 'ready' | 'failed';

export interface DataExportView {
  id: string;
  state: DataExportState;
  requested_at: string;
  /** Set while the file can be downloaded: the link (and the file) end then. */
  expires_at: string | null;
  /** Bytes of the ZIP, once ready. */
  size: number | null;
  /** Where this session downloads it (the emailed link works without logging in). */
  download_url: string | null;
}

export const dataExportViewSchema: z.ZodType<DataExportView> = z.object({
  id: z.string(),
  state: z.enum(['requested', 'running', 'ready', 'failed']),
  requested_at: z.string(),
  expires_at: z.string().nullable(),
  size: z.number().nullable(),
  download_url: z.string().nullable(),
});

export const dataExportAnswerSchema = z.object({ export: dataExportViewSchema.nullable() });
export type DataExportAnswer = z.infer<typeof dataExportAnswerSchema>;

export const deletedAnswerSchema = z.object({ deleted: z.literal(true), name: z.string().optional() });

export const EXPORT_TEXTS = {
  requested: 'We are making your export. We will email you a link when it is ready.',
  running: 'We are making your export. We will email you a link when it is ready.',
  ready: 'Your export is ready.',
  failed: 'Your export could not be made. Ask for a new one.',
} satisfies Record<DataExportState, string>;

export const TFA_CODE_NEEDED_TO_DELETE = 'Enter the code from your authenticator app: two-factor login is on.';
export const lastBlogRefusal = (name: string) =>
  `"${name}" is your only blog. Make another blog first, or delete your whole account.`;
export const nameQuarantined = (name: string, freeOn: string) =>
  `The blog name "${name}" belonged to a deleted blog and is held until ${freeOn}. Try another one.`;
export const EXPORT_ALREADY_RUNNING = 'Your export is already being made. We will email you a link when it is ready.';
