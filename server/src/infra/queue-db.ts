import type { PGlite } from '@electric-sql/pglite';
import type { Pool, PoolClient } from 'pg';

/**
 * What the job queue (pg-boss, infra/jobs.ts) needs from the app's database: its `db` option
 * (`executeSql`) and a NOTIFY listener, on the same PostgreSQL pool or embedded PGlite the app uses.
 * pg-boss sends two kinds of SQL: single statements with `$n` parameters, and parameterless strings of
 * several statements (its schema install and migrations, and `BEGIN; SET LOCAL …; advisory lock; …;
 * COMMIT` blocks for maintenance) that only the simple query protocol runs.
 */
export interface QueueDb {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg-boss's own contract: rows of any shape
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
  /** Calls `onNotify` with the payload of every NOTIFY on `channel` (once the notifying transaction commits); answers the unlisten. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
}

/** How long a lost LISTEN connection waits before it connects again (the queue's per-minute sweep covers the gap). */
const RELISTEN_MS = 5000;

/**
 * PostgreSQL through the app's pg pool. `pool.query` sends a string without parameters by the simple
 * protocol (several statements allowed), and pg-pool discards a connection whose query failed instead
 * of reusing it, so a block that failed after its BEGIN leaves no aborted transaction for anyone else.
 */
export function pgQueueDb(pool: Pool): QueueDb {
  return {
    executeSql: (text, values) => pool.query(text, values),
    async listen(channel, onNotify) {
      let client: PoolClient | null = null;
      let closed = false;
      let retry: NodeJS.Timeout | null = null;
      // A connection of its own, held while listening: a pooled one would forget the LISTEN when released.
      const connect = async (): Promise<void> => {
        const next = await pool.connect();
        next.on('notification', (message) => {
          if (message.channel === channel) onNotify(message.payload ?? '');
        });
        next.on('error', () => {
          // The connection dropped (restart, failover): a new one listens again after a pause.
          if (client !== next) return;
          client = null;
          next.release(true);
          if (!closed) retry = setTimeout(reconnect, RELISTEN_MS);
        });
        client = next;
        try {
          await next.query(`LISTEN ${quoteIdentifier(channel)}`);
        } catch (error) {
          if (client === next) {
            client = null;
            next.release(true);
          }
          throw error;
        }
        if (closed && client === next) {
          client = null;
          next.release(true);
        }
      };
      const reconnect = () => {
        retry = null;
        connect().catch(() => {
          if (!closed) retry = setTimeout(reconnect, RELISTEN_MS);
        });
      };
      await connect();
      return async () => {
        closed = true;
        if (retry) clearTimeout(retry);
        const held = client;
        client = null;
        held?.release(true);
      };
    },
  };
}

/**
 * The embedded PGlite (the turn-taking wrapper of infra/pglite-turns.ts): parameterised statements go
 * through `query`, parameterless strings through `exec` (the only way to run several statements), whose
 * results' rows are joined. A failed BEGIN … COMMIT block is rolled back in its own turn by the wrapper,
 * so the one session never stays in an aborted transaction. LISTEN/NOTIFY works in-process: the session
 * that commits a NOTIFY is the one listening.
 */
export function pgliteQueueDb(pglite: PGlite): QueueDb {
  return {
    async executeSql(text, values) {
      if (values?.length) return pglite.query(text, values);
      const results = await pglite.exec(text);
      return { rows: results.flatMap((result) => result.rows) };
    },
    async listen(channel, onNotify) {
      const unlisten = await pglite.listen(channel, (payload) => onNotify(payload));
      return async () => {
        if (!pglite.closed) await unlisten();
      };
    },
  };
}

/** A channel name as an SQL identifier (LISTEN takes no parameter); the names are the code's own constants. */
function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
