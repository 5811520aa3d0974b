import { useEffect, useRef, useState, type ReactNode } from 'react';
import { SHARE_POPUPS } from '../../shared/share/constants';
import type { SharePopoverData } from '../../shared/share/types';
import { facebookShareUrl, mailtoUrl, openSharePopup, redditSubmitUrl } from './share-links';
import { CodeIcon, FlagIcon, LinkIcon, MailIcon } from './share-icons';
import styles from './SharePopover.module.css';

/** The options that open a form in the popover; the others act at once. */
export type ShareForm = 'email' | 'twitter' | 'embed' | 'report' | 'permalink';
export type ShareOption = ShareForm | 'facebook' | 'pinterest' | 'reddit';

interface ShareOptionsProps {
  data: SharePopoverData;
  /** A mail-program link instead of the email form (logged out, or forced). */
  mailFallback: boolean;
  /** The option to focus: the one whose form was just left. */
  focus: ShareOption | null;
  onPick: (form: ShareForm) => void;
  onClose: () => void;
}

const COPIED_MS = 2000;

function Option({ option, name, icon, iconClass, hint, onClick, href }: {
  option: ShareOption;
  name: ReactNode;
  icon: ReactNode;
  iconClass: string;
  hint?: ReactNode;
  onClick?: () => void;
  href?: string;
}) {
  const inner = (
    <>
      <span className={`${styles.icon} ${iconClass}`} aria-hidden="true">
        {icon}
      </span>
      <span className={styles.optionText}>
        <span>{name}</span>
        {hint && <span className={styles.optionHint}>{hint}</span>}
      </span>
    </>
  );
  return (
    <li>
      {href ? (
        <a className={styles.option} data-option={option} href={href} onClick={onClick}>
          {inner}
        </a>
      ) : (
        <button type="button" className={styles.option} data-option={option} onClick={onClick}>
          {inner}
        </button>
      )}
    </li>
  );
}

/** The option list: only what the share data's show_ flags allow, in the classic order. */
export function ShareOptions({ data, mailFallback, focus, onPick, onClose }: ShareOptionsProps) {
  const [copied, setCopied] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);

  // Keyboard users land on the first option, or back on the one whose form they left.
  useEffect(() => {
    const list = listRef.current;
    const target = (focus && list?.querySelector<HTMLElement>(`[data-option="${focus}"]`)) || list?.querySelector<HTMLElement>('[data-option]');
    target?.focus();
  }, [focus]);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copyPermalink = async () => {
    try {
      await navigator.clipboard.writeText(data.post_url);
      setCopied(true);
    } catch {
      // No clipboard (permissions, an old browser): show the address to copy by hand.
      onPick('permalink');
    }
  };

  const popup = (open: () => void) => () => {
    open();
    onClose();
  };

  const reporting = data.show_reporting_links || data.show_flagging;
  return (
    <ul ref={listRef} className={styles.options} aria-label="Share options">
      {data.show_permalink && (
        <Option
          option="permalink"
          name={copied ? <span className={styles.copied} role="status">Copied</span> : 'Permalink'}
          hint={data.permalink_label}
          icon={<LinkIcon />}
          iconClass={styles.iconPermalink}
          onClick={() => void copyPermalink()}
        />
      )}
      {data.show_embed && data.embed_code && (
        <Option option="embed" name="Embed" icon={<CodeIcon />} iconClass={styles.iconEmbed} onClick={() => onPick('embed')} />
      )}
      {data.show_email &&
        (mailFallback ? (
          <Option option="email" name="Email" hint="Opens your mail program" icon={<MailIcon />} iconClass={styles.iconEmail} href={mailtoUrl(data)} onClick={onClose} />
        ) : (
          <Option option="email" name="Email" icon={<MailIcon />} iconClass={styles.iconEmail} onClick={() => onPick('email')} />
        ))}
      {data.show_twitter && (
        <Option option="twitter" name="Twitter" icon="t" iconClass={styles.iconTwitter} onClick={() => onPick('twitter')} />
      )}
      {data.show_facebook && (
        <Option
          option="facebook"
          name="Facebook"
          icon="f"
          iconClass={styles.iconFacebook}
          onClick={popup(() => openSharePopup(facebookShareUrl(data.post_url), 'facebook', SHARE_POPUPS.facebook))}
        />
      )}
      {data.show_pinterest && (
        <Option
          option="pinterest"
          name="Pinterest"
          icon="P"
          iconClass={styles.iconPinterest}
          onClick={popup(() => {
            const win = data.pinterest_share_window;
            openSharePopup(win.url, win.name, win.dimensions);
          })}
        />
      )}
      {data.show_reddit && (
        <Option
          option="reddit"
          name="Reddit"
          icon="r"
          iconClass={styles.iconReddit}
          onClick={popup(() => openSharePopup(redditSubmitUrl(data.post_url, data.post_summary || data.post_url), 'reddit', SHARE_POPUPS.reddit))}
        />
      )}
      {reporting && (
        <>
          <li role="separator" className={styles.separator} />
          <Option option="report" name="Report" icon={<FlagIcon />} iconClass={styles.iconReport} onClick={() => onPick('report')} />
        </>
      )}
    </ul>
  );
}
