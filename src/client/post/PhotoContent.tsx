import { useContext, useState, type CSSProperties } from 'react';
import type { PhotoView } from '../../shared/posts/types';
import { Carousel } from '../players/Carousel';
import { useFeatures } from '../api/features';
import { LivePhoto } from '../players/LivePhoto';
import type { ContentProps } from './content-props';
import styles from '../ui/content.module.css';
import { OutboundLink } from '../ui/OutboundLink';
import { LeadPostContext } from './lead-post';
import { Lightbox } from './Lightbox';
import { photoAlt } from './photo-alt';
import { aspectRatio, lonePhotoWidth, photoRows, rowGrowths } from './photo-rows';
import { SanitizedHtml } from '../ui/SanitizedHtml';

interface PhotoProps {
  photo: PhotoView;
  index: number;
  count: number;
  linkthrough: string | null;
  /** Its size in the row (rowGrowths, lonePhotoWidth). */
  style: CSSProperties;
  /** Opens the lightbox at this photo. */
  onOpen: () => void;
}

function Photo({ photo, index, count, linkthrough, style, onOpen }: PhotoProps) {
  // Issue 26: with livephotos_web off a live photo is its keyframe, a plain photo.
  const live = useFeatures().livephotos_web !== false && Boolean(photo.livephotoUrl);
  const lead = useContext(LeadPostContext) && index === 0;
  const still = (
    <img
      src={photo.url}
      // The size attributes reserve the photo's space before it loads: nothing below jumps.
      width={photo.width ?? undefined}
      height={photo.height ?? undefined}
      alt={photoAlt(photo, index, count)}
      loading={lead ? 'eager' : 'lazy'}
      fetchPriority={lead ? 'high' : undefined}
      decoding="async"
    />
  );
  // A link-through keeps its link, and a live photo's press plays its video: only a plain photo opens large.
  const linked =
    linkthrough || live ? (
      <OutboundLink href={linkthrough}>{still}</OutboundLink>
    ) : (
      <button type="button" className={styles.enlarge} onClick={onOpen} aria-label={count > 1 ? `Open photo ${index + 1} of ${count}` : 'Open photo'}>
        {still}
      </button>
    );
  // Spec 1 §3: a photo with a video is a live photo; the still is its keyframe. Around the link:
  // its play button may not sit inside one.
  return (
    <figure className={styles.photo} style={style}>
      {live && photo.livephotoUrl ? (
        <LivePhoto keyframe={photo.url} video={photo.livephotoUrl} stillTime={photo.livephotoStillTime}>
          {linked}
        </LivePhoto>
      ) : (
        linked
      )}
      {photo.caption && <figcaption>{photo.caption}</figcaption>}
    </figure>
  );
}

export function PhotoContent({ content, post }: ContentProps<'photo'>) {
  if (post?.carousel_display && content.photos.length > 1) {
    return (
      <div className={styles.block}>
        <Carousel postId={post.id} photos={content.photos} linkUrl={post.carousel_link_url} />
        <SanitizedHtml html={content.caption_html} className={styles.html} />
      </div>
    );
  }
  return <PhotoSet content={content} />;
}

/**
 * Each photo's size in its row, as Tumblr lays them out: a lone photo spans the column (a very
 * tall one is capped in height and centred); photos side by side share one height.
 */
export function rowStyles(ratios: readonly number[]): CSSProperties[] {
  if (ratios.length === 1) {
    const width = lonePhotoWidth(ratios[0]!);
    return [{ flex: `0 0 ${Number((width * 100).toFixed(3))}%` }];
  }
  return rowGrowths(ratios).map((grow) => ({ flex: `${grow} 1 0%` }));
}

function PhotoSet({ content }: Pick<ContentProps<'photo'>, 'content'>) {
  const [open, setOpen] = useState<number | null>(null);
  const numbered = content.photos.map((photo, index) => ({ photo, index }));
  const rows = photoRows(numbered, content.layout);
  const count = rows.reduce((sum, row) => sum + row.length, 0);
  return (
    <div className={styles.block}>
      <div className={styles.photoset} data-layout={rows.map((row) => row.length).join('')}>
        {rows.map((row) => {
          const sizes = rowStyles(row.map(({ photo }) => aspectRatio(photo)));
          return (
            <div key={row[0]!.photo.id} className={styles.row}>
              {row.map(({ photo, index }, at) => (
                <Photo key={photo.id} photo={photo} index={index} count={count} linkthrough={content.linkthrough} style={sizes[at]!} onOpen={() => setOpen(index)} />
              ))}
            </div>
          );
        })}
      </div>
      <SanitizedHtml html={content.caption_html} className={styles.html} />
      <Lightbox photos={rows.flat().map(({ photo }) => photo)} at={open} onMove={setOpen} onClose={() => setOpen(null)} />
    </div>
  );
}
