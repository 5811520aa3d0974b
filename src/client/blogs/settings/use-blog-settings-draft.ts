import { useMemo, useState, type FormEvent } from 'react';
import type { BlogSettingsInput } from '../../../shared/blog-settings';
import type { Blog } from '../../../shared/types';
import { useSaveBlogSettings } from '../../api/blogs';
import { ApiError } from '../../api/client';

/**
 * One form over the blog settings call (the card settings, the asks and submissions): a draft made
 * from the saved blog, only what differs sent, and the draft made again from the server's answer.
 * `draftOf` and `changesOf` are module-level functions, so the saved draft is made once per blog.
 */
export function useBlogSettingsDraft<D>(blog: Blog, draftOf: (blog: Blog) => D, changesOf: (saved: D, draft: D) => BlogSettingsInput) {
  const saved = useMemo(() => draftOf(blog), [blog, draftOf]);
  const [draft, setDraft] = useState<D>(saved);
  const save = useSaveBlogSettings(blog.name);
  const set = <K extends keyof D>(key: K, value: D[K]) => {
    // A new edit clears the last answer: 'Saved.' and a refusal are about the draft that was sent.
    save.reset();
    setDraft((d) => ({ ...d, [key]: value }));
  };
  const changes = changesOf(saved, draft);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(changes, { onSuccess: (updated) => setDraft(draftOf(updated)) });
  };
  return {
    draft,
    set,
    dirty: Object.keys(changes).length > 0,
    error: save.error instanceof ApiError ? save.error : null,
    pending: save.isPending,
    saved: save.isSuccess,
    submit,
  };
}
