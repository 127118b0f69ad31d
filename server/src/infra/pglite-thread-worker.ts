import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ThreadReply, ThreadRequest, ThreadRows, ThreadSetup } from './pglite-thread.js';

/**
 * The embedded database's own thread (pglite-thread.ts): it owns PGlite and runs what the main thread
 * asks through PGlite's public API. The main thread's Kysely holds its one connection for one statement or
 * one whole transaction at a time, so while a transaction is open every statement is that transaction's.
 * A transaction is PGlite's own (`transaction()`), held open until the main thread commits or rolls it back.
 */

const port = parentPort!;
const setup = workerData as ThreadSetup;
const post = (reply: ThreadReply) => port.postMessage(reply);

/** An error as plain data: its message and PostgreSQL's fields (code, constraint, detail…). */
function plainError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  return { ...Object.fromEntries(Object.entries(error)), message: error.message };
}

const pglite = await PGlite.create({
  ...(setup.dataDir ? { dataDir: setup.dataDir } : {}),
  extensions: { pg_trgm },
});

/** The open transaction: its handle, how to end it (commit or not), and its end. */
interface Open {
  tx: Transaction;
  end(commit: boolean): void;
  ended: Promise<unknown>;
}
let open: Open | null = null;

/** Opens a transaction that lasts until `end` is called: committed, or rolled back. */
function begin(): Promise<Open> {
  return new Promise((began, failed) => {
    let end!: (commit: boolean) => void;
    const decided = new Promise<boolean>((resolve) => (end = resolve));
    const ended = pglite.transaction(async (tx) => {
      began({ tx, end, ended });
      if (!(await decided)) await tx.rollback();
    });
    // Before the callback ran, the BEGIN failed; after it, the outcome is the commit's or rollback's.
    ended.catch(failed);
  });
}

/** Ends the open transaction; nothing to do when none is open (Kysely rolls back after a failed commit). */
async function finish(commit: boolean): Promise<void> {
  const ending = open;
  open = null;
  if (!ending) return;
  ending.end(commit);
  await ending.ended;
}

async function perform(request: ThreadRequest): Promise<ThreadRows | null> {
  switch (request.kind) {
    case 'query': {
      const result = await (open?.tx ?? pglite).query(request.text, [...request.params], { rowMode: 'object' });
      return { rows: result.rows, affectedRows: result.affectedRows };
    }
    case 'begin':
      if (open) throw new Error('O tranzacție este deja deschisă.');
      open = await begin();
      return null;
    case 'commit':
    case 'rollback':
      await finish(request.kind === 'commit');
      return null;
    case 'close':
      await pglite.close();
      return null;
  }
}

port.on('message', (request: ThreadRequest) => {
  perform(request).then(
    (value) => post({ id: request.id, value }),
    (error: unknown) => post({ id: request.id, error: plainError(error) }),
  );
});
post({ ready: true });
