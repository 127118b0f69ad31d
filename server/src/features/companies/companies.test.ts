import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { cuiTaken, DEFAULT_CATEGORIES, provisionCompany } from './index.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

describe('provisionCompany', () => {
  it('creates an active company with its trial, the default categories and its owner, in one transaction', async () => {
    const { companyId, ownerId } = await t.ctx.db
      .transaction()
      .execute((trx) =>
        provisionCompany(
          trx,
          { name: 'Nouă SRL', cui: 'RO12345674', email: 'office@noua.ro', phone: null },
          { name: 'Ana Pop', email: 'ana@noua.ro', password_hash: null },
        ),
      );
    const db = t.ctx.db;
    const company = await db.selectFrom('companies').selectAll().where('id', '=', companyId).executeTakeFirstOrThrow();
    expect(company).toMatchObject({ name: 'Nouă SRL', cui: 'RO12345674', status: 'active', reg_no: null });
    const categories = await db
      .selectFrom('categories')
      .select(['name', 'position', 'holding_id'])
      .where('company_id', '=', companyId)
      .orderBy('position')
      .execute();
    expect(categories.map((c) => c.name)).toEqual(DEFAULT_CATEGORIES);
    expect(categories.every((c) => c.holding_id === null)).toBe(true);
    const owner = await db.selectFrom('users').selectAll().where('id', '=', ownerId).executeTakeFirstOrThrow();
    expect(owner).toMatchObject({ role: 2, company_id: companyId, holding_id: null, password_hash: null });
    const subscriptions = await db
      .selectFrom('subscriptions')
      .selectAll()
      .where('company_id', '=', companyId)
      .execute();
    expect(subscriptions.map((s) => s.status)).toEqual(['trial']);
  });

  it('leaves nothing behind when the owner e-mail is taken (the caller words the 23505)', async () => {
    const before = await t.ctx.db.selectFrom('companies').select('id').execute();
    await expect(
      t.ctx.db
        .transaction()
        .execute((trx) =>
          provisionCompany(
            trx,
            { name: 'Dublură SRL', cui: 'RO23456783', email: null, phone: null },
            { name: 'Ana', email: 'ana@noua.ro', password_hash: 'x' },
          ),
        ),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await t.ctx.db.selectFrom('companies').select('id').execute()).toHaveLength(before.length);
  });

  it('finds a taken CUI whatever its spacing or RO prefix', async () => {
    expect(await cuiTaken(t.ctx.db, '12345674')).toBe(true);
    expect(await cuiTaken(t.ctx.db, 'ro 12345674')).toBe(true);
    expect(await cuiTaken(t.ctx.db, '23456783')).toBe(false);
  });
});
