import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { OldestFirst } from './oldest-first.js';
import { preparedPGliteStatements } from './pglite-statements.js';
import type { ThreadReply, ThreadRequest, ThreadSetup } from './pglite-thread.js';

/**
 * The embedded database's own thread (pglite-thread.ts): it owns PGlite and runs one statement, or one
 * whole transaction, at a time, the oldest request's first (OldestFirst, as on the server's thread).
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
await preparedPGliteStatements(pglite);

/** Who holds the database: one statement, or one transaction from its begin to its end, oldest request first. */
const holders = new OldestFirst();
const unlisteners = new Map<string, () => Promise<void>>();
let openTx: number | null = null;
let nextTx = 1;

async function perform(request: ThreadRequest): Promise<unknown> {
  switch (request.kind) {
    case 'query': {
      const result = await pglite.query(request.text, [...request.params], { rowMode: 'object' });
      return { rows: result.rows, affectedRows: result.affectedRows };
    }
    case 'commit':
    case 'rollback':
      try {
        await pglite.exec(request.kind);
      } finally {
        openTx = null;
      }
      return null;
    case 'listen':
      if (!unlisteners.has(request.channel))
        unlisteners.set(
          request.channel,
          await pglite.listen(request.channel, (payload) => post({ notify: request.channel, payload })),
        );
      return null;
    case 'unlisten':
      await unlisteners.get(request.channel)?.();
      unlisteners.delete(request.channel);
      return null;
    case 'close':
      await pglite.close();
      return null;
  }
}

/**
 * Runs one request and posts its value or its error. A transaction's first statement (`begin`) opens the
 * transaction before it runs; its answer names the transaction, also with an error after the BEGIN (the
 * transaction is then open until its rollback).
 */
async function serve(request: ThreadRequest): Promise<void> {
  let opened: number | null = null;
  try {
    if (request.kind === 'query' && request.begin) {
      await pglite.exec('begin');
      opened = openTx = nextTx++;
    }
    const value = await perform(request);
    post({ id: request.id, value: opened === null ? value : { result: value, tx: opened } });
  } catch (error) {
    const fields = plainError(error);
    post({ id: request.id, error: opened === null ? fields : { ...fields, openTx: opened } });
  }
}

port.on('message', (request: ThreadRequest) => {
  if (request.tx === null) {
    // A transaction's first statement keeps the database until the transaction ends; anything else only
    // while it runs.
    void holders.enter(request.at).then(async () => {
      await serve(request);
      if (openTx === null) holders.leave();
    });
    return;
  }
  // A statement of a transaction that has ended (its commit failed, say) would wait for ever: refused.
  if (request.tx !== openTx) {
    post({ id: request.id, error: { message: 'Tranzacția nu mai este deschisă.', code: '25P01' } });
    return;
  }
  // The open transaction holds the database: its statements run at once, its end lets the next one in.
  void serve(request).then(() => {
    if (request.kind === 'commit' || request.kind === 'rollback') holders.leave();
  });
});
post({ ready: true });
