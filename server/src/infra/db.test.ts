import { sql } from 'kysely';
import { loadConfig } from '../config.js';
import { openDatabase, type DatabaseHandle } from './db.js';
import { duringRequest } from './request-clock.js';

// Embedded PGlite runs queries on the server's own thread. Under load, the event loop must still get
// turns between them: that is when the server accepts a new connection and reads its request.
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openDatabase(loadConfig({ NODE_ENV: 'test' }, { databaseInMemory: true }));
});
afterAll(() => handle.close());

test('while many callers keep the database busy, the event loop gets a turn between their queries', async () => {
  const CALLERS = 40;
  const ROUNDS = 10;
  let done = 0;
  // What a keep-alive client does: a query, then at once the next one.
  const caller = async () => {
    for (let i = 0; i < ROUNDS; i++) {
      await sql`select ${i}::int as n`.execute(handle.db);
      done++;
    }
  };
  const callers = Array.from({ length: CALLERS }, caller);
  // A new connection's first read is an I/O callback: it runs when the loop gets a turn.
  const seenAt = await new Promise<number>((resolve) => setImmediate(() => resolve(done)));
  await Promise.all(callers);
  expect(done).toBe(CALLERS * ROUNDS);
  // Served within the first round of queries, not after all of them.
  expect(seenAt).toBeLessThanOrEqual(CALLERS);
});

test('the oldest request goes first: a newer request waits while an older one runs its next statements', async () => {
  const served: string[] = [];
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  // A transaction holds the connection; meanwhile three requests, started at 30, 10 and 20, ask for it.
  const transaction = handle.db.transaction().execute(async (trx) => {
    await sql`select 1`.execute(trx);
    await held;
  });
  await new Promise((resolve) => setImmediate(resolve));
  const request = (startedAt: number) =>
    duringRequest(startedAt, async () => {
      await sql`select 1`.execute(handle.db);
      served.push(`${startedAt}: first`);
      await sql`select 2`.execute(handle.db);
      served.push(`${startedAt}: second`);
    });
  const requests = [request(30), request(10), request(20)];
  await new Promise((resolve) => setImmediate(resolve));
  release();
  await Promise.all([transaction, ...requests]);
  // First come, first served per statement would give 30, 10, 20, 30, 10, 20.
  expect(served).toEqual(['10: first', '10: second', '20: first', '20: second', '30: first', '30: second']);
});

test('work outside a request counts from when it asks, after the requests already waiting', async () => {
  const served: string[] = [];
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const transaction = handle.db.transaction().execute(async () => held);
  await new Promise((resolve) => setImmediate(resolve));
  const job = sql`select 1`.execute(handle.db).then(() => served.push('job'));
  const older = duringRequest(performance.now() - 1_000, () =>
    sql`select 1`.execute(handle.db).then(() => served.push('request')),
  );
  release();
  await Promise.all([transaction, job, older]);
  expect(served).toEqual(['request', 'job']);
});
