import { PGlite } from '@electric-sql/pglite';
import { preparedPGliteStatements } from './pglite-statements.js';
import { PLANNED_EACH_TIME } from './prepared-statements.js';

// Embedded PGlite with named statements: the same answers and errors as PGlite's own query.
let pglite: PGlite;
let plain: PGlite;
beforeAll(async () => {
  pglite = await PGlite.create();
  plain = await PGlite.create();
  for (const db of [pglite, plain]) {
    await db.exec(`create table t (id int primary key, name text, at timestamptz, data json, tags text[], big bigint);
      insert into t values (1, 'Ștefan', '2026-11-26 05:12:51.073+00', '{"a":[1,2]}', '{x,y}', 9007199254740991);`);
  }
  await preparedPGliteStatements(pglite);
});
afterAll(async () => {
  await pglite.close();
  await plain.close();
});

/** The named statements of the session (the unnamed one, replaced by each new parse, is left out). */
const prepared = async () =>
  (await pglite.query<{ statement: string }>("select statement from pg_prepared_statements where name <> ''")).rows.map(
    (r) => r.statement,
  );

test('a statement with values answers as PGlite does, prepared once', async () => {
  const text = 'select id, name, at, data, tags, big, $2::text as echo from t where id = $1';
  for (let i = 0; i < 3; i++) {
    const params = [1, `ecou ${i}`];
    const ours = await pglite.query(text, params, { rowMode: 'object' });
    const theirs = await plain.query(text, params, { rowMode: 'object' });
    expect(ours.rows).toEqual(theirs.rows);
    expect(ours.fields).toEqual(theirs.fields);
  }
  expect((await prepared()).filter((s) => s === text)).toHaveLength(1);
});

test('values of every kind Kysely sends are bound: dates, booleans, nulls, arrays', async () => {
  const at = new Date('2026-03-29T01:30:00.123Z');
  const { rows } = await pglite.query<{ at: Date; yes: boolean; none: string | null; ids: number[] }>(
    'select $1::timestamptz as at, $2::boolean as yes, $3::text as none, $4::int[] as ids',
    [at, true, null, [3, 1, 2]],
    { rowMode: 'object' },
  );
  expect(rows[0]).toEqual({ at, yes: true, none: null, ids: [3, 1, 2] });
});

test('an error keeps its code, and the next statement runs', async () => {
  const insert = 'insert into t (id, name) values ($1, $2)';
  await expect(pglite.query(insert, [1, 'dublură'])).rejects.toMatchObject({ code: '23505' });
  await expect(pglite.query('select nu_exista from t where id = $1', [1])).rejects.toMatchObject({ code: '42703' });
  await pglite.query(insert, [2, 'Ana']);
  const { rows } = await pglite.query<{ name: string }>('select name from t where id = $1', [2]);
  expect(rows).toEqual([{ name: 'Ana' }]);
});

test('marked statements are not kept under a name; writes report their rows', async () => {
  const marked = `${PLANNED_EACH_TIME} select count(*)::int as n from t where id > $1`;
  expect((await pglite.query<{ n: number }>(marked, [0])).rows[0].n).toBe(2);
  const update = await pglite.query('update t set name = $1 where id > $2', ['x', 0]);
  expect(update.affectedRows).toBe(2);
  expect(await prepared()).not.toContain(marked);
});

test('a statement keeps its generic plan; a marked one is planned for its values, written in exactly', async () => {
  const text = 'select name as generic from t where id = $1';
  for (let i = 0; i < 3; i++) await pglite.query(text, [1]);
  const { rows: plans } = await pglite.query<{ generic_plans: number; custom_plans: number }>(
    'select generic_plans::int, custom_plans::int from pg_prepared_statements where statement = $1',
    [text],
  );
  expect(plans).toEqual([{ generic_plans: 3, custom_plans: 0 }]);
  const tricky = "O'Brien \\ $1 -- /* ' or '1'='1";
  const { rows } = await pglite.query<{ v: string; n: number }>(
    `${PLANNED_EACH_TIME} select $1::text as v, length($1) as n, '$2 stays' as s`,
    [tricky],
  );
  expect(rows[0]).toEqual({ v: tricky, n: tricky.length, s: '$2 stays' });
});

test('a notification sent by a prepared statement reaches the listener', async () => {
  const heard: string[] = [];
  await pglite.listen('canal', (payload) => heard.push(payload));
  await pglite.query('select pg_notify($1, $2)', ['canal', 'salut']);
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(heard).toEqual(['salut']);
});
