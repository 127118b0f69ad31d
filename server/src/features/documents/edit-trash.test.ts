import fs from 'node:fs';
import path from 'node:path';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { readZip } from '../../../test/zip-reader.js';
import {
  api,
  categoriesOf,
  createClient,
  createCompany,
  createHolding,
  createUser,
  uploadDocument,
  type Actor,
  type Company,
  type Document,
} from '../../../test/factories.js';
import type { Storage } from '../../infra/storage.js';
import { purgeExpiredTrash } from './trash-purge.js';
import { manualClock } from '../../infra/clock.js';

// Moving, renaming, bulk actions, the trash with restore and its retention job, through both doors.
// The world: a company (owner, staff), a holding (administrator, a member) with the company's client
// inside it, and another company with a client of its own.
let t: TestApp;
let company: Company;
let other: Company;
let staff: Actor;
let admin: Actor; // role 4 of the holding
let member: Actor; // role 5 of the holding
let client: number; // the company's client inside the holding
let holdingId: number;
let otherClient: number;
let cat: Record<string, number>;
let otherCategory: number;

const co = (path: string) => `/api/company/${company.id}/clients/${client}${path}`;
const ho = (path: string) => `/api/holding/${holdingId}/clients/${client}${path}`;
const post = (who: Actor | string, url: string, body?: object) => api(t).as(who).post(url, body);

/** The documents the company's client view lists, by name → [category name, month]. */
async function listed(): Promise<Record<string, [string | null, string | null]>> {
  const res = await post(company.owner, co(''));
  expect(res.status).toBe(200);
  return Object.fromEntries(
    (res.json.documents as { name: string; category: { name: string } | null; period: string | null }[]).map((d) => [
      d.name,
      [d.category?.name ?? null, d.period],
    ]),
  );
}

async function zipNames(ids?: number[]): Promise<string[]> {
  const res = await post(company.owner, co('/collection'), ids ? { ids } : {});
  if (res.status === 404) return [];
  expect(res.status).toBe(200);
  return readZip(res.res.rawPayload).map((e) => e.name);
}

const doc = (who: Actor, name: string, category = cat['Facturi emise'], period = '2026-01') =>
  uploadDocument(t, who, { id: client }, { name, period, category_id: category });

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  other = await createCompany(t);
  company = await createCompany(t);
  staff = await createUser(t, company, { role: 3 });
  const holding = await createHolding(t, company);
  holdingId = holding.id;
  client = holding.client.id;
  admin = holding.admin as Actor;
  member = await createUser(t, holding, { role: 5 });
  otherClient = (await createClient(t, other)).id;
  cat = Object.fromEntries((await categoriesOf(t, company)).map((c) => [c.name, c.id]));
  otherCategory = (await categoriesOf(t, other))[0].id;
});
afterAll(() => t.close());

describe('media/{id}/update', () => {
  test('the owner moves a document to another category and month: the list (not a stale cached one) and the zip follow', async () => {
    const d = await doc(company.owner, 'extras-martie.pdf');
    expect((await listed())['extras-martie.pdf']).toEqual(['Facturi emise', '2026-01']); // now cached
    const res = await post(company.owner, co(`/media/${d.id}/update`), {
      category_id: cat['Extrase bancare'] ?? cat['Facturi primite'],
      period: '2026-03',
    });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('Documentul a fost actualizat.');
    const where = res.json.data.category.name as string;
    expect(res.json.data).toMatchObject({ id: d.id, period: '2026-03', name: 'extras-martie.pdf' });
    expect((await listed())['extras-martie.pdf']).toEqual([where, '2026-03']);
    expect(await zipNames([d.id])).toEqual([`${where}/2026-03/extras-martie.pdf`]);
  });

  test('staff renames; the extension of the stored type is kept, whatever the new name says', async () => {
    const d = await doc(company.owner, 'scan1.pdf');
    let res = await post(staff, co(`/media/${d.id}/update`), { name: '  Factură furnizor  ' });
    expect(res.status).toBe(200);
    expect(res.json.data.name).toBe('Factură furnizor.pdf');
    res = await post(staff, co(`/media/${d.id}/update`), { name: 'virus.exe' });
    expect(res.json.data.name).toBe('virus.exe.pdf');
    res = await post(staff, co(`/media/${d.id}/update`), { name: '../../etc/raport.pdf', category_id: null });
    expect(res.json.data).toMatchObject({ name: 'raport.pdf', category_id: null });
    expect(await zipNames([d.id])).toEqual(['Fără categorie/2026-01/raport.pdf']);
  });

  test('422 with field errors: bad month, a category outside the client set, empty or long names, nothing to change', async () => {
    const d = await doc(company.owner, 'validare.pdf');
    const url = co(`/media/${d.id}/update`);
    const cases: [object, string][] = [
      [{ period: '2026-13' }, 'period'],
      [{ period: '1999-01' }, 'period'],
      [{ category_id: otherCategory }, 'category_id'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(201) }, 'name'],
      [{}, 'name'],
      [{ name: 'a', extra: 1 }, 'extra'],
    ];
    for (const [body, field] of cases) {
      const res = await post(company.owner, url, body);
      expect([res.status, body]).toEqual([422, body]);
      if (field !== 'extra') expect(Object.keys(res.json.errors ?? {})).toContain(field);
    }
    expect((await listed())['validare.pdf']).toEqual(['Facturi emise', '2026-01']);
  });

  test('a holding person moves only its side’s uploads; role 5 only its own; other tenants get 404', async () => {
    const byCompany = await doc(company.owner, 'de-la-firma.pdf');
    const byMember = await doc(member, 'de-la-membru.pdf');
    const byAdmin = await doc(admin, 'de-la-admin.pdf');
    expect((await post(admin, ho(`/media/${byCompany.id}/update`), { period: '2026-02' })).status).toBe(403);
    expect((await post(admin, ho(`/media/${byMember.id}/update`), { period: '2026-02' })).status).toBe(200);
    expect((await post(member, ho(`/media/${byAdmin.id}/update`), { period: '2026-02' })).status).toBe(403);
    expect((await post(member, ho(`/media/${byMember.id}/update`), { name: 'al meu' })).json.data.name).toBe(
      'al meu.pdf',
    );
    // Another company: its own door with our client, or our door.
    const foreign = `/api/company/${other.id}/clients/${client}/media/${byCompany.id}/update`;
    expect((await post(other.owner, foreign, { period: '2026-02' })).status).toBe(404);
    expect((await post(other.owner, co(`/media/${byCompany.id}/update`), { period: '2026-02' })).status).toBe(404);
    // A document of another client of the company through this client: 404.
    const stray = await uploadDocument(t, other.owner, { id: otherClient }, { name: 'strain.pdf' });
    expect((await post(company.owner, co(`/media/${stray.id}/update`), { period: '2026-02' })).status).toBe(404);
    // The role refusal comes before the body is read.
    const res = await post(admin, `/api/company/${company.id}/clients/${client}/media/${byCompany.id}/update`, {
      period: 'nope',
    });
    expect(res.status).toBe(403);
  });
});

describe('media/bulk', () => {
  let a: Document;
  let b: Document;
  let c: Document;
  beforeAll(async () => {
    a = await doc(company.owner, 'bulk-a.pdf');
    b = await doc(company.owner, 'bulk-b.pdf');
    c = await doc(member, 'bulk-c.pdf');
  });

  test('moves several documents at once; the answer counts them in Romanian', async () => {
    const res = await post(staff, co('/media/bulk'), { ids: [a.id, b.id], action: 'move', period: '2026-04' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: '2 documente au fost mutate.', count: 2 });
    const list = await listed();
    expect([list['bulk-a.pdf'][1], list['bulk-b.pdf'][1]]).toEqual(['2026-04', '2026-04']);
  });

  test('all or nothing: one id of another client (404) or one the caller may not touch (403) changes nothing', async () => {
    const stray = await uploadDocument(t, other.owner, { id: otherClient }, { name: 'alt.pdf' });
    let res = await post(company.owner, co('/media/bulk'), { ids: [a.id, stray.id], action: 'delete' });
    expect(res.status).toBe(404);
    res = await post(member, ho('/media/bulk'), { ids: [c.id, a.id], action: 'move', period: '2026-05' });
    expect(res.status).toBe(403);
    res = await post(member, ho('/media/bulk'), { ids: [c.id, a.id], action: 'delete' });
    expect(res.status).toBe(403);
    res = await post(staff, co('/media/bulk'), { ids: [a.id], action: 'delete' }); // staff never deletes
    expect(res.status).toBe(403);
    const list = await listed();
    expect([list['bulk-a.pdf'], list['bulk-c.pdf']]).toEqual([
      ['Facturi emise', '2026-04'],
      ['Facturi emise', '2026-01'],
    ]);
  });

  test('422: no ids, more than 100, an unknown action, a move with nowhere to go, a foreign category', async () => {
    for (const body of [
      { ids: [], action: 'move', period: '2026-01' },
      { ids: Array.from({ length: 101 }, (_, i) => i + 1), action: 'delete' },
      { ids: [a.id], action: 'purge' },
      { ids: [a.id], action: 'move' },
      { ids: [a.id], action: 'move', category_id: otherCategory },
    ]) {
      expect([(await post(company.owner, co('/media/bulk'), body)).status, body]).toEqual([422, body]);
    }
    expect((await post(other.owner, co('/media/bulk'), { ids: [a.id], action: 'delete' })).status).toBe(404);
  });

  test('the zip of a selection holds exactly the selected documents', async () => {
    expect((await zipNames([a.id, c.id])).sort()).toEqual([
      'Facturi emise/2026-01/bulk-c.pdf',
      'Facturi emise/2026-04/bulk-a.pdf',
    ]);
  });
});

describe('trash and restore', () => {
  test('deleted documents leave the list and the zip, show in the trash with who and when, and come back', async () => {
    const a = await doc(company.owner, 'gunoi-a.pdf');
    const b = await doc(company.owner, 'gunoi-b.pdf');
    expect((await post(company.owner, co(`/media/${a.id}/delete`))).status).toBe(200);
    const bulk = await post(company.owner, co('/media/bulk'), { ids: [b.id], action: 'delete' });
    expect(bulk.json.message).toBe('1 document a fost mutat în coșul de gunoi.');
    expect(Object.keys(await listed())).not.toContain('gunoi-a.pdf');
    expect(await zipNames([a.id, b.id])).toEqual([]);

    const trash = await post(company.owner, co('/trash'));
    expect(trash.status).toBe(200);
    expect(trash.json.retention_days).toBe(90);
    const item = (trash.json.data as { id: number }[]).find((d) => d.id === a.id);
    expect(item).toMatchObject({
      name: 'gunoi-a.pdf',
      deleted_by: { id: company.owner.id, name: company.owner.name },
      deleted_at: expect.any(String),
      purges_at: expect.any(String),
    });

    expect((await post(company.owner, co(`/media/${a.id}/restore`))).json.message).toBe('Documentul a fost restaurat.');
    expect((await listed())['gunoi-a.pdf']).toEqual(['Facturi emise', '2026-01']);
    expect(await zipNames([a.id, b.id])).toEqual(['Facturi emise/2026-01/gunoi-a.pdf']);
    expect((await post(company.owner, co('/trash'))).json.data.map((d: { id: number }) => d.id)).not.toContain(a.id);
    // A live document is not in the trash: nothing to restore.
    expect((await post(company.owner, co(`/media/${a.id}/restore`))).status).toBe(404);
  });

  test('who sees the trash: the owner all, the holding administrator its side, staff and role 5 nobody', async () => {
    const mine = await doc(member, 'membru-sters.pdf');
    const firms = await doc(company.owner, 'firma-stearsa.pdf');
    expect((await post(member, ho(`/media/${mine.id}/delete`))).status).toBe(200);
    expect((await post(company.owner, co(`/media/${firms.id}/delete`))).status).toBe(200);
    const side = (await post(admin, ho('/trash'))).json.data.map((d: { name: string }) => d.name);
    expect(side).toContain('membru-sters.pdf');
    expect(side).not.toContain('firma-stearsa.pdf');
    expect((await post(admin, ho(`/media/${firms.id}/restore`))).status).toBe(403);
    expect((await post(staff, co('/trash'))).status).toBe(403);
    expect((await post(staff, co(`/media/${firms.id}/restore`))).status).toBe(403);
    expect((await post(member, ho('/trash'))).status).toBe(403);
    expect((await post(other.owner, co('/trash'))).status).toBe(404);
    expect((await post(other.owner, `/api/company/${other.id}/clients/${client}/trash`)).status).toBe(404);
    expect(
      (await post(other.owner, `/api/company/${other.id}/clients/${client}/media/${firms.id}/restore`)).status,
    ).toBe(404);
    expect((await post(admin, ho(`/media/${mine.id}/restore`))).status).toBe(200);
  });

  test('a restore needs room in the plan again (402, nothing restored)', async () => {
    const d = await doc(company.owner, 'mare.pdf');
    await post(company.owner, co(`/media/${d.id}/delete`));
    const subscription = await t.ctx.db
      .selectFrom('subscriptions')
      .select('plan_id')
      .where('company_id', '=', company.id)
      .executeTakeFirstOrThrow();
    const plan = await t.ctx.db
      .selectFrom('plans')
      .select('max_storage_bytes')
      .where('id', '=', subscription.plan_id)
      .executeTakeFirstOrThrow();
    await t.ctx.db.updateTable('plans').set({ max_storage_bytes: 1 }).where('id', '=', subscription.plan_id).execute();
    try {
      const res = await post(company.owner, co(`/media/${d.id}/restore`));
      expect(res.status).toBe(402);
      expect(Object.keys(await listed())).not.toContain('mare.pdf');
    } finally {
      await t.ctx.db
        .updateTable('plans')
        .set({ max_storage_bytes: plan.max_storage_bytes })
        .where('id', '=', subscription.plan_id)
        .execute();
    }
  });
});

describe('retention job', () => {
  const counting = (deleted: string[]): Storage => ({
    ...t.ctx.storage,
    delete: async (key) => {
      deleted.push(key);
      await t.ctx.storage.delete(key);
    },
  });

  test('past the retention the file leaves storage once (two instances at once), the row stays a tombstone: 410', async () => {
    const docs = [await doc(company.owner, 'vechi-1.pdf'), await doc(company.owner, 'vechi-2.pdf')];
    const fresh = await doc(company.owner, 'recent.pdf');
    for (const d of [...docs, fresh]) expect((await post(company.owner, co(`/media/${d.id}/delete`))).status).toBe(200);
    const ids = docs.map((d) => d.id);
    await t.ctx.db
      .updateTable('media')
      .set({ deleted_at: new Date(Date.now() - 91 * 24 * 3600 * 1000) })
      .where('id', 'in', ids)
      .execute();
    const keys = await t.ctx.db.selectFrom('media').select(['id', 'storage_key']).where('id', 'in', ids).execute();
    const file = (key: string) => path.join(t.dataDir, 'files', key);
    for (const k of keys) expect(fs.existsSync(file(k.storage_key))).toBe(true);

    const first: string[] = [];
    const second: string[] = [];
    const [n1, n2] = await Promise.all([
      purgeExpiredTrash({ ...t.ctx, storage: counting(first) }),
      purgeExpiredTrash({ ...t.ctx, storage: counting(second) }),
    ]);
    expect(n1 + n2).toBe(2);
    expect([...first, ...second].sort()).toEqual(keys.map((k) => k.storage_key).sort());
    for (const k of keys) expect(fs.existsSync(file(k.storage_key))).toBe(false);
    expect(await purgeExpiredTrash(t.ctx)).toBe(0);

    const rows = await t.ctx.db
      .selectFrom('media')
      .select(['purged_at', 'deleted_at'])
      .where('id', 'in', ids)
      .execute();
    expect(rows.every((r) => r.purged_at !== null && r.deleted_at !== null)).toBe(true);
    const trash = (await post(company.owner, co('/trash'))).json.data.map((d: { id: number }) => d.id);
    expect(trash).not.toEqual(expect.arrayContaining([ids[0]]));
    expect(trash).toContain(fresh.id);
    const res = await post(company.owner, co(`/media/${ids[0]}/restore`));
    expect(res.status).toBe(410);
    expect(res.json.message).toMatch(/șters definitiv/);
    expect((await post(company.owner, co(`/media/${fresh.id}/restore`))).status).toBe(200);
  });

  test("the retention counts from the job's clock: a document deleted today goes once the clock is past the retention", async () => {
    const d = await doc(company.owner, 'azi.pdf');
    expect((await post(company.owner, co(`/media/${d.id}/delete`))).status).toBe(200);
    const days = (n: number) => manualClock(new Date(Date.now() + n * 24 * 3600 * 1000));
    const retention = t.ctx.config.trashRetentionDays;
    // A day short of the retention it stays restorable (others deleted by earlier tests may go meanwhile).
    await purgeExpiredTrash({ ...t.ctx, clock: days(retention - 1) });
    const kept = await t.ctx.db
      .selectFrom('media')
      .select('purged_at')
      .where('id', '=', d.id)
      .executeTakeFirstOrThrow();
    expect(kept.purged_at).toBeNull();
    expect(await purgeExpiredTrash({ ...t.ctx, clock: days(retention + 1) })).toBeGreaterThanOrEqual(1);
    expect((await post(company.owner, co(`/media/${d.id}/restore`))).status).toBe(410);
  });
});
