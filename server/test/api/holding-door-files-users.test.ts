import crypto from 'node:crypto';
import { createTestApp, type TestApp } from '../helpers.js';
import { field, file } from '../multipart.js';
import { tinyPdf } from '../../src/seed.js';
import { lastPeriods } from '../../src/features/clients/index.js';
import { linkHolding, signIn, uploadDocument, type Actor } from '../factories.js';
import { buildHoldingDoorWorld, CANARY, send, type HoldingDoorWorld, type Method } from './holding-door-world.js';

/**
 * API tests of the holding door (/api/holding/:holdingId): its users, the documents (through the
 * shared files module), the utility files and the linked companies. The world
 * (holding-door-world.ts): holding 1 "Grup Demo" (its administrator, role 4, and a member, role 5)
 * works with company 1; holding 2 "Alt Grup" with company 2. One database for the file.
 */

let t: TestApp;
let w: HoldingDoorWorld;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  w = await buildHoldingDoorWorld(t);
});
afterAll(() => t.close());

const h1 = (path: string) => `/api/holding/${w.holding1.id}/${path}`;
const h2 = (path: string) => `/api/holding/${w.holding2.id}/${path}`;
const call = (method: Method, url: string, caller: Actor | null, body?: unknown) => send(t, caller, method, url, body);

describe('users', () => {
  interface UserOut {
    id: number;
    email: string;
    role: number;
    invited: boolean;
  }

  test('GET users lists roles 4 and 5 of the holding only', async () => {
    const res = await call('GET', h1('users'), w.admin);
    expect(res.status).toBe(200);
    const body = res.json;
    expect(body.data.map((u: UserOut) => [u.email, u.role, u.invited])).toEqual([
      [w.admin.email, 4, false],
      [w.member.email, 5, false],
    ]);
    expect(res.text).not.toContain('password_hash');
    expect(res.text).not.toContain(w.company1.owner.email);
    // The member's e-mail is client-…@holding.test; the administrator's is the holding's holding-…@holding.test.
    const searched = (await call('GET', `${h1('users')}?search=client&per_page=5`, w.admin)).json;
    expect(searched.data.map((u: UserOut) => u.email)).toEqual([w.member.email]);
    expect((await call('GET', `${h1('users')}?per_page=1000`, w.admin)).status).toBe(422);
  });

  let newUserId = 0;
  test('POST storeUser creates a user who gets a set-password e-mail that works', async () => {
    const res = await call('POST', h1('storeUser'), w.admin, {
      name: 'Maria Pop',
      email: 'Maria.Pop@Grup-Demo.ro',
      role: 4,
    });
    expect(res.status).toBe(201);
    const body = res.json;
    expect(body.user).toMatchObject({
      name: 'Maria Pop',
      email: 'maria.pop@grup-demo.ro',
      role: 4,
      invited: true,
    });
    newUserId = body.user.id;
    const mails = t.mail.to('maria.pop@grup-demo.ro');
    expect(mails).toHaveLength(1);
    const link = /reset-password\/([A-Za-z0-9_-]+)\?email=([^\s"&]+)/.exec(mails[0].text);
    expect(link).not.toBeNull();
    expect(mails[0].text).toContain('Grup Demo');
    const token = (link as RegExpExecArray)[1];
    const stored = await t.ctx.db
      .selectFrom('password_resets')
      .selectAll()
      .where('user_id', '=', newUserId)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(token);
    expect(new Date(stored.expires_at).getTime() - Date.now()).toBeGreaterThan(6 * 24 * 3600 * 1000);
    const reset = await call('POST', '/api/password/reset', null, {
      token,
      email: 'maria.pop@grup-demo.ro',
      password: 'Parola123',
      password_confirmation: 'Parola123',
    });
    expect(reset.status).toBe(200);
    const maria = await signIn(t, 'maria.pop@grup-demo.ro', 'Parola123');
    const me = (await call('GET', '/api/user', maria)).json;
    expect(me).toMatchObject({ role: 4, holding_id: w.holding1.id });
  });

  test('POST storeUser validation', async () => {
    const cases: [unknown, string][] = [
      [{ name: 'A', email: w.company1.owner.email, role: 5 }, 'email'],
      [{ name: 'A', email: w.admin.email.toUpperCase(), role: 5 }, 'email'],
      [{ name: 'A', email: 'fara-arond', role: 5 }, 'email'],
      [{ name: 'A', email: 'a@b.ro', role: 2 }, 'role'],
      [{ name: ' ', email: 'a@b.ro', role: 5 }, 'name'],
      [{ email: 'a@b.ro', role: 5 }, 'name'],
      [{ name: 'A', email: 'a@b.ro', role: 5, holding_id: w.holding2.id }, 'holding_id'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('POST', h1('storeUser'), w.admin, payload);
      expect([field, res.status]).toEqual([field, 422]);
      expect(Object.keys(res.json.errors)).toContain(field);
    }
    expect(t.mail.to('a@b.ro')).toHaveLength(0);
  });

  test('POST users/{id}/update; the last role-4 user cannot be demoted', async () => {
    let res = await call('POST', h1(`users/${newUserId}/update`), w.admin, { name: 'Maria Popescu', role: 5 });
    expect(res.status).toBe(200);
    expect(res.json.user).toMatchObject({ id: newUserId, name: 'Maria Popescu', role: 5 });
    res = await call('POST', h1(`users/${w.admin.id}/update`), w.admin, { role: 5 });
    expect(res.status).toBe(422);
    expect(res.json.errors.role).toBeDefined();
    res = await call('POST', h1(`users/${newUserId}/update`), w.admin, { email: w.member.email });
    expect(res.status).toBe(422);
    expect(res.json.errors.email).toBeDefined();
    expect((await call('POST', h1(`users/${w.admin2.id}/update`), w.admin, { name: 'x' })).status).toBe(404);
    expect((await call('POST', h1(`users/${newUserId}/update`), w.admin, {})).status).toBe(422);
    // Promote back: now two admins, so the administrator could be demoted (not done: later tests use it).
    res = await call('POST', h1(`users/${newUserId}/update`), w.admin, { role: 4 });
    expect(res.json.user.role).toBe(4);
  });

  test('POST users/{id}/delete is soft, ends the sessions; the last role-4 user stays', async () => {
    const maria = await signIn(t, 'maria.pop@grup-demo.ro', 'Parola123');
    let res = await call('POST', h1(`users/${newUserId}/delete`), w.admin);
    expect(res.status).toBe(200);
    expect((await call('GET', '/api/user', maria)).status).toBe(401);
    const row = await t.ctx.db
      .selectFrom('users')
      .select('deleted_at')
      .where('id', '=', newUserId)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect((await call('POST', h1(`users/${newUserId}/delete`), w.admin)).status).toBe(404);
    // The last administrator: 422 on `role`, as on the company door (was 409 here).
    res = await call('POST', h1(`users/${w.admin.id}/delete`), w.admin);
    expect(res.status).toBe(422);
    expect(res.json.errors.role).toBeDefined();
    expect((await call('GET', '/api/user', w.admin)).status).toBe(200);
    expect((await call('POST', h1(`users/${w.admin2.id}/delete`), w.admin)).status).toBe(404);
  });
});

describe('documents (through the shared files module)', () => {
  const zipEntries = (body: Buffer): number => body.toString('latin1').split('PK\x03\x04').length - 1;
  let uploadedId = 0;

  test('storeFiles: role 5 uploads to a client of the holding, all or nothing', async () => {
    const period = lastPeriods(1)[0];
    const category = w.categories1['Salarii'];
    const res = await call('POST', h1(`clients/${w.beta.id}/storeFiles`), w.member, {
      form: [
        field('category_id', String(category)),
        field('period', period),
        file('files', 'Stat plată.pdf', tinyPdf('stat'), 'application/pdf'),
      ],
    });
    expect(res.status).toBe(201);
    const stored = res.json.data[0];
    expect(stored).toMatchObject({
      client_id: w.beta.id,
      name: 'Stat plată.pdf',
      period,
      category: { id: category, name: 'Salarii' },
      uploaded_by: { id: w.member.id },
    });
    uploadedId = stored.id;
    const view = (await call('POST', h1(`clients/${w.beta.id}`), w.member, {})).json;
    expect(view.documents.find((d: { id: number }) => d.id === uploadedId)).toMatchObject({ can_delete: true });

    const count = async () =>
      (
        await t.ctx.db
          .selectFrom('media')
          .select('id')
          .where('client_id', '=', w.beta.id)
          .where('deleted_at', 'is', null)
          .execute()
      ).length;
    const before = await count();
    const refused = await call('POST', h1(`clients/${w.beta.id}/storeFiles`), w.admin, {
      form: [
        field('period', period),
        file('files', 'bun.pdf', tinyPdf('bun'), 'application/pdf'),
        file(
          'files',
          'rau.exe',
          Buffer.concat([Buffer.from('MZ'), crypto.randomBytes(200)]),
          'application/octet-stream',
        ),
      ],
    });
    expect(refused.status).toBe(422);
    expect(await count()).toBe(before);
    const otherCategory = Object.values(w.categories2)[0];
    const foreignCategory = await call('POST', h1(`clients/${w.beta.id}/storeFiles`), w.admin, {
      form: [
        field('category_id', String(otherCategory)),
        field('period', period),
        file('files', 'a.pdf', tinyPdf('a'), 'application/pdf'),
      ],
    });
    expect(foreignCategory.status).toBe(422);
    expect(await count()).toBe(before);
  });

  test('media get downloads a document of a client of the holding', async () => {
    const res = await call('POST', h1(`clients/${w.alfa.id}/media/${w.alfaMedia}`), w.member);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment;/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // A document of another client, asked through this client → 404.
    expect((await call('POST', h1(`clients/${w.beta.id}/media/${w.alfaMedia}`), w.member)).status).toBe(404);
    expect((await call('POST', h1(`clients/${w.gamma.id}/media/${w.alfaMedia}`), w.admin)).status).toBe(404);
  });

  test('media delete: role 5 only what it uploaded, role 4 any document of the holding', async () => {
    let res = await call('POST', h1(`clients/${w.beta.id}/media/${w.betaMedia}/delete`), w.member);
    expect(res.status).toBe(403);
    res = await call('POST', h1(`clients/${w.beta.id}/media/${uploadedId}/delete`), w.member);
    expect(res.status).toBe(200);
    expect((await call('POST', h1(`clients/${w.beta.id}/media/${uploadedId}`), w.member)).status).toBe(404);
    expect((await call('POST', h1(`clients/${w.beta.id}/media/${uploadedId}/delete`), w.member)).status).toBe(404);
    const row = await t.ctx.db
      .selectFrom('media')
      .select('deleted_at')
      .where('id', '=', uploadedId)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    // The administrator (role 4) deletes a document the member uploaded.
    const nou = await uploadDocument(t, w.member, w.beta, { name: 'nou.pdf', period: lastPeriods(1)[0] });
    res = await call('POST', h1(`clients/${w.beta.id}/media/${nou.id}/delete`), w.admin);
    expect(res.status).toBe(200);
    expect((await call('POST', h1(`clients/${w.alfa.id}/media/${w.deltaMedia}/delete`), w.admin)).status).toBe(404);
  });

  test('collection streams a zip of the client documents, optionally filtered', async () => {
    const res = await call('POST', h1(`clients/${w.alfa.id}/collection`), w.member, {});
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(zipEntries(res.res.rawPayload)).toBe(4);
    const filtered = await call('POST', h1(`clients/${w.alfa.id}/collection`), w.member, {
      period: lastPeriods(1)[0],
    });
    expect(zipEntries(filtered.res.rawPayload)).toBe(2);
    expect((await call('POST', h1(`clients/${w.alfa.id}/collection`), w.member, { period: 'luna' })).status).toBe(422);
    expect((await call('POST', h1(`clients/${w.alfa.id}/collection`), w.member, { period: '2001-01' })).status).toBe(
      404,
    );
  });

  test('utils/{mediaId} downloads a utility file of a linked company only', async () => {
    const res = await call('POST', h1(`utils/${w.util1Media}`), w.member);
    expect(res.status).toBe(200);
    expect(res.text).toContain('Model de contract');
    expect(String(res.headers['content-disposition'])).toContain('Model contract.txt');
    expect((await call('POST', h1(`utils/${w.alfaMedia}`), w.admin)).status).toBe(404);
    const foreign = await call('POST', h1(`utils/${w.util2Media}`), w.admin);
    expect(foreign.status).toBe(404);
    expect(foreign.text).not.toContain(CANARY.other);
  });
});

describe('utils and companies', () => {
  test('GET utils: utility files of the linked companies, read-only', async () => {
    const res = await call('GET', h1('utils'), w.member);
    expect(res.status).toBe(200);
    const body = res.json;
    expect(body.meta.total).toBe(1);
    expect(body.data[0]).toMatchObject({
      media_id: w.util1Media,
      title: 'Model contract',
      company: { id: w.company1.id, name: w.company1.name },
      original_name: 'Model contract.txt',
      mime: 'text/plain',
    });
    expect(res.text).not.toContain('storage_key');
    const other = await call('GET', h2('utils'), w.admin2);
    expect(other.json.data.map((u: { media_id: number }) => u.media_id)).toEqual([w.util2Media]);
    expect(other.text).not.toContain(CANARY.demo);
    expect((await call('GET', `${h1('utils')}?company_id=${w.company2.id}`, w.admin)).json.meta.total).toBe(0);
    expect((await call('GET', `${h1('utils')}?search=contract`, w.admin)).json.meta.total).toBe(1);
  });

  test('GET companies lists the linked companies', async () => {
    const res = await call('GET', h1('companies'), w.admin);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      data: [{ id: w.company1.id, name: w.company1.name, cui: w.company1.cui, clients_count: 2 }],
      meta: { page: 1, per_page: 25, total: 1 },
    });
    expect((await call('GET', `${h1('companies')}?sort=password`, w.admin)).status).toBe(422);
  });

  test('POST company/{id}/delete unlinks the company and loses no data', async () => {
    expect((await call('POST', h1(`company/${w.company2.id}/delete`), w.admin)).status).toBe(404);
    const res = await call('POST', h1(`company/${w.company1.id}/delete`), w.admin);
    expect(res.status).toBe(200);
    expect((await call('GET', h1('companies'), w.admin)).json.meta.total).toBe(0);
    expect((await call('POST', h1('index'), w.admin, {})).json.meta.total).toBe(0);
    expect((await call('GET', h1('utils'), w.admin)).json.meta.total).toBe(0);
    expect((await call('POST', h1(`clients/${w.alfa.id}`), w.admin, {})).status).toBe(404);
    expect((await call('POST', h1(`company/${w.company1.id}/delete`), w.admin)).status).toBe(404);
    // Nothing was deleted: the clients and their files are still the company's.
    const alfa = await t.ctx.db
      .selectFrom('clients')
      .select(['holding_id', 'deleted_at'])
      .where('id', '=', w.alfa.id)
      .executeTakeFirstOrThrow();
    expect(alfa).toEqual({ holding_id: w.holding1.id, deleted_at: null });
    const media = await t.ctx.db
      .selectFrom('media')
      .select('id')
      .where('client_id', '=', w.alfa.id)
      .where('deleted_at', 'is', null)
      .execute();
    expect(media).toHaveLength(4);
    // Linking again brings everything back.
    await linkHolding(t, w.holding1, w.company1);
    expect((await call('POST', h1('index'), w.admin, {})).json.meta.total).toBe(2);
  });
});
