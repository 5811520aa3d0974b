import { useEffect, useState } from 'react';
import { EDITOR_TYPES, PALETTES, type EditorType, type Palette } from '../../shared/constants';
import { applyPalette } from '../ui/palette';
import type { UserInfoResponse } from '../../shared/types';
import { useUpdateSettings, type SettingsChange } from '../api/user';
import { askPermission, notificationsSupported } from '../messaging/desktop-notifications';
import styles from './SettingsForm.module.css';
import { Select } from '../ui/Select';

const EDITOR_LABELS: Record<EditorType, string> = { rich: 'Rich text', html: 'HTML', markdown: 'Markdown' };
const PALETTE_LABELS: Record<Palette, string> = { system: 'System', navy: 'Classic navy', light: 'Light', dark: 'Dark' };

type SettingName = 'safe_mode' | 'sounds' | 'desktop' | 'multi_window' | 'alt_text_reminder' | 'editor' | 'palette';

/** Safe mode, sounds, desktop notifications, several conversation windows, the alt-text reminder and the default editor (or `only` some of them); each change is saved as it is made. */
export function SettingsForm({ info, compact = false, only }: { info: UserInfoResponse; compact?: boolean; only?: SettingName[] }) {
  const shows = (name: SettingName) => !only || only.includes(name);
  const update = useUpdateSettings();
  const { user } = info;
  // What the person just chose shows at once; the saved value takes over when the server answers,
  // so a refused change springs back.
  const [draft, setDraft] = useState<SettingsChange>({});
  const change = (next: SettingsChange) => {
    setDraft((d) => ({ ...d, ...next }));
    update.mutate(next, {
      onSettled: () =>
        setDraft((d) => Object.fromEntries(Object.entries(d).filter(([key]) => !(key in next)))),
    });
  };
  const safeMode = draft.safe_mode ?? user.safe_mode;
  const sounds = draft.is_sounds_enabled ?? user.is_sounds_enabled;
  const desktop = draft.is_desktop_notifications_enabled ?? user.is_desktop_notifications_enabled ?? false;
  const multiWindow = draft.is_multi_window_enabled ?? user.is_multi_window_enabled ?? false;
  const altReminder = draft.is_alt_text_reminder_enabled ?? user.is_alt_text_reminder_enabled ?? true;
  const blocked = notificationsSupported() && Notification.permission === 'denied';
  const editor = draft.default_editor_type ?? user.defaultEditorType;
  const palette = draft.palette ?? user.palette ?? 'system';
  // Once a palette change settles, the saved palette is the one shown (a refused one springs back).
  const pendingPalette = draft.palette !== undefined;
  useEffect(() => {
    if (!pendingPalette && user.palette) applyPalette(user.palette);
  }, [pendingPalette, user.palette]);
  return (
    <div className={`${styles.form} ${compact ? styles.compact : ''}`}>
      {shows('safe_mode') && <label className={styles.row}>
        <span>
          Safe mode
          {!compact && <small>Hide adult content: adult blogs’ avatars are pixelated.</small>}
        </span>
        <input
          type="checkbox"
          role="switch"
          checked={safeMode}
          onChange={(e) => change({ safe_mode: e.target.checked })}
        />
      </label>}
      {shows('sounds') && <label className={styles.row}>
        <span>
          Sounds
          {!compact && <small>Play sounds for messages and notifications.</small>}
        </span>
        <input
          type="checkbox"
          role="switch"
          checked={sounds}
          onChange={(e) => change({ is_sounds_enabled: e.target.checked })}
        />
      </label>}
      {shows('desktop') && notificationsSupported() && <label className={styles.row}>
        <span>
          Desktop notifications
          {!compact && <small>{blocked ? 'Your browser blocks notifications from this site: allow them in its site settings.' : 'Show new messages on your desktop while this tab is in the background.'}</small>}
        </span>
        <input
          type="checkbox"
          role="switch"
          checked={desktop}
          onChange={(e) => {
            // Spec 2 §6: the browser's permission is asked for on first use, in this click.
            if (e.target.checked) void askPermission();
            change({ is_desktop_notifications_enabled: e.target.checked });
          }}
        />
      </label>}
      {shows('multi_window') && <label className={styles.row}>
        <span>
          Several conversation windows
          {!compact && <small>Keep conversations open side by side. Off, opening one minimizes the others.</small>}
        </span>
        <input
          type="checkbox"
          role="switch"
          checked={multiWindow}
          onChange={(e) => change({ is_multi_window_enabled: e.target.checked })}
        />
      </label>}
      {shows('alt_text_reminder') && <label className={styles.row}>
        <span>
          Alt text reminder
          {!compact && <small>Before posting a photo without alt text, ask whether to add it.</small>}
        </span>
        <input
          type="checkbox"
          role="switch"
          checked={altReminder}
          onChange={(e) => change({ is_alt_text_reminder_enabled: e.target.checked })}
        />
      </label>}
      {shows('editor') && <label className={styles.row}>
        <span>
          Default editor
          {!compact && <small>The editor new posts open in.</small>}
        </span>
        <Select
          value={editor}
          onChange={(e) => change({ default_editor_type: e.target.value as EditorType })}
        >
          {EDITOR_TYPES.map((type) => (
            <option key={type} value={type}>
              {EDITOR_LABELS[type]}
            </option>
          ))}
        </Select>
      </label>}
      {shows('palette') && (
        <fieldset className={styles.choices}>
          <legend>
            Colour palette
            {!compact && <small>System follows your device’s light or dark setting (dark, or the classic navy).</small>}
          </legend>
          {PALETTES.map((choice) => (
            <label key={choice}>
              <input
                type="radio"
                name="palette"
                value={choice}
                checked={palette === choice}
                onChange={() => {
                  // Shown at once; a refused save puts the saved one back (the user info's).
                  applyPalette(choice);
                  change({ palette: choice });
                }}
              />
              {PALETTE_LABELS[choice]}
            </label>
          ))}
        </fieldset>
      )}
      <p role="status" className={update.isError ? styles.error : styles.status}>
        {update.isError ? update.error.message : update.isSuccess ? 'Saved.' : ''}
      </p>
    </div>
  );
}
