import type { SyntheticEvent } from 'react';
import type { ContentProps } from './content-props';
import styles from './content.module.css';
import { SanitizedHtml } from './SanitizedHtml';

/** Spec 1 §4: only one player plays at a time; the others pause and go back to the start. */
function pauseOthers(event: SyntheticEvent<HTMLAudioElement>) {
  for (const other of document.querySelectorAll('audio')) {
    if (other === event.currentTarget || other.paused) continue;
    other.pause();
    other.currentTime = 0;
  }
}

export function AudioContent({ content }: ContentProps<'audio'>) {
  const title = content.track_title || 'Untitled track';
  const meta = [content.track_artist, content.track_album].filter(Boolean).join(' — ');
  return (
    <div className={styles.block}>
      {content.embed_html ? (
        <SanitizedHtml html={content.embed_html} className={styles.html} />
      ) : (
        <div className={styles.audio}>
          {content.album_art && <img src={content.album_art} alt="" width={80} height={80} loading="lazy" />}
          <div className={styles.track}>
            <span className={styles.trackTitle}>{title}</span>
            {meta && <span className={styles.trackMeta}>{meta}</span>}
            <audio controls preload="none" src={content.url} aria-label={`Play ${title}`} onPlay={pauseOthers} />
          </div>
        </div>
      )}
      <SanitizedHtml html={content.caption_html} className={styles.html} />
    </div>
  );
}
