import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../config.js';
import { openDatabase, type DatabaseHandle } from './db.js';

// Embedded PGlite on a thread of its own (pglite-thread.ts): what a caller of the database sees must not
// change with it — values, errors, transactions, durability.
let dir: string;
let handle: DatabaseHandle;
const config = () => loadConfig({ NODE_ENV: 'test' }, { dataDir: dir, databaseInMemory: false, databaseThread: true });

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dosar-thread-'));
  handle = await openDatabase(config());
  await sql`create table things (id integer primary key, label text not null unique, at timestamptz)`.execute(
    handle.db,
  );
});
afterAll(async () => {
  await handle.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('values come back as on the server thread: numbers, text, timestamps, nulls, affected rows', async () => {
  const at = new Date('2026-11-27T06:15:52.123Z');
  const inserted = await handle.db
    .insertInto('things' as never)
    .values({ id: 1, label: 'Firma „Ștefan” SRL', at } as never)
    .executeTakeFirst();
  expect(inserted.numInsertedOrUpdatedRows).toBe(1n);
  const { rows } = await sql<{ id: number; label: string; at: Date; nothing: null }>`
    select id, label, at, null as nothing from things where id = ${1}`.execute(handle.db);
  expect(rows).toEqual([{ id: 1, label: 'Firma „Ștefan” SRL', at, nothing: null }]);
  // A Date (of the main thread's realm, which is not the test sandbox's: toBeInstanceOf would say no).
  expect(Object.prototype.toString.call(rows[0].at)).toBe('[object Date]');
});

test("a statement's error keeps PostgreSQL's code and constraint", async () => {
  const duplicate = sql`insert into things (id, label) values (2, ${'Firma „Ștefan” SRL'})`.execute(handle.db);
  await expect(duplicate).rejects.toMatchObject({ code: '23505', constraint: 'things_label_key' });
  await expect(sql`select nonsense from things`.execute(handle.db)).rejects.toMatchObject({ code: '42703' });
});

test('a transaction commits whole or not at all, and nothing else runs inside it', async () => {
  await handle.db.transaction().execute(async (trx) => {
    await sql`insert into things (id, label) values (10, 'zece')`.execute(trx);
    await sql`insert into things (id, label) values (11, 'unsprezece')`.execute(trx);
  });
  const failed = handle.db.transaction().execute(async (trx) => {
    await sql`insert into things (id, label) values (12, 'doisprezece')`.execute(trx);
    await sql`insert into things (id, label) values (13, 'zece')`.execute(trx);
  });
  await expect(failed).rejects.toMatchObject({ code: '23505' });
  const ids = await sql<{ id: number }>`select id from things where id >= 10 order by id`.execute(handle.db);
  expect(ids.rows.map((r) => r.id)).toEqual([10, 11]);

  // A statement outside the open transaction waits for its end: it neither sees nor joins its work.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let inserted = false;
  const transaction = handle.db.transaction().execute(async (trx) => {
    await sql`insert into things (id, label) values (14, 'paisprezece')`.execute(trx);
    inserted = true;
    await held;
    await sql`delete from things where id = 14`.execute(trx);
  });
  while (!inserted) await new Promise((resolve) => setTimeout(resolve, 5));
  const outside = sql<{ n: number }>`select count(*)::int as n from things where id = 14`.execute(handle.db);
  await new Promise((resolve) => setTimeout(resolve, 50));
  release();
  await transaction;
  expect((await outside).rows[0].n).toBe(0);
});

test('a transaction that fails is rolled back and frees the database; an empty one commits', async () => {
  const failed = handle.db.transaction().execute(async (trx) => {
    await sql`insert into things (id, label) values (20, 'zece')`.execute(trx);
  });
  await expect(failed).rejects.toMatchObject({ code: '23505' });
  const partly = handle.db.transaction().execute(async (trx) => {
    await sql`insert into things (id, label) values (21, 'douăzeci și unu')`.execute(trx);
    await sql`insert into things (id, label) values (22, 'zece')`.execute(trx);
  });
  await expect(partly).rejects.toMatchObject({ code: '23505' });
  await expect(handle.db.transaction().execute(async () => 'gol')).resolves.toBe('gol');
  const { rows } = await sql<{ id: number }>`select id from things where id >= 20 order by id`.execute(handle.db);
  expect(rows).toEqual([]);
  const inTransaction = await handle.db
    .transaction()
    .execute(async (trx) => (await sql<{ n: number }>`select count(*)::int as n from things`.execute(trx)).rows[0].n);
  expect(inTransaction).toBeGreaterThan(0);
});

test('statements and transactions asked for at once each run whole, one after another', async () => {
  // Each transaction reads the count and writes it back plus one: interleaved, two would read the same.
  await sql`create table counter (n integer not null)`.execute(handle.db);
  await sql`insert into counter values (0)`.execute(handle.db);
  const bump = () =>
    handle.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ n: number }>`select n from counter`.execute(trx);
      await sql`update counter set n = ${rows[0].n + 1}`.execute(trx);
    });
  const reads = () => sql<{ n: number }>`select n from counter`.execute(handle.db);
  await Promise.all([...Array.from({ length: 20 }, bump), ...Array.from({ length: 20 }, reads)]);
  expect((await reads()).rows[0].n).toBe(20);
  await sql`drop table counter`.execute(handle.db);
});

test('what was committed is on disk: closed and opened again, the rows are there', async () => {
  await handle.close();
  handle = await openDatabase(config());
  const { rows } = await sql<{ id: number }>`select id from things order by id`.execute(handle.db);
  expect(rows.map((r) => r.id)).toEqual([1, 10, 11]);
});
