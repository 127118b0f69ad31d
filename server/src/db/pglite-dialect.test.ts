import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql, type Generated } from 'kysely';
import { PGliteDialect } from './pglite-dialect.js';

// The embedded database as the server drives it: one session, transactions kept to their own requests.
interface Db {
  notes: { id: Generated<number>; text: string };
}
let db: Kysely<Db>;

beforeAll(async () => {
  db = new Kysely<Db>({ dialect: new PGliteDialect(await PGlite.create()) });
  await sql`create table notes (id serial primary key, text text not null)`.execute(db);
});
afterAll(() => db.destroy());
beforeEach(() => db.deleteFrom('notes').execute());

const texts = async () => (await db.selectFrom('notes').select('text').orderBy('id').execute()).map((r) => r.text);

test('a query of another request waits for an open transaction and never runs inside it', async () => {
  let inside!: () => void;
  const opened = new Promise<void>((resolve) => (inside = resolve));
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const transaction = db.transaction().execute(async (trx) => {
    await trx.insertInto('notes').values({ text: 'in the transaction' }).execute();
    inside();
    await held;
    throw new Error('rolled back');
  });
  await opened;
  const seen = texts();
  const outside = db.insertInto('notes').values({ text: 'another request' }).execute();
  release();
  await expect(transaction).rejects.toThrow('rolled back');
  await outside;
  // The other request's insert was not undone by the rollback, and it never saw the uncommitted row.
  expect(await seen).toEqual([]);
  expect(await texts()).toEqual(['another request']);
});

test('a committed transaction keeps its rows; affected rows are counted', async () => {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('notes')
      .values([{ text: 'a' }, { text: 'b' }])
      .execute();
  });
  const updated = await db.updateTable('notes').set({ text: 'c' }).executeTakeFirst();
  expect(updated.numUpdatedRows).toBe(2n);
  expect(await texts()).toEqual(['c', 'c']);
});

test('a failing statement inside a transaction rolls it back and the session goes on', async () => {
  await expect(
    db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ text: 'lost' }).execute();
      await sql`select * from no_such_table`.execute(trx);
    }),
  ).rejects.toThrow(/no_such_table/);
  expect(await texts()).toEqual([]);
  await db.insertInto('notes').values({ text: 'after' }).execute();
  expect(await texts()).toEqual(['after']);
});
