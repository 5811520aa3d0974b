import { useState } from 'react';
import { useNavigate } from 'react-router';
import { NAME_QUARANTINE_DAYS } from '../../shared/leaving';
import { useDeleteAccount } from '../api/leaving';
import page from '../page/page.module.css';
import { ConfirmLeavingDialog } from './ConfirmLeavingDialog';
import styles from './leaving.module.css';
import { Button } from '../ui/Button';

/** /settings/account: delete the account and every blog of it, confirmed in a dialog. */
export function DeleteAccountSection({ blogs }: { blogs: string[] }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const remove = useDeleteAccount(() => navigate('/login?account=deleted', { replace: true }));
  return (
    <section className={`${page.card} ${styles.section}`} aria-labelledby="delete-account-title">
      <h2 id="delete-account-title" className={styles.sectionTitle}>
        Delete account
      </h2>
      <p className={styles.text}>
        Your account and all its blogs go for good. Export your data first if you want to keep it.
      </p>
      <Button variant="danger" size="large" className={styles.button} onClick={() => setOpen(true)}>
        Delete account
      </Button>
      <ConfirmLeavingDialog
        open={open}
        title="Delete your account?"
        submitLabel="Delete my account"
        mutation={remove}
        onClose={() => setOpen(false)}
        onConfirm={(input) => remove.mutate(input)}
      >
        <p className={styles.text}>
          This deletes your account and its blogs ({blogs.join(', ')}). They leave every page, list, search and conversation at once,
          and their posts, media and messages are removed for good. You are logged out everywhere. The blog names stay held for{' '}
          {NAME_QUARANTINE_DAYS} days. This cannot be undone.
        </p>
      </ConfirmLeavingDialog>
    </section>
  );
}
