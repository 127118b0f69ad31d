import type { PGlite } from '@electric-sql/pglite';

/**
 * The embedded database runs each query on this thread, and queries waiting for it follow each other
 * in one promise chain: a burst of requests (50 zips starting at once) would hold the event loop until
 * the last query is done, and no other socket — a health check — would get a turn. Through this
 * wrapper queries and transactions run one after the other, and one that starts more than SLICE_MS
 * after the event loop last had a turn first waits for the next turn (setImmediate): the loop is held
 * for about SLICE_MS plus one query (or one transaction) at most. Queries inside a transaction go to
 * its own handle, untouched. `exec` (parameterless statements, several in one string: the job queue's
 * BEGIN … COMMIT blocks) takes its turn too, and one that fails inside its own BEGIN is rolled back in
 * that same turn: no other query ever lands in the one session's aborted transaction.
 */
const SLICE_MS = 20;

export function yieldingQueries(pglite: PGlite): PGlite {
  let sliceStart = performance.now();
  let last: Promise<unknown> = Promise.resolve();
  const nextTurn = () =>
    new Promise<void>((resolve) =>
      setImmediate(() => {
        sliceStart = performance.now();
        resolve();
      }),
    );
  /** Runs `task` once the previous one is done, after a turn of the event loop when the slice is spent. */
  const inTurn = <T>(task: () => Promise<T>): Promise<T> => {
    const run = last.then(async () => {
      if (performance.now() - sliceStart > SLICE_MS) await nextTurn();
      return task();
    });
    last = run.catch(() => undefined);
    return run;
  };
  const query = ((...args: Parameters<PGlite['query']>) => inTurn(() => pglite.query(...args))) as PGlite['query'];
  const transaction = ((...args: Parameters<PGlite['transaction']>) =>
    inTurn(() => pglite.transaction(...args))) as PGlite['transaction'];
  const exec = ((...args: Parameters<PGlite['exec']>) =>
    inTurn(async () => {
      try {
        return await pglite.exec(...args);
      } catch (error) {
        if (pglite.isInTransaction()) await pglite.exec('ROLLBACK');
        throw error;
      }
    })) as PGlite['exec'];
  return new Proxy(pglite, {
    get(target, key) {
      if (key === 'query') return query;
      if (key === 'exec') return exec;
      if (key === 'transaction') return transaction;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
