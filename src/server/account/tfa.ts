import { randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import QRCode from 'qrcode';
import type { TfaSetup, TfaStatus } from '../../shared/account-settings';
import { SITE_NAME } from '../../shared/constants';
import type { Db } from '../db/schema';
import { AppError, ErrorCode, conflict, invalidField } from '../http/errors';
import { hashToken } from '../http/tokens';

const RECOVERY_CODES = 10;
const TOTP = /^\d{6}$/;

const WRONG_CODE = 'That code is not right. Enter the current 6-digit code from your authenticator app, or one of your recovery codes.';
const NEED_CODE = 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.';

/** A wrong code on the settings page: a 400 on its field. */
export const wrongTfaCode = () => invalidField('code', WRONG_CODE);

/**
 * Login with two-factor on: 401 with code 4011 while the code is missing or wrong, so the client
 * keeps asking for it and sends the login again with tfa_code.
 */
export const tfaCodeNeeded = (wrong: boolean) => {
  const message = wrong ? WRONG_CODE : NEED_CODE;
  return new AppError(401, ErrorCode.tfaRequired, message, [{ code: ErrorCode.tfaRequired, title: message, field: 'tfa_code' }]);
};

const recoveryHash = (code: string) => hashToken(`recovery:${code}`);

export async function tfaStatus(db: Db, userId: string): Promise<TfaStatus> {
  const [user, codes] = await Promise.all([
    db.selectFrom('users').select('tfa_secret').where('id', '=', userId).executeTakeFirstOrThrow(),
    db.selectFrom('tfa_recovery_codes').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow(),
  ]);
  return { enabled: user.tfa_secret !== null, recovery_codes_left: Number(codes.n) };
}

/** A new secret to enrol, kept aside until a code from it proves the app has it. */
export async function setupTfa(db: Db, user: { id: string; email: string }): Promise<TfaSetup> {
  const secret = generateSecret();
  const changed = await db
    .updateTable('users')
    .set({ tfa_pending_secret: secret })
    .where('id', '=', user.id)
    .where('tfa_secret', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!changed) throw tfaAlreadyOn();
  const uri = generateURI({ issuer: SITE_NAME, label: user.email, secret });
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return { secret, otpauth_uri: uri, qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

export const tfaAlreadyOff = () => conflict(ErrorCode.notAllowed, 'code', 'Two-factor login is already off.');

const tfaAlreadyOn = () => conflict(ErrorCode.notAllowed, 'code', 'Two-factor login is already on. Turn it off first to enrol another app.');

/** The time step a 6-digit code is good for (one step either side, for clocks that drift), or null. */
async function totpStep(secret: string, code: string, afterStep: string | null): Promise<number | null> {
  if (!TOTP.test(code)) return null;
  const result = await verifyTotp({
    secret,
    token: code,
    epochTolerance: 30,
    ...(afterStep !== null ? { afterTimeStep: Number(afterStep) } : {}),
  }).catch(() => ({ valid: false as const }));
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/**
 * Turns two-factor on with a code from the secret that setup gave, and answers the recovery codes
 * (shown once: only their hashes are kept). Other sessions stay: they were made with the password.
 */
export async function enableTfa(db: Db, userId: string, code: string): Promise<string[]> {
  const user = await db.selectFrom('users').select(['tfa_secret', 'tfa_pending_secret']).where('id', '=', userId).executeTakeFirstOrThrow();
  if (user.tfa_secret) throw tfaAlreadyOn();
  if (!user.tfa_pending_secret) {
    throw new AppError(409, ErrorCode.notAllowed, 'Start the setup first: it shows the QR code to scan.');
  }
  const step = await totpStep(user.tfa_pending_secret, code, null);
  if (step === null) throw wrongTfaCode();
  const codes = Array.from({ length: RECOVERY_CODES }, () => randomBytes(5).toString('hex'));
  await db.transaction().execute(async (trx) => {
    // Only from the secret that was checked: a setup run in between (another tab) changes it.
    const on = await trx
      .updateTable('users')
      .set({ tfa_secret: user.tfa_pending_secret, tfa_pending_secret: null, tfa_last_step: String(step) })
      .where('id', '=', userId)
      .where('tfa_secret', 'is', null)
      .where('tfa_pending_secret', '=', user.tfa_pending_secret)
      .returning('id')
      .executeTakeFirst();
    if (!on) throw tfaAlreadyOn();
    await trx.deleteFrom('tfa_recovery_codes').where('user_id', '=', userId).execute();
    await trx
      .insertInto('tfa_recovery_codes')
      .values(codes.map((c) => ({ user_id: userId, code_hash: recoveryHash(c) })))
      .execute();
  });
  return codes.map((c) => `${c.slice(0, 5)}-${c.slice(5)}`);
}

/**
 * Whether the code is the user's current TOTP code or one of their unused recovery codes, spending
 * it either way: a TOTP step is good once (the newest used step is stored, compared and set in one
 * update), a recovery code is deleted. Two requests with the same code: one wins.
 */
export async function spendTfaCode(db: Db, userId: string, code: string): Promise<boolean> {
  const user = await db.selectFrom('users').select(['tfa_secret', 'tfa_last_step']).where('id', '=', userId).executeTakeFirstOrThrow();
  if (!user.tfa_secret) return false;
  const step = await totpStep(user.tfa_secret, code, user.tfa_last_step);
  if (step !== null) {
    const taken = await db
      .updateTable('users')
      .set({ tfa_last_step: String(step) })
      .where('id', '=', userId)
      .where((eb) => eb.or([eb('tfa_last_step', 'is', null), eb('tfa_last_step', '<', String(step))]))
      .returning('id')
      .executeTakeFirst();
    return taken !== undefined;
  }
  if (!/^[0-9a-f]{10}$/.test(code)) return false;
  const used = await db
    .deleteFrom('tfa_recovery_codes')
    .where('user_id', '=', userId)
    .where('code_hash', '=', recoveryHash(code))
    .returning('user_id')
    .executeTakeFirst();
  return used !== undefined;
}

export async function disableTfa(db: Db, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ tfa_secret: null, tfa_pending_secret: null, tfa_last_step: null }).where('id', '=', userId).execute();
    await trx.deleteFrom('tfa_recovery_codes').where('user_id', '=', userId).execute();
  });
}
