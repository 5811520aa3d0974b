import { useEffect, useRef, useState } from 'react';
import { SHARE_FADE_DELAY_MS, SHARE_FADE_MS } from '../../shared/share/constants';
import type { SharePopoverData, ShareShowFlags } from '../../shared/share/types';
import { ApiError } from '../api/client';
import { useShareData } from '../api/share';
import { useUserInfo } from '../api/user';
import { EmailForm } from './EmailForm';
import { EmbedForm } from './EmbedForm';
import { PermalinkForm } from './PermalinkForm';
import { ReportForm } from './ReportForm';
import { ShareOptions, type ShareForm, type ShareOption } from './ShareOptions';
import styles from './SharePopover.module.css';
import { TwitterForm } from './TwitterForm';

interface SharePopoverProps {
  blog: string;
  postId: string;
  onClose: () => void;
  /** Email through the visitor's mail program even when logged in (spec 1 §6 "fallback is forced"). */
  forceEmailFallback?: boolean;
}

const SHOW_FLAGS: (keyof ShareShowFlags)[] = [
  'show_email', 'show_embed', 'show_facebook', 'show_permalink', 'show_pinterest', 'show_reporting_links', 'show_twitter', 'show_reddit', 'show_flagging',
];
const anyShown = (flags: ShareShowFlags) => SHOW_FLAGS.some((flag) => flags[flag]);

/** What the share popover holds: the option list, then one option's form, and back on Cancel. */
export function SharePopover({ blog, postId, onClose, forceEmailFallback = false }: SharePopoverProps) {
  const share = useShareData(blog, postId, true);
  if (share.isPending) {
    return (
      <div className={styles.root}>
        <p className={styles.message} role="status">Loading…</p>
      </div>
    );
  }
  if (share.isError) {
    const gone = share.error instanceof ApiError && share.error.status === 404;
    return (
      <div className={styles.root}>
        <div className={styles.form}>
          <p className={styles.error} role="alert">
            {gone ? 'This post is not there to share any more.' : share.error.message}
          </p>
          {!gone && (
            <div className={styles.bar}>
              <button type="button" className={styles.button} onClick={() => void share.refetch()}>
                Try again
              </button>
            </div>
          )}
        </div>
      </div>
    );
  }
  return <ShareBody data={share.data} onClose={onClose} forceEmailFallback={forceEmailFallback} />;
}

/** The options and their forms for one thing to share: a post (its share data) or a whole blog. */
export function ShareBody({ data, onClose, forceEmailFallback = false }: { data: SharePopoverData; onClose: () => void; forceEmailFallback?: boolean }) {
  const user = useUserInfo();
  const [form, setForm] = useState<ShareForm | null>(null);
  const [lastPicked, setLastPicked] = useState<ShareOption | null>(null);
  const [fading, setFading] = useState(false);
  const timers = useRef<number[]>([]);

  useEffect(() => () => timers.current.forEach((timer) => window.clearTimeout(timer)), []);

  // Spec 1 §4: after 'Sent!' the popover waits 1250 ms, then fades out over 150 ms.
  const fadeOut = () => {
    timers.current.push(
      window.setTimeout(() => {
        setFading(true);
        timers.current.push(window.setTimeout(onClose, SHARE_FADE_MS));
      }, SHARE_FADE_DELAY_MS),
    );
  };
  const pick = (next: ShareForm) => {
    setLastPicked(next);
    setForm(next);
  };
  const back = () => setForm(null);

  let body;
  // Only verified accounts send email from here (share/email.ts on the server): others use their mail program.
  const unverified = user.data?.user.is_verified_email === false;
  const mailFallback = forceEmailFallback || !data.has_user || unverified;
  if (!anyShown(data)) {
    body = <p className={styles.message}>Only you can see this post, so there is nothing to share.</p>;
  } else if (form === 'email' && !mailFallback) {
    body = <EmailForm data={data} userEmail={user.data?.user.email} onCancel={back} onSent={fadeOut} />;
  } else if (form === 'twitter') {
    body = <TwitterForm data={data} onCancel={back} onDone={onClose} />;
  } else if (form === 'embed') {
    body = <EmbedForm data={data} onCancel={back} />;
  } else if (form === 'report') {
    body = <ReportForm data={data} onCancel={back} onClose={onClose} />;
  } else if (form === 'permalink') {
    body = <PermalinkForm data={data} onCancel={back} />;
  } else {
    body = (
      <>
        <h2 className={styles.heading}>Share</h2>
        <ShareOptions data={data} mailFallback={mailFallback} focus={lastPicked} onPick={pick} onClose={onClose} />
      </>
    );
  }
  return (
    <div className={styles.root} data-fading={fading}>
      {body}
    </div>
  );
}
