import { forwardRef, useEffect, useLayoutEffect, useState, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useBlogCard, type BlogSeed } from '../../api/blogs';
import { useUserInfo } from '../../api/user';
import { FollowButton, SubscribeToggle } from '../../follows/FollowButton';
import { shouldPixelate } from '../../ui/Avatar';
import { positionBelow } from '../../ui/popover-position';
import { BlogCard } from './BlogCard';
import { anchorElement } from './card-constants';
import styles from './BlogCardPopover.module.css';
import { CardMenu } from './CardMenu';
import { CARD_MIN_POSTS, CARD_POSTS_MIN_DELAY_MS } from './card-constants';

interface BlogCardPopoverProps {
  blog: BlogSeed;
  /** The trigger's element: the card is placed below it (above when there is no room). */
  anchorRef: RefObject<HTMLElement | null>;
  /** False while it fades out. */
  visible: boolean;
  onPointerEnter: () => void;
  onPointerLeave: () => void;
  onBlur: (event: FocusEvent) => void;
  onKeyDown: (event: KeyboardEvent) => void;
  /** Keeps the card open while a question asked from it is open. */
  hold: (answer: Promise<unknown>) => void;
}

const GAP = 8;
const MIN_DISTANCE = 10;


function usePostsDelay() {
  const [due, setDue] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setDue(true), CARD_POSTS_MIN_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return due;
}

/** The card in a layer over the page, with its data, posts and follow actions. */
export const BlogCardPopover = forwardRef<HTMLDivElement, BlogCardPopoverProps>(function BlogCardPopover(
  { blog, anchorRef, visible, onPointerEnter, onPointerLeave, onBlur, onKeyDown, hold },
  cardRef,
) {
  const { data: info } = useUserInfo();
  const card = useBlogCard(blog, true);
  // Spec 1 §9: the recent posts show no sooner than 500 ms after the card opens.
  const postsDue = usePostsDelay();
  const [position, setPosition] = useState<{ left: number; top: number } | null>(null);
  const view = { ...blog, ...card.data };
  const posts = postsDue && card.data && card.data.highlighted_posts.length >= CARD_MIN_POSTS ? card.data.highlighted_posts : null;

  useLayoutEffect(() => {
    const panel = typeof cardRef === 'object' ? cardRef?.current : null;
    const anchor = anchorElement(anchorRef);
    if (!panel || !anchor) return;
    const place = () => {
      const rect = anchor.getBoundingClientRect();
      const size = { width: panel.offsetWidth, height: panel.offsetHeight };
      const viewport = { left: 0, top: 0, width: document.documentElement.clientWidth, height: window.innerHeight };
      const below = positionBelow(rect, size, viewport, { x: 0, y: 0 });
      const roomAbove = rect.top - size.height - GAP >= MIN_DISTANCE;
      const top = below.top + size.height > viewport.height - MIN_DISTANCE && roomAbove ? rect.top - size.height - GAP : below.top;
      // In page coordinates: the card scrolls with the page, like the name it belongs to.
      setPosition({ left: below.left + window.scrollX, top: top + window.scrollY });
    };
    place();
    const observer = new ResizeObserver(place);
    observer.observe(panel);
    return () => observer.disconnect();
  }, [anchorRef, cardRef]);

  const own = info?.user.channels.some((channel) => channel.name === blog.name) ?? false;
  const loaded = card.data !== undefined;
  return createPortal(
    <div
      ref={cardRef}
      role="dialog"
      aria-label={`Blog card: ${blog.name}`}
      aria-busy={card.isPending || undefined}
      className={styles.layer}
      data-state={visible ? 'open' : 'closing'}
      style={position ?? { visibility: 'hidden', left: 0, top: 0 }}
      onPointerEnter={(event) => event.pointerType !== 'touch' && onPointerEnter()}
      onPointerLeave={(event) => event.pointerType !== 'touch' && onPointerLeave()}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
    >
      <BlogCard
        blog={view}
        posts={posts}
        pixelated={shouldPixelate({ name: blog.name, is_adult: Boolean(view.is_adult) }, info?.user ?? null)}
        menu={loaded && info && !own ? <CardMenu blogName={blog.name} hold={hold} /> : undefined}
        actions={
          card.isError ? (
            <p role="alert" className={styles.error}>
              {card.error.message}
            </p>
          ) : (
            loaded &&
            !own && (
              <>
                <FollowButton blog={view} source="blog_card" onAsk={hold} />
                <SubscribeToggle blog={view} />
              </>
            )
          )
        }
      />
    </div>,
    document.body,
  );
});
