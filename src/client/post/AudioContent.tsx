import { AudioPlayer } from '../players/AudioPlayer';
import type { ContentProps } from './content-props';
import styles from '../ui/content.module.css';
import { SanitizedHtml } from '../ui/SanitizedHtml';

export function AudioContent({ content }: ContentProps<'audio'>) {
  return (
    <div className={styles.block}>
      {content.embed_html ? (
        <SanitizedHtml html={content.embed_html} className={styles.html} />
      ) : (
        <AudioPlayer streamUrl={content.url} track={content.track_title} artist={content.track_artist} album={content.track_album} albumArt={content.album_art} duration={content.duration ?? null} />
      )}
      <SanitizedHtml html={content.caption_html} className={styles.html} />
    </div>
  );
}
