import { useState, type FormEvent } from 'react';
import { useQueueSettings, useSaveQueueSettings, type QueueSettings } from '../api/queue';
import styles from './QueueSettingsForm.module.css';
import { Button } from '../ui/Button';
import { Select } from '../ui/Select';

const hours = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** How the queue publishes: posts per day, spread between two hours (UTC). */
export function QueueSettingsForm({ blog }: { blog: string }) {
  const settings = useQueueSettings(blog);
  if (settings.isPending) return <p className={styles.muted} role="status">Loading the queue settings…</p>;
  if (settings.isError) return null;
  return <SettingsFields key={JSON.stringify(settings.data)} blog={blog} saved={settings.data} />;
}

function SettingsFields({ blog, saved }: { blog: string; saved: QueueSettings }) {
  const save = useSaveQueueSettings(blog);
  const [draft, setDraft] = useState({ posts_per_day: saved.posts_per_day, start_hour: saved.start_hour, end_hour: saved.end_hour });
  const changed = draft.posts_per_day !== saved.posts_per_day || draft.start_hour !== saved.start_hour || draft.end_hour !== saved.end_hour;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(draft);
  };
  return (
    <form className={styles.form} onSubmit={submit} aria-label="Queue settings">
      <label>
        Publish
        <input
          type="number"
          min={1}
          max={50}
          value={draft.posts_per_day}
          onChange={(e) => setDraft({ ...draft, posts_per_day: Number(e.currentTarget.value) })}
        />
        posts a day
      </label>
      <label>
        between
        <Select value={draft.start_hour} onChange={(e) => setDraft({ ...draft, start_hour: Number(e.currentTarget.value) })}>
          {hours(0, 23).map((h) => <option key={h} value={h}>{hourLabel(h)}</option>)}
        </Select>
      </label>
      <label>
        and
        <Select value={draft.end_hour} onChange={(e) => setDraft({ ...draft, end_hour: Number(e.currentTarget.value) })}>
          {hours(1, 24).map((h) => <option key={h} value={h}>{hourLabel(h)}</option>)}
        </Select>
        UTC
      </label>
      <Button type="submit" variant="primary" size="small" disabled={!changed || save.isPending}>
        {save.isPending ? 'Saving…' : 'Save'}
      </Button>
      <p role="status" className={save.isError ? styles.error : styles.muted}>
        {save.isError
          ? save.error.message
          : saved.next_publish_at
            ? `Next post goes out ${new Date(saved.next_publish_at).toLocaleString()}.`
            : 'Nothing is waiting in the queue.'}
      </p>
    </form>
  );
}
