import { useState, type FormEvent } from 'react';
import { blogNameProblem } from '../../shared/blog-name';
import { ApiError } from '../api/client';
import { useCreateBlog } from '../api/user';
import styles from './NewBlogForm.module.css';
import { Button } from '../ui/Button';

/** "New blog": a name (checked as it is typed) and an optional title. */
export function NewBlogForm() {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [title, setTitle] = useState('');
  const create = useCreateBlog();
  const problem = name ? blogNameProblem(name) : null;
  const serverError = create.error instanceof ApiError ? create.error : null;

  if (!open) {
    return (
      <Button variant="link" className={styles.add} onClick={() => setOpen(true)}>
        + New blog
      </Button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem || !name) return;
    create.mutate(
      { name, title: title || undefined },
      {
        onSuccess: () => {
          setName('');
          setTitle('');
          setOpen(false);
        },
      },
    );
  };
  const nameError = problem ?? serverError?.forField('name') ?? serverError?.forField('blog_name');
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="New blog">
      <label className={styles.field}>
        <span>Blog name</span>
        <input
          value={name}
          onChange={(e) => setName(e.target.value.toLowerCase())}
          autoFocus
          maxLength={32}
          aria-invalid={Boolean(nameError)}
          aria-describedby="new-blog-name-error"
          autoComplete="off"
        />
      </label>
      <label className={styles.field}>
        <span>Title (optional)</span>
        <input value={title} onChange={(e) => setTitle(e.target.value)} maxLength={100} />
      </label>
      <p id="new-blog-name-error" role="alert" className={styles.error}>
        {nameError ?? (serverError && !serverError.items.some((i) => i.field) ? serverError.message : '')}
      </p>
      <div className={styles.buttons}>
        <Button variant="secondary" size="small" onClick={() => setOpen(false)}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" size="small" disabled={!name || Boolean(problem) || create.isPending}>
          {create.isPending ? 'Creating…' : 'Create blog'}
        </Button>
      </div>
    </form>
  );
}
