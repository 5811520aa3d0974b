import type { PostCta } from '../../shared/posts/cta';
import styles from './PostCard.module.css';

function isAndroid(): boolean {
  return typeof navigator !== 'undefined' && /Android/i.test(navigator.userAgent);
}

/**
 * The call-to-action button under a post (spec 2 §2): its text from the code's table
 * (shared/posts/cta.ts), the Android link on Android devices when the owner gave one. It leaves
 * the product, so it opens in a new tab without handing over the page.
 */
export function CtaButton({ cta, android = isAndroid() }: { cta: PostCta; android?: boolean }) {
  const href = android && cta.android_link_url ? cta.android_link_url : cta.link_url;
  return (
    <a className={styles.cta} href={href} target="_blank" rel="noopener noreferrer nofollow" data-cta-code={cta.text_code}>
      {cta.text}
    </a>
  );
}
