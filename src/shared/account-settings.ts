import { z } from 'zod';
import { emailField, text, tfaCodeField } from './account';
import { formFlag } from './form-flag';
import { LIMITS } from './constants';

/** One live session in the sessions list (/settings/apps). */
export interface AccountSession {
  /** The session's handle (a UUID): what DELETE /svc/account/sessions/{id} takes. */
  id: string;
  /** "Firefox on Linux", from the browser that logged in. */
  device: string;
  /** A short hash of the address it logged in from: equal hashes, same network. */
  address_hash: string;
  last_used_at: string;
  /** The session this list was asked from. */
  current: boolean;
}

export interface TfaStatus {
  enabled: boolean;
  recovery_codes_left: number;
}

export interface TfaSetup {
  /** Base32, for typing into an authenticator app by hand. */
  secret: string;
  otpauth_uri: string;
  /** The URI as a QR code: an SVG data URL, drawn by the server (no outside service sees the secret). */
  qr_code: string;
}

/** Which emails the user gets; each kind is batched and sent at most once an hour. */
export const EMAIL_KINDS = ['new_followers', 'asks', 'messages'] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];
export type EmailPreferences = Record<`email_${EmailKind}`, boolean>;

const password = (label: string, missing: string) =>
  text(label, missing).min(1, missing).max(256, `${label} can be at most 256 characters.`);

/** A new password, as the password page and the forgot-password page take it. */
export const newPassword = text('The new password', 'Choose a new password.')
  .min(LIMITS.password_min_length, `Your new password must be at least ${LIMITS.password_min_length} characters.`)
  .max(256, 'Your new password can be at most 256 characters.');

export const changePasswordSchema = z.object({
  current_password: password('Your current password', 'Enter your current password.'),
  new_password: newPassword,
});

export const changeEmailSchema = z.object({
  email: emailField,
  password: password('Your password', 'Enter your password to change your email address.'),
});

export const tfaEnableSchema = z.object({ code: tfaCodeField('code') });

export const tfaDisableSchema = z.object({
  password: password('Your password', 'Enter your password to turn two-factor off.'),
  code: tfaCodeField('code'),
});

export const emailPreferencesSchema = z
  .object({
    email_new_followers: formFlag('email_new_followers').optional(),
    email_asks: formFlag('email_asks').optional(),
    email_messages: formFlag('email_messages').optional(),
  })
  .refine((s) => Object.values(s).some((v) => v !== undefined), {
    message: 'Send at least one setting to change: email_new_followers, email_asks or email_messages.',
  });
