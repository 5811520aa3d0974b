import { useState, type FormEvent } from 'react';
import type { KnownServer } from '../../shared/federation/types';
import { useBlockDomain, useBlockedDomains, useKnownServers, useUnblockDomain } from '../api/admin-federation';
import page from '../page/page.module.css';
import { PageMessage } from '../page/PageMessage';
import { usePageTitle } from '../page/use-page-title';
import { AdminOnly } from './AdminQueue';
import styles from './AdminFlagsPage.module.css';
import own from './AdminFederationPage.module.css';

type Write = ReturnType<typeof useBlockDomain>;

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function BlockForm({ block }: { block: Write }) {
  const [domain, setDomain] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    block.mutate(domain.trim(), { onSuccess: () => setDomain('') });
  };
  return (
    <form className={styles.form} onSubmit={submit}>
      <label>
        Server
        <input value={domain} onChange={(e) => setDomain(e.target.value)} required maxLength={253} placeholder="example.social" autoComplete="off" />
      </label>
      <button type="submit" className={styles.save} disabled={block.isPending}>
        {block.isPending ? 'Blocking…' : 'Block'}
      </button>
    </form>
  );
}

function ServerItem({ server, block }: { server: KnownServer; block: Write }) {
  const id = `server-${server.host}`;
  return (
    <li className={own.server} aria-labelledby={id}>
      <div className={styles.head}>
        <h3 id={id} className={styles.name}>
          {server.host}
        </h3>
        {server.blocked ? (
          <span className={own.blocked}>Blocked</span>
        ) : (
          <button type="button" className={styles.remove} disabled={block.isPending} onClick={() => block.mutate(server.host)}>
            Block
          </button>
        )}
      </div>
      <p className={styles.description}>
        {count(server.accounts, 'account')} · {server.followers} following our blogs · {server.follows} followed by our people · {count(server.posts, 'post')} kept ·{' '}
        {count(server.notes, 'like, reblog or reply', 'likes, reblogs and replies')} · last heard {new Date(server.last_activity).toLocaleString()}
      </p>
    </li>
  );
}

function FederationAdmin() {
  usePageTitle('Other servers');
  const domains = useBlockedDomains();
  const servers = useKnownServers();
  const block = useBlockDomain();
  const unblock = useUnblockDomain();
  if (domains.isPending || servers.isPending) return <PageMessage busy>Loading the servers…</PageMessage>;
  if (!domains.data || !servers.data) return <PageMessage>{domains.error?.message ?? servers.error?.message ?? 'The servers could not be loaded.'}</PageMessage>;
  return (
    <div className={page.column}>
      <section className={`${page.card} ${own.section}`} aria-labelledby="blocked-title">
        <h1 id="blocked-title" className={page.title}>
          Blocked servers
        </h1>
        <p className={page.muted}>
          A blocked server’s deliveries are refused, nothing is sent to it, and what it sent (follows, posts, likes and replies) is removed. Its
          subdomains are blocked with it.
        </p>
        <BlockForm block={block} />
        <p role="alert" className={styles.error}>
          {block.error?.message ?? unblock.error?.message ?? ''}
        </p>
        {domains.data.domains.length === 0 ? (
          <p className={page.muted}>No server is blocked.</p>
        ) : (
          <ul className={styles.overrides} aria-label="Blocked servers">
            {domains.data.domains.map((d) => (
              <li key={d.domain} className={styles.override}>
                <strong>{d.domain}</strong>
                <button type="button" className={styles.remove} disabled={unblock.isPending} onClick={() => unblock.mutate(d.domain)}>
                  Lift the block
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={page.card} aria-labelledby="servers-title">
        <h2 id="servers-title" className={page.title}>
          Servers we know
        </h2>
        {servers.data.servers.length === 0 ? (
          <p className={page.muted}>Nothing has arrived from another server yet.</p>
        ) : (
          <ul className={styles.list} aria-label="Servers we know">
            {servers.data.servers.map((server) => (
              <ServerItem key={server.host} server={server} block={block} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** /admin/federation: for admins (issue 28). */
export function AdminFederationPage() {
  return <AdminOnly>{() => <FederationAdmin />}</AdminOnly>;
}
