import { EXPORT_LINK_DAYS, EXPORT_TEXTS, type DataExportView } from '../../shared/leaving';
import { ApiError } from '../api/client';
import { useDataExport, useRequestExport } from '../api/leaving';
import page from '../page/page.module.css';
import styles from './leaving.module.css';
import { Button } from '../ui/Button';

const megabytes = (bytes: number) => (bytes < 1_000_000 ? `${Math.max(1, Math.round(bytes / 1000))} KB` : `${(bytes / 1_000_000).toFixed(1)} MB`);
const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

function ExportState({ view }: { view: DataExportView }) {
  if (view.state === 'ready' && view.download_url) {
    return (
      <div role="status" className={styles.ready}>
        <span>{EXPORT_TEXTS.ready}</span>
        <a href={view.download_url} download>
          Download your export{view.size !== null ? ` (${megabytes(view.size)})` : ''}
        </a>
        {view.expires_at && <span>The link works until {day(view.expires_at)}.</span>}
      </div>
    );
  }
  if (view.state === 'failed') {
    return (
      <p role="status" className={styles.alert}>
        {EXPORT_TEXTS.failed}
      </p>
    );
  }
  return (
    <p role="status" className={styles.status}>
      {EXPORT_TEXTS[view.state]}
    </p>
  );
}

/** /settings/account: ask for a ZIP of everything, see how it goes, download it when it is ready. */
export function ExportSection({ verified }: { verified: boolean }) {
  const current = useDataExport();
  const request = useRequestExport();
  const view = current.data ?? null;
  const busy = view?.state === 'requested' || view?.state === 'running';
  const error = request.error instanceof ApiError ? request.error : null;
  return (
    <section className={`${page.card} ${styles.section}`} aria-labelledby="export-title">
      <h2 id="export-title" className={styles.sectionTitle}>
        Export your data
      </h2>
      <p className={styles.text}>
        A ZIP of every blog's posts and their media, your asks, messages, follows and blocks. We email you a link when it is ready;
        it works for {EXPORT_LINK_DAYS} days.
      </p>
      {view && <ExportState view={view} />}
      {error && (
        <p role="alert" className={styles.alert}>
          {error.message}
        </p>
      )}
      {!verified && <p className={styles.muted}>Verify your email address first: the link is sent to it.</p>}
      <Button variant="primary" size="large" className={styles.button} disabled={!verified || busy || request.isPending} onClick={() => request.mutate()}>
        {view ? 'Export your data again' : 'Export your data'}
      </Button>
    </section>
  );
}
