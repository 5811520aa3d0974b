import { forwardRef, useEffect, useLayoutEffect, useState, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useBlogCard, type BlogSeed } from '../../api/blogs';
import { useUserInfo } from '../../api/user';
import { FollowButton, SubscribeToggle } from '../FollowButton';
import { shouldPixelate } from '../../ui/Avatar';
import { useFloatingPlacement } from '../../ui/floating';
import { useLayerRoot } from '../../ui/ModalDialog';
import { BlogCard } from './BlogCard';
import { anchorElement } from './card-constants';
import styles from './BlogCardPopover.module.css';
import { CardMenu } from './CardMenu';
import { BlogShareButton } from '../../share/BlogShareButton';
import { CARD_MIN_POSTS, CARD_POSTS_MIN_DELAY_MS } from './card-constants';

// Loaded with the card, as the pointer's way to it matters only once there is a card.
export { followSafeArea } from './safe-area';

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
  // Below the name, above it when there is no room below; it follows the name as the page scrolls.
  const { refs, floatingStyles, side } = useFloatingPlacement({ open: true });
  const layerRoot = useLayerRoot();
  const ref = (element: HTMLDivElement | null) => {
    refs.setFloating(element);
    if (typeof cardRef === 'function') cardRef(element);
    else if (cardRef) cardRef.current = element;
  };
  const view = { ...blog, ...card.data };
  const posts = postsDue && card.data && card.data.highlighted_posts.length >= CARD_MIN_POSTS ? card.data.highlighted_posts : null;

  useLayoutEffect(() => {
    refs.setReference(anchorElement(anchorRef));
  }, [anchorRef, refs]);

  const own = info?.user.channels.some((channel) => channel.name === blog.name) ?? false;
  const loaded = card.data !== undefined;
  return createPortal(
    <div
      ref={ref}
      role="dialog"
      aria-label={`Blog card: ${blog.name}`}
      aria-busy={card.isPending || undefined}
      className={styles.layer}
      data-state={visible ? 'open' : 'closing'}
      data-side={side}
      style={floatingStyles}
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
            loaded && (
              <>
                {!own && <FollowButton blog={view} source="blog_card" />}
                {!own && <SubscribeToggle blog={view} />}
                {view.url && <BlogShareButton blog={{ name: view.name, url: view.url, title: view.title }} hold={hold} />}
              </>
            )
          )
        }
      />
    </div>,
    layerRoot,
  );
});
