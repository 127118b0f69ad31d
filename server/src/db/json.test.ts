import { sql } from 'kysely';
import { bearer, createTestApp, type TestApp } from '../../test/helpers.js';
import { arrayText, isoTime, isoTimeText, jsonText, objectText } from './json.js';

// Answers PostgreSQL writes as JSON (lib/json-text.ts): they must read exactly as the TypeScript
// presenters' did, and they go through the route's response schema in tests.
let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.login('owner@demo.ro');
});
afterAll(() => t.close());

test('isoTime writes a timestamp as Date.toISOString() does, microseconds cut to milliseconds', async () => {
  const values = [
    '2026-11-26 05:12:51.073456+00',
    '2026-03-29 01:30:00+02',
    '2026-10-25 03:59:59.999999+03',
    '1999-12-31 23:59:59.9995+00',
    '2026-01-01 00:00:00+00',
  ];
  for (const value of values) {
    const { rows } = await sql<{ written: string; read: Date }>`
      select ${isoTime('v.at')} as written, v.at as read from (select cast(${value} as timestamptz) as at) v`.execute(
      t.ctx.db,
    );
    expect(rows[0].written).toBe(new Date(rows[0].read).toISOString());
  }
  const { rows } = await sql<{ written: string | null }>`
    select ${isoTime('v.at')} as written from (select cast(null as timestamptz) as at) v`.execute(t.ctx.db);
  expect(rows[0].written).toBeNull();
});

test('the client list the database wrote matches its schema and the single client answer', async () => {
  const list = await t.app.inject({
    method: 'POST',
    url: '/api/company/1/clients',
    headers: bearer(owner),
    payload: { per_page: 100 },
  });
  expect(list.statusCode).toBe(200);
  expect(list.headers['content-type']).toBe('application/json; charset=utf-8');
  const rows = list.json().data as Record<string, unknown>[];
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows.slice(0, 5)) {
    const one = await t.app.inject({
      method: 'POST',
      url: `/api/company/1/clients/${row.id}`,
      headers: bearer(owner),
      payload: {},
    });
    // The view adds the notes; every other field reads the same from both answers.
    const { notes: _notes, ...client } = one.json().data;
    expect(row).toEqual(client);
  }
});

test('objectText and arrayText write JSON that reads back as the values, in order, escapes and nulls included', async () => {
  const names = ['Firma „Ștefan” SRL', 'Quote " and back\\slash', 'line\nbreak\ttab', null];
  const { rows } = await sql<{ written: string; empty: string }>`
    select (
      select ${arrayText(
        objectText({
          n: sql`v.n`,
          name: jsonText(sql`v.name`),
          at: isoTimeText('v.at'),
          nested: objectText({ even: sql`(v.n % 2 = 0)` }),
        }),
        sql`v.n desc`,
      )}
      from (select e.n::int as n, e.name,
        case when e.n = 1 then cast('2026-11-26 05:12:51.073+00' as timestamptz) end as at
        from json_array_elements_text(cast(${JSON.stringify(names)} as json)) with ordinality as e(name, n)) v
    ) as written,
    (select ${arrayText(sql`'1'`, sql`1`)} from (select 1 where false) e) as empty`.execute(t.ctx.db);
  expect(JSON.parse(rows[0].written)).toEqual(
    names
      .map((name, i) => ({
        n: i + 1,
        name,
        at: i === 0 ? '2026-11-26T05:12:51.073Z' : null,
        nested: { even: (i + 1) % 2 === 0 },
      }))
      .reverse(),
  );
  expect(rows[0].empty).toBe('[]');
});
