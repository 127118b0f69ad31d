import { createTestApp, type TestApp } from '../../../test/helpers.js';
import {
  api,
  categoryIdsByName,
  createClient,
  createCompany,
  createHolding,
  createUser,
  type Actor,
  type Company,
} from '../../../test/factories.js';
import { currentMonth } from '../../lib/ro-calendar.js';

/** The firm's default set, a client's requirements and profile (docs/api/month.md). */

let t: TestApp;
let firm: Company;
let staff: Actor;
let other: Company;
const IBAN_1 = 'RO49AAAA1B31007593840000';
const IBAN_2 = 'RO66BACX0000001234567890';

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  firm = await createCompany(t);
  staff = await createUser(t, firm, { role: 3 });
  other = await createCompany(t);
});
afterAll(() => t.close());

const C = (company: Company) => `/api/company/${company.id}`;
type Requirement = {
  id: number;
  name: string;
  details: string | null;
  source: string;
  starts_period: string;
  category: { name: string } | null;
};

test('a new company starts with the default set and the „Bonuri fiscale” category; the firm reads it', async () => {
  const res = await api(t)
    .as(staff)
    .post(`${C(firm)}/requirement-defaults`, {});
  expect(res.status).toBe(200);
  expect(res.json.meta).toEqual({ due_day: 5 });
  expect(
    res.json.data.map((d: { name: string; applies: string; category: { name: string } }) => [
      d.name,
      d.applies,
      d.category.name,
    ]),
  ).toEqual([
    ['Facturi emise', 'always', 'Facturi emise'],
    ['Facturi primite', 'always', 'Facturi primite'],
    ['Extras de cont', 'bank_account', 'Extrase bancare'],
    ['Bonuri fiscale / Raport Z', 'cash_register', 'Bonuri fiscale'],
    ['State de plată / pontaj', 'employees', 'Salarii'],
  ]);
});

test('a new client owes the always items and one bank statement from this month on', async () => {
  const client = await createClient(t, firm);
  const res = await api(t)
    .as(staff)
    .post(`${C(firm)}/clients/${client.id}/requirements`, {});
  expect(res.status).toBe(200);
  expect(res.json.data.map((r: Requirement) => [r.name, r.details, r.source, r.starts_period])).toEqual([
    ['Facturi emise', null, 'always', currentMonth()],
    ['Facturi primite', null, 'always', currentMonth()],
    ['Extras de cont', null, 'bank_account', currentMonth()],
  ]);
  expect(res.json.meta.profile).toEqual({
    bank_accounts: [],
    has_employees: false,
    has_cash_register: false,
    due_day: null,
  });
});

test('a client created by a holding owes the default set too', async () => {
  const holding = await createHolding(t, firm);
  const client = await createClient(t, holding, { company_id: firm.id });
  const res = await api(t)
    .as(firm.owner)
    .post(`${C(firm)}/clients/${client.id}/requirements`, {});
  expect(res.json.data).toHaveLength(3);
});

test('the profile adds and drops the items it brings; custom ones stay', async () => {
  const client = await createClient(t, firm);
  const url = `${C(firm)}/clients/${client.id}`;
  const custom = await api(t)
    .as(firm.owner)
    .post(`${url}/storeRequirement`, { name: 'Declarația 112', frequency: 'monthly' });
  expect(custom.status).toBe(201);
  expect(custom.json.data).toMatchObject({ name: 'Declarația 112', source: 'custom', starts_period: currentMonth() });

  const res = await api(t)
    .as(firm.owner)
    .post(`${url}/profile`, {
      bank_accounts: ['ro49 aaaa 1b31 0075 9384 0000', IBAN_2],
      has_employees: true,
      due_day: 10,
    });
  expect(res.status).toBe(200);
  expect(res.json.meta.profile).toEqual({
    bank_accounts: [IBAN_1, IBAN_2],
    has_employees: true,
    has_cash_register: false,
    due_day: 10,
  });
  const names = (rows: Requirement[]) => rows.map((r) => `${r.name}${r.details ? ` ${r.details}` : ''}`).sort();
  expect(names(res.json.data)).toEqual(
    [
      'Declarația 112',
      `Extras de cont ${IBAN_1}`,
      `Extras de cont ${IBAN_2}`,
      'Facturi emise',
      'Facturi primite',
      'State de plată / pontaj',
    ].sort(),
  );

  const back = await api(t)
    .as(firm.owner)
    .post(`${url}/profile`, { bank_accounts: [], has_employees: false, has_cash_register: true });
  expect(names(back.json.data)).toEqual(
    ['Bonuri fiscale / Raport Z', 'Declarația 112', 'Extras de cont', 'Facturi emise', 'Facturi primite'].sort(),
  );
});

test('validation: IBAN checksum, names, categories of another firm, due day', async () => {
  const client = await createClient(t, firm);
  const url = `${C(firm)}/clients/${client.id}`;
  const bad = await api(t)
    .as(firm.owner)
    .post(`${url}/profile`, { bank_accounts: ['RO49AAAA1B31007593840001'] });
  expect(bad.status).toBe(422);
  expect(bad.json.errors.bank_accounts[0]).toMatch(/IBAN/);
  const many = await api(t)
    .as(firm.owner)
    .post(`${url}/profile`, {
      bank_accounts: Array(11)
        .fill(0)
        .map((_, i) => `RO${i}`),
    });
  expect(many.status).toBe(422);
  expect((await api(t).as(firm.owner).post(`${url}/profile`, { due_day: 32 })).status).toBe(422);

  const theirs = Object.values(await categoryIdsByName(t, other))[0];
  const foreign = await api(t)
    .as(firm.owner)
    .post(`${url}/storeRequirement`, { name: 'X', frequency: 'monthly', category_id: theirs });
  expect(foreign.status).toBe(422);
  expect(foreign.json.errors.category_id).toEqual(['Categoria aleasă nu există.']);
  const blank = await api(t).as(firm.owner).post(`${url}/storeRequirement`, { name: '  ', frequency: 'monthly' });
  expect(blank.status).toBe(422);
  expect(blank.json.errors.name).toBeDefined();
  const long = await api(t)
    .as(firm.owner)
    .post(`${url}/storeRequirement`, { name: 'x'.repeat(121), frequency: 'weekly' });
  expect(long.status).toBe(422);
  expect(long.json.errors.frequency).toBeDefined();
});

test('the firm edits its default set and due day; a deleted default stays with the clients', async () => {
  const ids = await categoryIdsByName(t, firm);
  const store = await api(t)
    .as(firm.owner)
    .post(`${C(firm)}/storeRequirementDefault`, {
      name: 'Contracte noi',
      frequency: 'yearly',
      category_id: ids.Contracte,
    });
  expect(store.status).toBe(201);
  expect(store.json.data).toMatchObject({
    name: 'Contracte noi',
    frequency: 'yearly',
    applies: 'always',
    category: { name: 'Contracte' },
  });
  const client = await createClient(t, firm);
  const update = await api(t)
    .as(firm.owner)
    .post(`${C(firm)}/requirement-defaults/${store.json.data.id}/update`, { details: 'Doar cele noi' });
  expect(update.json.data.details).toBe('Doar cele noi');
  expect(
    (
      await api(t)
        .as(firm.owner)
        .post(`${C(firm)}/requirement-defaults/${store.json.data.id}/delete`)
    ).status,
  ).toBe(200);
  const listed = await api(t)
    .as(firm.owner)
    .post(`${C(firm)}/clients/${client.id}/requirements`, {});
  expect(listed.json.data.map((r: Requirement) => r.name)).toContain('Contracte noi');
  const settings = await api(t)
    .as(firm.owner)
    .post(`${C(firm)}/month-settings/update`, { due_day: 25 });
  expect(settings.json).toMatchObject({ due_day: 25 });
  expect(
    (
      await api(t)
        .as(firm.owner)
        .post(`${C(firm)}/requirement-defaults`, {})
    ).json.meta.due_day,
  ).toBe(25);
  await api(t)
    .as(firm.owner)
    .post(`${C(firm)}/month-settings/update`, { due_day: 5 });
});

test('deleting a requirement ends it this month; update changes it', async () => {
  const client = await createClient(t, firm);
  const url = `${C(firm)}/clients/${client.id}`;
  const [first] = (await api(t).as(firm.owner).post(`${url}/requirements`, {})).json.data as Requirement[];
  const updated = await api(t)
    .as(firm.owner)
    .post(`${url}/requirements/${first.id}/update`, { name: 'Facturi de vânzare' });
  expect(updated.json.data.name).toBe('Facturi de vânzare');
  expect((await api(t).as(firm.owner).post(`${url}/requirements/${first.id}/delete`)).status).toBe(200);
  expect((await api(t).as(firm.owner).post(`${url}/requirements/${first.id}/delete`)).status).toBe(404);
  const row = await t.ctx.db
    .selectFrom('requirements')
    .select(['deleted_at', 'ends_period'])
    .where('id', '=', first.id)
    .executeTakeFirstOrThrow();
  expect(row.deleted_at).not.toBeNull();
  expect(row.ends_period).toBe(currentMonth());
});

test('roles: staff reads but does not write; a holding has no such calls; another firm sees 404', async () => {
  const client = await createClient(t, firm);
  const url = `${C(firm)}/clients/${client.id}`;
  expect((await api(t).as(staff).post(`${url}/storeRequirement`, { name: 'X', frequency: 'monthly' })).status).toBe(
    403,
  );
  expect((await api(t).as(staff).post(`${url}/profile`, { has_employees: true })).status).toBe(403);
  expect(
    (
      await api(t)
        .as(staff)
        .post(`${C(firm)}/storeRequirementDefault`, { name: 'X', frequency: 'monthly' })
    ).status,
  ).toBe(403);
  expect(
    (
      await api(t)
        .as(staff)
        .post(`${C(firm)}/month-settings/update`, { due_day: 3 })
    ).status,
  ).toBe(403);
  const theirs = await api(t)
    .as(other.owner)
    .post(`${C(other)}/clients/${client.id}/requirements`, {});
  expect(theirs.status).toBe(404);
  const [req] = (await api(t).as(firm.owner).post(`${url}/requirements`, {})).json.data as Requirement[];
  const otherClient = await createClient(t, other);
  expect(
    (
      await api(t)
        .as(other.owner)
        .post(`${C(other)}/clients/${otherClient.id}/requirements/${req.id}/update`, { name: 'Y' })
    ).status,
  ).toBe(404);
  const defaults = (
    await api(t)
      .as(firm.owner)
      .post(`${C(firm)}/requirement-defaults`, {})
  ).json.data;
  expect(
    (
      await api(t)
        .as(other.owner)
        .post(`${C(other)}/requirement-defaults/${defaults[0].id}/delete`)
    ).status,
  ).toBe(404);
});
