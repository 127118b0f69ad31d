import { sql } from 'kysely';
import { createCompany, type Company } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { lockTenants, withTenantsLocked } from './limits.js';

// Two connections at once: PostgreSQL only (PGlite has one session).
const onPostgres = process.env.TEST_DATABASE_URL ? test : test.skip;

let t: TestApp;
let firm: Company;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  firm = await createCompany(t);
});
afterAll(() => t.close());

/** Runs `work` in a transaction of its own that gives up on a lock after 1 s (55P03). */
const meanwhile = (work: (db: TestApp['ctx']['db']) => Promise<unknown>) =>
  t.ctx.db.transaction().execute(async (other) => {
    await sql`set local lock_timeout = '1s'`.execute(other);
    return work(other);
  });

onPostgres('a tenant held for a limit still lets other rows name it; a second writer of the tenant waits', async () => {
  await withTenantsLocked(t.ctx.db, [{ companyId: firm.id }], async () => {
    // A new row referring to the company (its foreign key check) is not held up: no deadlock with a
    // transaction that holds another row and then inserts such a row.
    await meanwhile((db) =>
      db.insertInto('clients').values({ company_id: firm.id, name: 'Gri Paralel SRL' }).execute(),
    );
    // A second writer of the same tenant waits for the first (here: gives up after 1 s).
    await expect(meanwhile((db) => lockTenants(db, [{ companyId: firm.id }]))).rejects.toMatchObject({ code: '55P03' });
  });
});
