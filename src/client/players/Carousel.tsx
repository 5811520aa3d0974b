import { useEffect, useReducer, useRef } from 'react';
import type { PhotoView } from '../../shared/posts/types';
import { OutboundLink } from '../ui/OutboundLink';
import { carouselReducer, initialCarousel, storeCarouselIndex } from './carousel';
import styles from './Carousel.module.css';
import { LivePhoto } from './LivePhoto';
import { fullyInViewport, useViewportCheck } from './viewport';

/** Spec 2 §2: the high-resolution source of a photo (the largest stored size). */
const highRes = (photo: PhotoView) => photo.sizes?.[0] ?? { url: photo.url, width: photo.width, height: photo.height };

export interface CarouselProps {
  postId?: string;
  photos: PhotoView[];
  linkUrl: string | null;
}

/** Spec 2 §2, §4: a photo carousel with arrows and dots. */
export function Carousel({ postId, photos, linkUrl }: CarouselProps) {
  const [state, dispatch] = useReducer(carouselReducer, undefined, () => initialCarousel(postId, photos.length));
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => storeCarouselIndex(postId, state.index), [postId, state.index]);
  useViewportCheck(box, (rect) => {
    // Spec 2 §9: fully in view within the -100 margin.
    if (!state.introduced && fullyInViewport(rect, window.innerHeight)) dispatch({ type: 'in-view' });
  });
  const count = photos.length;
  const ratio = Math.max(...photos.map((p) => (p.width && p.height ? p.height / p.width : 0.75)));

  return (
    <div
      ref={box}
      className={styles.carousel}
      role="region"
      aria-roledescription="carousel"
      aria-label={`Photos, ${state.index + 1} of ${count}`}
      onKeyDown={(event) => {
        if (event.key === 'ArrowLeft') dispatch({ type: 'previous' });
        if (event.key === 'ArrowRight') dispatch({ type: 'next' });
      }}
    >
      <div className={styles.viewport} style={{ aspectRatio: `1 / ${ratio}` }}>
        <div
          className={styles.track}
          data-peek={state.peek ?? undefined}
          style={{ transform: `translateX(${-state.index * 100}%)` }}
          onAnimationEnd={() => dispatch({ type: 'peek-done' })}
        >
          {photos.map((photo, index) => {
            const source = highRes(photo);
            const still = (
              <img
                src={source.url}
                width={source.width ?? undefined}
                height={source.height ?? undefined}
                alt={photo.alt_text || photo.caption || `Photo ${index + 1} of ${count}`}
                loading={index === 0 ? undefined : 'lazy'}
                decoding="async"
              />
            );
            const linked = <OutboundLink href={linkUrl}>{still}</OutboundLink>;
            return (
              <figure key={photo.id} className={styles.slide} aria-hidden={index !== state.index} inert={index !== state.index}>
                {/* A live photo (spec 1 §3) around the link: its play button may not sit inside one. */}
                {photo.livephotoUrl ? (
                  <LivePhoto keyframe={source.url} video={photo.livephotoUrl} stillTime={photo.livephotoStillTime}>
                    {linked}
                  </LivePhoto>
                ) : (
                  linked
                )}
                {photo.caption && <figcaption>{photo.caption}</figcaption>}
              </figure>
            );
          })}
        </div>
        <button type="button" className={`${styles.arrow} ${styles.previous}`} aria-label="Previous photo" onClick={() => dispatch({ type: 'previous' })}>
          ‹
        </button>
        <button type="button" className={`${styles.arrow} ${styles.next}`} aria-label="Next photo" onClick={() => dispatch({ type: 'next' })}>
          ›
        </button>
      </div>
      <div className={styles.dots}>
        {photos.map((photo, index) => (
          <button
            key={photo.id}
            type="button"
            className={styles.dot}
            aria-label={`Photo ${index + 1}`}
            aria-current={index === state.index || undefined}
            onClick={() => dispatch({ type: 'go', index })}
          />
        ))}
      </div>
    </div>
  );
}
