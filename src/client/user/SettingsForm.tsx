import { EDITOR_TYPES, type EditorType } from '../../shared/constants';
import type { UserInfoResponse } from '../../shared/types';
import { useUpdateSettings } from '../api/user';
import styles from './SettingsForm.module.css';

const EDITOR_LABELS: Record<EditorType, string> = { rich: 'Rich text', html: 'HTML', markdown: 'Markdown' };

/** Safe mode, sounds and the default editor; each change is saved as it is made. */
export function SettingsForm({ info, compact = false }: { info: UserInfoResponse; compact?: boolean }) {
  const update = useUpdateSettings();
  const { user } = info;
  return (
    <div className={`${styles.form} ${compact ? styles.compact : ''}`}>
      <label className={styles.row}>
        <span>
          Safe mode
          {!compact && <small>Hide adult content: adult blogs’ avatars are pixelated.</small>}
        </span>
        <input
          type="checkbox"
          role="switch"
          checked={user.safe_mode}
          onChange={(e) => update.mutate({ safe_mode: e.target.checked })}
        />
      </label>
      <label className={styles.row}>
        <span>
          Sounds
          {!compact && <small>Play sounds for messages and notifications.</small>}
        </span>
        <input
          type="checkbox"
          role="switch"
          checked={user.is_sounds_enabled}
          onChange={(e) => update.mutate({ is_sounds_enabled: e.target.checked })}
        />
      </label>
      <label className={styles.row}>
        <span>
          Default editor
          {!compact && <small>The editor new posts open in.</small>}
        </span>
        <select
          value={user.defaultEditorType}
          onChange={(e) => update.mutate({ default_editor_type: e.target.value as EditorType })}
        >
          {EDITOR_TYPES.map((type) => (
            <option key={type} value={type}>
              {EDITOR_LABELS[type]}
            </option>
          ))}
        </select>
      </label>
      <p role="status" className={update.isError ? styles.error : styles.status}>
        {update.isError ? update.error.message : update.isSuccess ? 'Saved.' : ''}
      </p>
    </div>
  );
}
