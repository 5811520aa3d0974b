import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { NAME_QUARANTINE_DAYS } from '../../shared/leaving';
import { useDeleteBlog } from '../api/leaving';
import page from '../page/page.module.css';
import { ConfirmLeavingDialog } from './ConfirmLeavingDialog';
import styles from './leaving.module.css';
import { Button } from '../ui/Button';

/** /blog/{name}/settings: delete this blog (not the account's only one), confirmed in a dialog. */
export function DeleteBlogSection({ name, only }: { name: string; only: boolean }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const remove = useDeleteBlog(() => navigate('/dashboard', { replace: true }));
  return (
    <section className={`${page.card} ${styles.section}`} aria-labelledby="delete-blog-title">
      <h2 id="delete-blog-title" className={styles.sectionTitle}>
        Delete this blog
      </h2>
      {only ? (
        <p className={styles.text}>
          This is your only blog. Make another blog first, or delete your whole account from{' '}
          <Link to="/settings/account">account settings</Link>.
        </p>
      ) : (
        <>
          <p className={styles.text}>{name} and everything on it go for good; your other blogs stay.</p>
          <Button variant="danger" size="large" className={styles.button} onClick={() => setOpen(true)}>
            Delete this blog
          </Button>
        </>
      )}
      <ConfirmLeavingDialog
        open={open}
        title={`Delete ${name}?`}
        submitLabel="Delete this blog"
        mutation={remove}
        onClose={() => setOpen(false)}
        onConfirm={(input) => remove.mutate({ name, ...input })}
      >
        <p className={styles.text}>
          {name} leaves every page, list, search and conversation at once, and its posts, media and messages are removed for good.
          Its name stays held for {NAME_QUARANTINE_DAYS} days. This cannot be undone.
        </p>
      </ConfirmLeavingDialog>
    </section>
  );
}
