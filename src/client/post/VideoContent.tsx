import { VideoPlayer } from '../players/VideoPlayer';
import type { ContentProps } from './content-props';
import styles from '../ui/content.module.css';
import { SanitizedHtml } from '../ui/SanitizedHtml';

export function VideoContent({ content, post }: ContentProps<'video'>) {
  return (
    <div className={styles.block}>
      {content.embed_html ? (
        <div className={styles.video}>
          <SanitizedHtml html={content.embed_html} className={styles.embed} />
        </div>
      ) : (
        content.url && (
          <VideoPlayer
            src={content.url}
            hdSrc={content.hd_url ?? null}
            poster={content.poster_url ?? null}
            duration={content.duration ?? null}
            filmstrip={content.filmstrip ?? null}
            width={content.width ?? null}
            height={content.height ?? null}
            post={{ post_id: post?.id ?? '', root_post_id: post?.root_id ?? '', blog_uuid: post?.blog.uuid ?? '' }}
          />
        )
      )}
      <SanitizedHtml html={content.caption_html} className={styles.html} />
    </div>
  );
}
