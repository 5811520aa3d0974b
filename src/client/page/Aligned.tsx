import type { ReactNode } from 'react';
import { Link } from 'react-router';
import page from './page.module.css';

/** A line in the column, lined up with the cards rather than with the avatars. */
export const Aligned = ({ children }: { children: ReactNode }) => (
  <div className={page.withAvatar}>
    <span />
    {children}
  </div>
);

/** What a blog's owner-only page (drafts, queue, asks) shows anyone else: nothing, and why. */
export const OwnerOnlyNotFound = ({ what }: { what: string }) => (
  <Aligned>
    <div className={page.card}>
      <h1 className={page.title}>There is nothing here.</h1>
      <p className={page.muted}>
        Only a blog's owner sees {what}. <Link to="/dashboard">Go to your dashboard</Link>.
      </p>
    </div>
  </Aligned>
);
