import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { inAppHref } from '../../shared/routes';
import { useInsights, useRefreshInsights } from '../api/insights';
import { ApiError } from '../api/client';
import page from '../page/page.module.css';
import { RequireUser } from '../page/RequireUser';
import { usePageTitle } from '../page/use-page-title';
import { InsightsChart } from './InsightsChart';
import styles from './Insights.module.css';
import { Button } from '../ui/Button';
import { Select } from '../ui/Select';

const RANGES = [7, 30, 90] as const;

/** A promoted post's spend: impressions served out of the budget bought with /svc/promote. */
export function PromotionSpend({ budget, spent }: { budget: number; spent: number }) {
  const label = `${spent.toLocaleString('en')} of ${budget.toLocaleString('en')} impressions served`;
  return (
    <span className={styles.spend} title={label}>
      <progress max={budget} value={Math.min(spent, budget)} aria-label={label} />
      <span aria-hidden="true">
        {spent.toLocaleString('en')} / {budget.toLocaleString('en')}
      </span>
    </span>
  );
}

/** /blog/{name}/insights: what the owner's posts did, per day and per post, from the rollups. */
function BlogInsights({ name }: { name: string }) {
  const [days, setDays] = useState<number>(30);
  const insights = useInsights(name, days);
  const refresh = useRefreshInsights(name);
  const refused = insights.error instanceof ApiError && insights.error.status === 404;

  return (
    <div className={page.column}>
      <div className={`${page.card} ${styles.header}`}>
        <div>
          <h1 className={page.title}>Insights</h1>
          <p className={page.muted}>{name}</p>
        </div>
        {!refused && (
          <div className={styles.controls}>
            <label>
              <span className="visually-hidden">Days shown</span>
              <Select value={days} onChange={(e) => setDays(Number(e.target.value))}>
                {RANGES.map((n) => (
                  <option key={n} value={n}>
                    Last {n} days
                  </option>
                ))}
              </Select>
            </label>
            <Button variant="secondary" onClick={() => refresh.mutate()} disabled={refresh.isPending}>
              {refresh.isPending ? 'Refreshing…' : 'Refresh'}
            </Button>
          </div>
        )}
      </div>
      {refresh.isError && (
        <p className={styles.error} role="alert">
          {refresh.error.message}
        </p>
      )}
      <div className={page.card}>
        {insights.isPending ? (
          <p className={styles.status} role="status">
            Loading…
          </p>
        ) : refused ? (
          <p className={styles.status}>
            {insights.error?.message} <Link to="/dashboard">Go to your dashboard</Link>.
          </p>
        ) : insights.isError ? (
          <p className={styles.status}>
            Insights could not be loaded.{' '}
            <Button variant="secondary" onClick={() => void insights.refetch()}>
              Try again
            </Button>
          </p>
        ) : (
          <InsightsChart days={insights.data.days} />
        )}
      </div>
      {insights.data && (
        <div className={`${page.card} ${styles.postsCard}`}>
          <h2 className={page.title}>Posts</h2>
          {insights.data.posts.length === 0 ? (
            <p className={styles.status}>No posts yet. Once you post, each post’s impressions and notes show up here.</p>
          ) : (
            <div className={styles.postsScroll}>
            <table className={styles.posts}>
              <thead>
                <tr>
                  <th scope="col">Post</th>
                  <th scope="col">Impressions</th>
                  <th scope="col">Notes</th>
                  <th scope="col" className={styles.promotionColumn}>
                      Promotion
                    </th>
                </tr>
              </thead>
              <tbody>
                {insights.data.posts.map((p) => (
                  <tr key={p.id}>
                    <td>
                      <Link to={inAppHref(p.url)}>{p.summary}</Link>
                      {p.promoted && <span className={styles.sponsored}>Promoted</span>}
                        {p.spend && (
                          // A phone has no room for the Promotion column: the spend goes under the post.
                          <span className={styles.spendInline}>
                            {p.spend.spent.toLocaleString('en')} of {p.spend.budget.toLocaleString('en')} served
                          </span>
                        )}
                    </td>
                    <td>{p.impressions}</td>
                    <td>{p.notes}</td>
                    <td className={styles.promotionColumn}>{p.spend ? <PromotionSpend {...p.spend} /> : <span className={styles.none}>—</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            </div>
          )}
        </div>
      )}
    </div>
  );
}

export function InsightsPage() {
  const { name = '' } = useParams();
  usePageTitle(`Insights · ${name}`);
  return <RequireUser>{() => <BlogInsights key={name} name={name} />}</RequireUser>;
}
