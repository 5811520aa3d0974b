import { useState, type FormEvent, type ReactNode } from 'react';
import { Field } from '../ui/Field';
import { useTfaStatus } from '../api/account-settings';
import { ApiError } from '../api/client';
import type { LeavingConfirmation } from '../api/leaving';
import { Modal } from '../ui/Modal';
import styles from './leaving.module.css';
import { Button } from '../ui/Button';

interface ConfirmLeavingDialogProps {
  open: boolean;
  title: string;
  /** What will happen, in full, before the password is asked for. */
  children: ReactNode;
  submitLabel: string;
  /** The deletion's call: whether it is under way, its refusal, and a reset for the next try. */
  mutation: { isPending: boolean; error: unknown; reset: () => void };
  onConfirm: (input: LeavingConfirmation) => void;
  onClose: () => void;
}

/**
 * The question before a deletion: what it does, then the password (and the two-factor code when it
 * is on). Escape and Cancel close it; the first field takes the focus. The server's refusal shows on
 * its field, or above the fields when it names none (the last blog).
 */
export function ConfirmLeavingDialog({ open, title, children, submitLabel, mutation, onConfirm, onClose }: ConfirmLeavingDialogProps) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  // Two-factor login on: the code is asked for too.
  const tfaOn = Boolean(useTfaStatus().data?.enabled);
  const pending = mutation.isPending;
  const error = mutation.error instanceof ApiError ? mutation.error : null;
  const close = () => {
    setPassword('');
    setCode('');
    mutation.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm(tfaOn ? { password, code } : { password });
  };
  const general = error && !error.items.some((item) => item.field === 'password' || item.field === 'code') ? error.message : null;
  return (
    <Modal open={open} title={title} onClose={close}>
      <form className={styles.form} onSubmit={submit} noValidate>
        {children}
        {general && (
          <p role="alert" className={styles.alert}>
            {general}
          </p>
        )}
        <Field label="Your password" name="password" type="password" autoComplete="current-password" value={password}
          onChange={(e) => setPassword(e.target.value)} error={error?.forField('password')} required data-autofocus />
        {tfaOn && (
          <Field label="Code from your authenticator app" name="code" inputMode="numeric" autoComplete="one-time-code" value={code}
            onChange={(e) => setCode(e.target.value)} error={error?.forField('code')} hint="Or one of your recovery codes." required />
        )}
        <div className={styles.buttons}>
          <button type="button" className={styles.cancel} onClick={close}>
            Cancel
          </button>
          <Button type="submit" variant="danger" size="large" className={styles.button} disabled={pending}>
            {pending ? 'Deleting…' : submitLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
