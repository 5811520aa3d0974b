import { BodyEditor } from '../../editors/BodyEditor';
import styles from './fields.module.css';
import { updater, type FieldsProps } from './types';

export function AudioFields({ content, dispatch, editorType }: FieldsProps<'audio'>) {
  const update = updater(dispatch, 'audio');
  return (
    <>
      <input
        className={styles.input}
        type="url"
        inputMode="url"
        value={content.url}
        onChange={(event) => update({ url: event.currentTarget.value })}
        aria-label="Audio URL"
        placeholder="Paste the address of a song or sound"
      />
      <div className={styles.track}>
        <label>
          Track
          <input className={styles.input} value={content.trackTitle} onChange={(event) => update({ trackTitle: event.currentTarget.value })} />
        </label>
        <label>
          Artist
          <input className={styles.input} value={content.trackArtist} onChange={(event) => update({ trackArtist: event.currentTarget.value })} />
        </label>
        <label>
          Album
          <input className={styles.input} value={content.trackAlbum} onChange={(event) => update({ trackAlbum: event.currentTarget.value })} />
        </label>
      </div>
      <BodyEditor editorType={editorType} value={content.caption} onChange={(caption) => update({ caption })} ariaLabel="Caption" placeholder="Add a caption, if you like" />
    </>
  );
}
