import { useState, type FormEvent } from 'react';
import { FEATURE_FLAGS, OVERRIDE_STATES, type AdminFlagView, type FeatureFlag, type OverrideState } from '../../shared/flags';
import { useAdminFlags, useSetFlagOverride, useSetSiteFlag } from '../api/admin-flags';
import page from '../page/page.module.css';
import { PageMessage } from '../page/PageMessage';
import { usePageTitle } from '../page/use-page-title';
import { AdminOnly } from './AdminQueue';
import styles from './AdminFlagsPage.module.css';

const STATE_LABELS: Record<OverrideState, string> = { on: 'On', off: 'Off', default: 'Site-wide value' };

type SetOverride = ReturnType<typeof useSetFlagOverride>;

function FlagItem({ flag, setSite, setOverride }: { flag: AdminFlagView; setSite: ReturnType<typeof useSetSiteFlag>; setOverride: SetOverride }) {
  const nameId = `flag-${flag.name}`;
  return (
    <li className={`${page.card} ${styles.flag}`} aria-labelledby={nameId}>
      <div className={styles.head}>
        <h2 id={nameId} className={styles.name}>
          {flag.name}
        </h2>
        <button
          type="button"
          className={styles.toggle}
          aria-pressed={flag.enabled}
          aria-label={`${flag.name} site-wide`}
          disabled={setSite.isPending}
          onClick={() => setSite.mutate({ name: flag.name, enabled: !flag.enabled })}
        >
          {flag.enabled ? 'On' : 'Off'}
        </button>
      </div>
      <p className={styles.description}>{flag.description}</p>
      {flag.overrides.length > 0 && (
        <ul className={styles.overrides} aria-label={`People with their own ${flag.name}`}>
          {flag.overrides.map((o) => (
            <li key={o.email} className={styles.override}>
              <span>
                {o.tumblelog ?? o.email}: <strong>{o.enabled ? 'on' : 'off'}</strong>
              </span>
              {o.tumblelog && (
                <button
                  type="button"
                  className={styles.remove}
                  disabled={setOverride.isPending}
                  onClick={() => setOverride.mutate({ name: flag.name, tumblelog: o.tumblelog!, state: 'default' })}
                >
                  Back to the site-wide value
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** One person's own value of a flag: found by any of their blogs. */
function OverrideForm({ setOverride }: { setOverride: SetOverride }) {
  const [name, setName] = useState<FeatureFlag>(FEATURE_FLAGS[0]);
  const [tumblelog, setTumblelog] = useState('');
  const [state, setState] = useState<OverrideState>('on');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOverride.mutate({ name, tumblelog: tumblelog.trim(), state }, { onSuccess: () => setTumblelog('') });
  };
  return (
    <section className={page.card} aria-labelledby="override-title">
      <h2 id="override-title" className={page.title}>
        One person’s own value
      </h2>
      <p className={page.muted}>Name one of their blogs. Their own value wins over the site-wide one until you set it back.</p>
      <form className={styles.form} onSubmit={submit}>
        <label>
          Flag
          <select value={name} onChange={(e) => setName(e.target.value as FeatureFlag)}>
            {FEATURE_FLAGS.map((flag) => (
              <option key={flag}>{flag}</option>
            ))}
          </select>
        </label>
        <label>
          Blog
          <input value={tumblelog} onChange={(e) => setTumblelog(e.target.value)} required maxLength={100} autoComplete="off" />
        </label>
        <label>
          Value
          <select value={state} onChange={(e) => setState(e.target.value as OverrideState)}>
            {OVERRIDE_STATES.map((s) => (
              <option key={s} value={s}>
                {STATE_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={styles.save} disabled={setOverride.isPending}>
          {setOverride.isPending ? 'Saving…' : 'Save'}
        </button>
      </form>
      <p role="alert" className={styles.error}>
        {setOverride.error?.message ?? ''}
      </p>
    </section>
  );
}

function FlagsList() {
  usePageTitle('Feature flags');
  const flags = useAdminFlags();
  const setSite = useSetSiteFlag();
  const setOverride = useSetFlagOverride();
  if (flags.isPending) return <PageMessage busy>Loading feature flags…</PageMessage>;
  if (!flags.data) return <PageMessage>{flags.error?.message ?? 'The flags could not be loaded.'}</PageMessage>;
  return (
    <div className={page.column}>
      <section className={page.card} aria-labelledby="flags-title">
        <h1 id="flags-title" className={page.title}>
          Feature flags
        </h1>
        <p className={page.muted}>
          Each switch sets a flag for everyone at once, except the people listed under it with their own value.
          {flags.data.overrides_truncated && ' Only the first 500 people with their own value are listed.'}
        </p>
        <p role="alert" className={styles.error}>
          {setSite.error?.message ?? ''}
        </p>
      </section>
      <OverrideForm setOverride={setOverride} />
      <ul className={styles.list} aria-label="Feature flags">
        {flags.data.flags.map((flag) => (
          <FlagItem key={flag.name} flag={flag} setSite={setSite} setOverride={setOverride} />
        ))}
      </ul>
    </div>
  );
}

/** /admin/flags: for admins (issue 26). */
export function AdminFlagsPage() {
  return <AdminOnly>{() => <FlagsList />}</AdminOnly>;
}
