// Everything the bench starts registers how to stop it here, so an error, Ctrl-C or the
// overall deadline still stops servers and drops the scratch database.
type Cleanup = () => Promise<void> | void;

const pending = new Set<Cleanup>();

/** Registers a cleanup; the returned function runs it once and unregisters it. */
export function onCleanup(cleanup: Cleanup): () => Promise<void> {
  pending.add(cleanup);
  return async () => {
    if (!pending.delete(cleanup)) return;
    await cleanup();
  };
}

/** Runs every cleanup still registered, newest first (servers stop before their database goes). */
export async function runCleanups(): Promise<void> {
  for (const cleanup of [...pending].reverse()) {
    pending.delete(cleanup);
    await Promise.resolve()
      .then(cleanup)
      .catch((error: unknown) => console.error(`cleanup failed: ${String(error)}`));
  }
}
