// Answer schemas of the account: registration, login, verification, and the account settings pages
// (password, email, sessions, two-factor, email preferences).
import { z } from 'zod';
import type { AccountSession, EmailPreferences, TfaSetup, TfaStatus } from '../account-settings';
import type { UserInfoResponse } from '../types';
import { userInfoResponseFields } from './user';

const flag = z.boolean();

/** The user info after a change that may email a verification link (registration, a new address). */
export const userInfoWithEmailSchema: z.ZodType<UserInfoResponse & { verification_email_sent: boolean }> = z.object({
  ...userInfoResponseFields,
  verification_email_sent: flag,
});

export const nothingSchema: z.ZodType<Record<string, never>> = z.object({});

export const sentSchema = z.object({ sent: z.literal(true) });

export const changedSchema = z.object({ changed: z.literal(true) });

const sessionSchema: z.ZodType<AccountSession> = z.object({
  id: z.string(),
  device: z.string(),
  address_hash: z.string(),
  last_used_at: z.string(),
  current: flag,
});

export const sessionsSchema = z.object({ sessions: z.array(sessionSchema) });

/** A session ended; `current`: it was the one asking, now logged out. */
export const sessionEndedSchema = z.object({ ended: z.literal(true), current: flag });

export const tfaStatusSchema: z.ZodType<TfaStatus> = z.object({ enabled: flag, recovery_codes_left: z.number() });

export const tfaSetupSchema: z.ZodType<TfaSetup> = z.object({ secret: z.string(), otpauth_uri: z.string(), qr_code: z.string() });

export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });

export const emailPreferencesAnswerSchema: z.ZodType<EmailPreferences> = z.object({ email_new_followers: flag, email_asks: flag, email_messages: flag });
