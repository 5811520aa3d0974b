/** The name of the unique constraint a write broke, or null for any other error. */
export function uniqueViolation(error: unknown): string | null {
  const e = error as { code?: string; constraint?: string } | null;
  return e?.code === '23505' ? (e.constraint ?? '') : null;
}
