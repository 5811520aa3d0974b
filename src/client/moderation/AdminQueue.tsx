import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { inAppHref } from '../../shared/routes';
import page from '../page/page.module.css';
import { NotFoundPage } from '../page/NotFoundPage';
import { PageMessage } from '../page/PageMessage';
import { RequireUser } from '../page/RequireUser';
import { usePageTitle } from '../page/use-page-title';
import { FirstPageFailed, LoadMore } from '../ui/LoadMore';
import styles from './AdminQueue.module.css';
import { Button } from '../ui/Button';

// One admin work queue (the reports page, the appeals page): a titled column of cards about posts,
// newest first, each with its resolving action, paged by Load more. The pages differ only in what
// a card says and which buttons it has.

export const queueDateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** An admin page: anyone else finds nothing here (the not-found page, titled so). */
export function AdminOnly({ children }: { children: () => ReactNode }) {
  return <RequireUser>{(info) => (info.user.is_admin ? children() : <NotFoundPage />)}</RequireUser>;
}

interface AdminQueueProps<P, T> {
  title: string;
  intro: ReactNode;
  /** "reports", "appeals": in the loading line. */
  noun: string;
  emptyText: string;
  listLabel: string;
  pages: UseInfiniteQueryResult<InfiniteData<P>>;
  itemsOf: (page: P) => T[];
  keyOf: (item: T) => string;
  /** The card's accessible name ("Report of a post by ann"). */
  labelOf: (item: T) => string;
  children: (item: T) => ReactNode;
}

export function AdminQueue<P, T>({ title, intro, noun, emptyText, listLabel, pages, itemsOf, keyOf, labelOf, children }: AdminQueueProps<P, T>) {
  usePageTitle(title);
  if (pages.isPending) return <PageMessage busy>Loading {noun}…</PageMessage>;
  if (!pages.data) return <FirstPageFailed pages={pages} />;
  const items = pages.data.pages.flatMap(itemsOf);
  const titleId = `${noun}-title`;
  return (
    <div className={page.column}>
      <section className={page.card} aria-labelledby={titleId}>
        <h1 id={titleId} className={page.title}>
          {title}
        </h1>
        <p className={page.muted}>{intro}</p>
      </section>
      {items.length === 0 ? (
        <p className={`${page.card} ${styles.empty}`}>{emptyText}</p>
      ) : (
        <ul className={styles.list} aria-label={listLabel}>
          {items.map((item) => (
            <li key={keyOf(item)} className={`${page.card} ${styles.report}`} aria-label={labelOf(item)}>
              {children(item)}
            </li>
          ))}
        </ul>
      )}
      <LoadMore pages={pages} className={styles.more} errorClassName={`${page.card} ${styles.error}`} />
    </div>
  );
}

/** The head of a card: who and when, then the post's summary linking to it. */
export function QueuedPost({ meta, post }: { meta: ReactNode; post: { id: string; url: string; summary: string } }) {
  return (
    <>
      <p className={styles.meta}>{meta}</p>
      <p className={styles.summary}>
        <a href={inAppHref(post.url)}>{post.summary || `(no text) post ${post.id}`}</a>
      </p>
    </>
  );
}

/** The foot of a card: the last error of its actions, then its buttons. */
export function QueueActions({ error, children }: { error: Error | null; children: ReactNode }) {
  return (
    <div className={styles.actions}>
      <span role="alert" className={styles.error}>
        {error?.message ?? ''}
      </span>
      <span className={styles.switches}>{children}</span>
    </div>
  );
}

/** The card's main button (Resolve, Remove the mark): disabled and saying so while it works. */
export function ResolveButton({ pending, busyLabel, onClick, children }: { pending: boolean; busyLabel?: string; onClick: () => void; children: ReactNode }) {
  return (
    <Button variant="primary" size="small" disabled={pending} onClick={onClick}>
      {pending && busyLabel ? busyLabel : children}
    </Button>
  );
}

export { styles as queueStyles };
