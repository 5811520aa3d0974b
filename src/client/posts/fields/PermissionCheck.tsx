import styles from './fields.module.css';

/** Spec 1 §5: an uploaded audio or video file needs the person's word that they may share it. */
export function PermissionCheck({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className={styles.check}>
      <input type="checkbox" checked={checked} aria-required="true" onChange={(event) => onChange(event.currentTarget.checked)} />
      I have permission to share this file
    </label>
  );
}
