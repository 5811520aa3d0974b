import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './schema';

/**
 * A query on a hot path (every request), built and compiled by Kysely once; each call runs the
 * same SQL with new parameter values. Building and compiling cost more than the query itself.
 * `build` must pass each of its arguments into the query as a value (never into SQL text).
 */
export function compileOnce<A extends unknown[], R>(build: (db: Db, ...args: A) => Compilable<R>) {
  let compiled: CompiledQuery<R> | undefined;
  let positions: number[] = [];
  return async (db: Db, ...args: A): Promise<R[]> => {
    if (!compiled) {
      // Compile with marker objects in place of the arguments, then find where each one landed.
      const markers = args.map((_, i) => ({ marker: i }));
      compiled = build(db, ...(markers as unknown as A)).compile();
      positions = compiled.parameters.map((value) => markers.indexOf(value as { marker: number }));
      if (positions.some((p) => p < 0)) throw new Error('compileOnce: a parameter is not one of the arguments');
    }
    const parameters = positions.map((p) => args[p]);
    const result = await db.executeQuery<R>({ ...compiled, parameters });
    return result.rows;
  };
}
