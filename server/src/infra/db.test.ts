import { sql } from 'kysely';
import { loadConfig } from '../config.js';
import { openDatabase, type DatabaseHandle } from './db.js';

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
