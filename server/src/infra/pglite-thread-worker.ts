import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { preparedPGliteStatements } from './pglite-statements.js';
import type { ThreadReply, ThreadRequest, ThreadSetup } from './pglite-thread.js';

/**
 * The embedded database's own thread (pglite-thread.ts): it owns PGlite and runs one statement at a time,
 * the oldest request's first. While a transaction is open only its statements run; the others wait.
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

type Waiting = ThreadRequest & { seq: number };
const waiting: Waiting[] = [];
const unlisteners = new Map<string, () => Promise<void>>();
let seq = 0;
let openTx: number | null = null;
let nextTx = 1;
let running = false;

/** The next request to run: the open transaction's own, else the oldest of those outside any. */
function next(): Waiting | undefined {
  let best = -1;
  for (let i = 0; i < waiting.length; i++) {
    const w = waiting[i];
    const eligible = openTx === null ? w.tx === null : w.tx === openTx;
    if (!eligible) continue;
    if (openTx !== null) {
      best = i;
      break;
    }
    if (best === -1 || w.at < waiting[best].at || (w.at === waiting[best].at && w.seq < waiting[best].seq)) best = i;
  }
  return best === -1 ? undefined : waiting.splice(best, 1)[0];
}

async function perform(request: ThreadRequest): Promise<unknown> {
  switch (request.kind) {
    case 'query': {
      const result = await pglite.query(request.text, [...request.params], { rowMode: 'object' });
      return { rows: result.rows, affectedRows: result.affectedRows };
    }
    case 'begin':
      await pglite.exec('begin');
      openTx = nextTx++;
      return openTx;
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

async function run(): Promise<void> {
  if (running) return;
  running = true;
  try {
    for (let request = next(); request; request = next()) {
      try {
        post({ id: request.id, value: await perform(request) });
      } catch (error) {
        post({ id: request.id, error: plainError(error) });
      }
    }
  } finally {
    running = false;
  }
}

port.on('message', (request: ThreadRequest) => {
  // A statement of a transaction that has ended (its commit failed, say) would wait for ever: refused.
  if (request.tx !== null && request.tx !== openTx) {
    post({ id: request.id, error: { message: 'Tranzacția nu mai este deschisă.', code: '25P01' } });
    return;
  }
  waiting.push({ ...request, seq: seq++ });
  void run();
});
post({ ready: true });
