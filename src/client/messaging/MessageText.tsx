import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { textSpans, type FormattingEntry } from '../../shared/messaging/links';
import { inAppHref } from '../../shared/routes';
import { conversationPath, useOpenConversationHere } from './open-by-name';
import styles from './Window.module.css';

type LinkAttributes = FormattingEntry['attributes'];

function ConversationLink({ name, children }: { name: string; children: ReactNode }) {
  const open = useOpenConversationHere(name);
  return (
    <a className={styles.link} href={conversationPath(name)} onClick={open}>
      {children}
    </a>
  );
}

/**
 * One link of a message (spec 2 §3 link attributes): this site's blog and post addresses open in
 * the app, a conversation address opens its window in place, any other address in a new tab and
 * without vouching for it (the sender typed it, not the site).
 */
function MessageLink({ link, children }: { link: LinkAttributes; children: ReactNode }) {
  if (link.messaging_blog_name) return <ConversationLink name={link.messaging_blog_name}>{children}</ConversationLink>;
  const inApp = inAppHref(link.url);
  if ((link.blog_name || link.post_id) && inApp.startsWith('/')) {
    return (
      <Link className={styles.link} to={inApp}>
        {children}
      </Link>
    );
  }
  return (
    <a className={styles.link} href={link.url} target="_blank" rel="noopener nofollow ugc">
      {children}
    </a>
  );
}

/** A message's text with the links the server found in it (content.formatting). */
export function MessageText({ text, formatting }: { text: string; formatting?: readonly unknown[] }) {
  return (
    <p className={styles.text}>
      {textSpans(text, formatting).map((span, i) =>
        span.link ? (
          <MessageLink key={i} link={span.link}>
            {span.text}
          </MessageLink>
        ) : (
          span.text
        ),
      )}
    </p>
  );
}
