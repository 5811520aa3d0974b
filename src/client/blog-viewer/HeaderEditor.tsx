import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../api/client';
import type { BlogData } from '../api/blogs';
import styles from './BlogDrawer.module.css';
import { useSaveHeader } from './queries';

/**
 * The owner's header controls (spec 2 §7 "Save header"): the title and theme colours, saved as
 * {tumblelog_name_or_id, tumblelog} with the form key. The header image's dimension fields are
 * never sent; the image itself, the avatar and the description stay in the blog's settings.
 */
export function HeaderEditor({ blog }: { blog: BlogData }) {
  const [open, setOpen] = useState(false);
  const params = blog.global_theme_params;
  const [title, setTitle] = useState(blog.title);
  const [titleColor, setTitleColor] = useState(params.title_color);
  const [background, setBackground] = useState(params.background_color);
  const save = useSaveHeader(blog.name);
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { title, global_theme_params: { title_color: titleColor, background_color: background } },
      { onSuccess: () => setOpen(false) },
    );
  };

  if (!open) {
    return (
      <button type="button" className={styles.headerButton} onClick={() => setOpen(true)}>
        Edit header
      </button>
    );
  }
  const error = save.error instanceof ApiError ? save.error : null;
  return (
    <form className={styles.headerForm} onSubmit={submit} aria-label="Edit header">
      <label htmlFor={`${id}-title`}>Title</label>
      <input id={`${id}-title`} value={title} maxLength={200} onChange={(event) => setTitle(event.target.value)} />
      <label htmlFor={`${id}-tc`}>Title colour</label>
      <input id={`${id}-tc`} type="color" value={titleColor} onChange={(event) => setTitleColor(event.target.value.toUpperCase())} />
      <label htmlFor={`${id}-bg`}>Background colour</label>
      <input id={`${id}-bg`} type="color" value={background} onChange={(event) => setBackground(event.target.value.toUpperCase())} />
      {save.error && <p role="alert" className={styles.formError}>{error?.message ?? save.error.message}</p>}
      <div className={styles.formButtons}>
        <button type="button" className={styles.headerButton} onClick={() => setOpen(false)}>
          Cancel
        </button>
        <button type="submit" className={styles.headerButton} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}
