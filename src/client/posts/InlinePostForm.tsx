import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { UserInfoResponse } from '../../shared/types';
import { useUserInfo } from '../api/user';
import { StaticToolbarContext } from '../editors/static-toolbar';
import { useMarkFormOpen } from './form-open-store';
import { closeInlineForm, setInlineGuard, type InlineForm } from '../post/inline-form-store';
import styles from './InlinePostForm.module.css';
import { PostForm, PostFormLoading } from './PostForm';
import { formLabel, useFormSession } from './use-form-session';

/** The height transition of the container (spec 1 §4 container steps), in the stylesheet too. */
export const INLINE_RESIZE_MS = 200;

type Step = 'prepare' | 'attach' | 'show' | 'hide';

/**
 * Edit or reblog from a feed card: the same post form as the modal, in place of the card. It grows
 * in, scrolls into view, and after a save or a dismissal shrinks away; the feed (refreshed by the
 * save) shows the post again where it was.
 */
export function InlinePostForm({ form }: { form: InlineForm }) {
  const { data: info } = useUserInfo();
  return info ? <InlineSession form={form} info={info} /> : <PostFormLoading />;
}

function InlineSession({ form, info }: { form: InlineForm; info: UserInfoResponse }) {
  const { initial, channels, contextPage, failed, open, guardRef, requestDismiss, onSaved } = useFormSession(form.request, info, form.base);
  const [step, setStep] = useState<Step>('prepare');
  const [settled, setSettled] = useState(false);
  const containerRef = useRef<HTMLElement>(null);
  // The page scrolls itself (below): the form has no scrolling frame of its own to move.
  const frameRef = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const { postId } = form;
  useMarkFormOpen(open);

  useEffect(() => {
    setInlineGuard(guardRef);
    return () => setInlineGuard(null);
  }, [guardRef]);

  // prepare (collapsed) -> attach (in the page, next frame) -> show (grown), then scrolled into view.
  useEffect(() => {
    if (!open) {
      const timer = setTimeout(() => closeInlineForm(postId), INLINE_RESIZE_MS);
      // The card may leave its list before the panel has shrunk (an answered ask leaves the
      // inbox): the page's address comes back all the same.
      return () => {
        clearTimeout(timer);
        closeInlineForm(postId);
      };
    }
    let frame = requestAnimationFrame(() => {
      setStep('attach');
      frame = requestAnimationFrame(() => setStep('show'));
    });
    const timer = setTimeout(() => {
      setSettled(true);
      containerRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
    }, INLINE_RESIZE_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [open, postId]);

  // Saved or dismissed: the panel shrinks away (hide), then the card comes back.
  const shown: Step = open ? step : 'hide';
  const grown = open && settled;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    void requestDismiss();
  };

  return (
    <section ref={containerRef} className={styles.container} data-step={shown} aria-labelledby={titleId} onKeyDown={onKeyDown} data-inline-form={postId}>
      <div className={`${styles.inner} ${grown ? styles.settled : ''}`}>
        <h2 id={titleId} className="visually-hidden">
          {formLabel(form.request)}
        </h2>
        {initial ? (
          // Inline, the rich editor also shows its static toolbar (spec 1 §2), beside the floating one.
          <StaticToolbarContext.Provider value>
            <PostForm
              initial={initial}
              channels={channels}
              contextPage={contextPage}
              frameRef={frameRef}
              guardRef={guardRef}
              // Edit and reblog forms have no type tabs: the type is the post's.
              onTypeChange={() => undefined}
              onSaved={onSaved}
              onCancel={() => void requestDismiss()}
            />
          </StaticToolbarContext.Provider>
        ) : (
          !failed && <PostFormLoading />
        )}
      </div>
    </section>
  );
}
