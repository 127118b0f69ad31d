import crypto from 'node:crypto';
import { bearer, createTestApp, type TestApp } from '../helpers.js';
import { field, file, multipart, type MultipartPart } from '../multipart.js';
import { CANARY, tinyPdf } from '../../src/seed.js';

// Company users (roles 2 and 3) and utility files.
let t: TestApp;
let owner: string;
let staff: string;
let owner2: string;
let holdingUser: string;

const post = (token: string | null, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const get = (token: string | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const form = (token: string, url: string, parts: MultipartPart[]) => {
  const body = multipart(parts);
  return t.app.inject({ method: 'POST', url, headers: { ...bearer(token), ...body.headers }, payload: body.payload });
};
const userId = async (email: string) =>
  (
    await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow()
  ).id;

beforeAll(async () => {
  t = await createTestApp();
  [owner, staff, owner2, holdingUser] = await Promise.all([
    t.login('owner@demo.ro'),
    t.login('staff@demo.ro'),
    t.login('owner2@demo.ro'),
    t.login('holding@demo.ro'),
  ]);
});
afterAll(() => t.close());

describe('users', () => {
  test('GET users lists the company users of roles 2 and 3, never a hash', async () => {
    const res = await get(owner, '/api/company/1/users');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((u: { email: string; role: number }) => [u.email, u.role])).toEqual([
      ['owner@demo.ro', 2],
      ['staff@demo.ro', 3],
    ]);
    expect(body.data[0]).toMatchObject({ invited: false, last_seen_at: expect.any(String) });
    expect(body.meta).toMatchObject({ page: 1, total: 2 });
    expect(res.body).not.toMatch(/password|hash|\$argon/);
    expect(res.body).not.toContain('holding@demo.ro');
    expect((await get(owner, '/api/company/1/users?search=staff')).json().data).toHaveLength(1);
    expect((await get(owner, '/api/company/1/users?per_page=500')).statusCode).toBe(422);
  });

  test('GET users refusals: role 3 403, other company 404 without data, holding 403, anonymous 401', async () => {
    expect((await get(staff, '/api/company/1/users')).statusCode).toBe(403);
    const other = await get(owner2, '/api/company/1/users');
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('owner@demo.ro');
    expect((await get(holdingUser, '/api/company/1/users')).statusCode).toBe(403);
    expect((await get(null, '/api/company/1/users')).statusCode).toBe(401);
    expect((await get(owner2, '/api/company/2/users')).json().data.map((u: { email: string }) => u.email)).toEqual([
      'owner2@demo.ro',
    ]);
  });

  test('storeUser creates a user without password and e-mails a set-password link that works', async () => {
    const res = await post(owner, '/api/company/1/storeUser', {
      name: 'Contabil Nou',
      email: ' Nou@Demo.ro ',
      role: 3,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ name: 'Contabil Nou', email: 'nou@demo.ro', role: 3, invited: true });
    const mail = t.mail.to('nou@demo.ro').pop();
    expect(mail?.text).toContain('Contabil Demo SRL');
    const token = /reset-password\/([A-Za-z0-9_-]+)\?email=/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeTruthy();
    await expect(t.login('nou@demo.ro', 'Parola1234')).rejects.toThrow();
    const reset = await post(null, '/api/password/reset', {
      token,
      email: 'nou@demo.ro',
      password: 'Parola1234',
      password_confirmation: 'Parola1234',
    });
    expect(reset.statusCode).toBe(200);
    const session = await t.login('nou@demo.ro', 'Parola1234');
    expect((await post(session, '/api/company/1/clients')).statusCode).toBe(200);
    expect((await get(session, '/api/company/1/users')).statusCode).toBe(403);
  });

  test.each([
    ['an e-mail already used (any case)', { name: 'X', email: 'STAFF@demo.ro', role: 3 }, 'email'],
    ['an e-mail used in another company', { name: 'X', email: 'owner2@demo.ro', role: 3 }, 'email'],
    ['a bad e-mail', { name: 'X', email: 'nu-e-mail', role: 3 }, 'email'],
    ['role 4', { name: 'X', email: 'x@demo.ro', role: 4 }, 'role'],
    ['role 1', { name: 'X', email: 'x@demo.ro', role: 1 }, 'role'],
    ['no name', { email: 'x@demo.ro', role: 3 }, 'name'],
    ['a blank name', { name: '  ', email: 'x@demo.ro', role: 3 }, 'name'],
    ['a company_id field', { name: 'X', email: 'x@demo.ro', role: 3, company_id: 2 }, 'company_id'],
  ])('storeUser with %s → 422', async (_label, payload, fieldName) => {
    const res = await post(owner, '/api/company/1/storeUser', payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty([fieldName]);
    expect(res.body).not.toContain('Alt Contabil');
  });

  test('storeUser refusals', async () => {
    const payload = { name: 'X', email: 'interzis@demo.ro', role: 2 };
    expect((await post(staff, '/api/company/1/storeUser', payload)).statusCode).toBe(403);
    expect((await post(owner2, '/api/company/1/storeUser', payload)).statusCode).toBe(404);
    expect((await post(holdingUser, '/api/company/1/storeUser', payload)).statusCode).toBe(403);
    expect(
      await t.ctx.db.selectFrom('users').select('id').where('email', '=', 'interzis@demo.ro').executeTakeFirst(),
    ).toBeUndefined();
  });

  test('update changes name, e-mail and role; the last owner cannot be demoted', async () => {
    const nou = await userId('nou@demo.ro');
    const res = await post(owner, `/api/company/1/users/${nou}/update`, {
      name: 'Contabil Senior',
      email: 'senior@demo.ro',
      role: 2,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: nou, name: 'Contabil Senior', email: 'senior@demo.ro', role: 2 });
    expect((await post(owner, `/api/company/1/users/${nou}/update`, { email: 'staff@demo.ro' })).statusCode).toBe(422);
    expect((await post(owner, `/api/company/1/users/${nou}/update`, { role: 5 })).statusCode).toBe(422);
    expect((await post(owner, `/api/company/1/users/${nou}/update`, {})).statusCode).toBe(422);
    // Two owners: one may step down, then the remaining one may not.
    expect((await post(owner, `/api/company/1/users/${nou}/update`, { role: 3 })).statusCode).toBe(200);
    const self = await userId('owner@demo.ro');
    const demote = await post(owner, `/api/company/1/users/${self}/update`, { role: 3 });
    expect(demote.statusCode).toBe(422);
    expect(demote.json().errors).toHaveProperty('role');
    expect(demote.json().message).toContain('proprietar');
    expect((await get(owner, '/api/company/1/users')).json().data.find((u: { id: number }) => u.id === self).role).toBe(
      2,
    );
    expect((await post(owner, `/api/company/1/users/${self}/update`, { name: 'Proprietar Demo' })).statusCode).toBe(
      200,
    );
  });

  test('update/delete refusals: users of another company or of a holding are not found', async () => {
    const foreign = [
      await userId('owner2@demo.ro'),
      await userId('holding@demo.ro'),
      await userId('admin@demo.ro'),
      999999,
    ];
    for (const id of foreign) {
      expect((await post(owner, `/api/company/1/users/${id}/update`, { name: 'Furat' })).statusCode).toBe(404);
      expect((await post(owner, `/api/company/1/users/${id}/delete`)).statusCode).toBe(404);
    }
    const staffId = await userId('staff@demo.ro');
    expect((await post(owner2, `/api/company/2/users/${staffId}/update`, { name: 'Furat' })).statusCode).toBe(404);
    expect((await post(owner2, `/api/company/1/users/${staffId}/delete`)).statusCode).toBe(404);
    expect((await post(staff, `/api/company/1/users/${staffId}/update`, { name: 'Eu' })).statusCode).toBe(403);
    expect((await post(staff, `/api/company/1/users/${staffId}/delete`)).statusCode).toBe(403);
    const names = (await t.ctx.db.selectFrom('users').select('name').execute()).map((u) => u.name);
    expect(names).not.toContain('Furat');
    expect(names).not.toContain('Eu');
  });

  test('delete is soft and signs the user out; the last owner and oneself cannot be deleted', async () => {
    const victim = await post(owner, '/api/company/1/storeUser', { name: 'Temporar', email: 'temp@demo.ro', role: 2 });
    const victimId = victim.json().data.id;
    await t.ctx.db
      .updateTable('users')
      .set({
        password_hash: (
          await t.ctx.db
            .selectFrom('users')
            .select('password_hash')
            .where('email', '=', 'staff@demo.ro')
            .executeTakeFirstOrThrow()
        ).password_hash,
      })
      .where('id', '=', victimId)
      .execute();
    const victimToken = await t.login('temp@demo.ro');
    expect((await post(victimToken, '/api/company/1/clients')).statusCode).toBe(200);
    // With two owners: the other may be deleted.
    const res = await post(owner, `/api/company/1/users/${victimId}/delete`);
    expect(res.statusCode).toBe(200);
    expect((await post(victimToken, '/api/company/1/clients')).statusCode).toBe(401);
    const row = await t.ctx.db
      .selectFrom('users')
      .select('deleted_at')
      .where('id', '=', victimId)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect((await post(owner, `/api/company/1/users/${victimId}/delete`)).statusCode).toBe(404);
    // Now owner@demo.ro is the only owner.
    const self = await userId('owner@demo.ro');
    const last = await post(owner, `/api/company/1/users/${self}/delete`);
    expect(last.statusCode).toBe(422);
    expect(last.json().errors).toHaveProperty('role');
    const senior = await userId('senior@demo.ro');
    await post(owner, `/api/company/1/users/${senior}/update`, { role: 2 });
    const selfDelete = await post(owner, `/api/company/1/users/${self}/delete`);
    expect(selfDelete.statusCode).toBe(422);
    expect(selfDelete.json().errors).toHaveProperty('id');
    expect((await post(owner, '/api/company/1/clients')).statusCode).toBe(200);
  });
});

describe('utility files', () => {
  const pdf = tinyPdf(`Formular ${crypto.randomUUID()}`);
  let created: { id: number; media_id: number };

  test('GET utils lists the company utility files with their file (roles 2 and 3)', async () => {
    const res = await get(staff, '/api/company/1/utils');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({
        title: 'Model contract',
        description: expect.stringContaining(CANARY.demo),
        file: { name: 'Model contract.txt', mime: 'text/plain', size: expect.any(Number) },
      }),
    ]);
    expect(res.body).not.toContain('storage_key');
    expect(res.body).not.toContain(CANARY.other);
    const other = await get(owner2, '/api/company/1/utils');
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain(CANARY.demo);
    expect((await get(owner2, '/api/company/2/utils')).body).not.toContain(CANARY.demo);
    expect((await get(holdingUser, '/api/company/1/utils')).statusCode).toBe(403);
    expect((await get(null, '/api/company/1/utils')).statusCode).toBe(401);
  });

  test('storeUtil stores one file with title and description', async () => {
    const res = await form(owner, '/api/company/1/storeUtil', [
      field('title', 'Cerere de rambursare'),
      field('description', 'Formular tip'),
      file('file', 'Cerere rambursare ș.pdf', pdf, 'application/pdf'),
    ]);
    expect(res.statusCode).toBe(201);
    created = res.json().data;
    expect(res.json().data).toMatchObject({
      title: 'Cerere de rambursare',
      description: 'Formular tip',
      file: { name: 'Cerere rambursare ș.pdf', mime: 'application/pdf', size: pdf.length },
    });
    const download = await post(staff, `/api/company/1/utils/${created.media_id}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''Cerere%20rambursare%20%C8%99.pdf");
    expect(download.headers['x-content-type-options']).toBe('nosniff');
  });

  test('storeUtil refusals and validation leave nothing stored', async () => {
    const count = async () =>
      Number(
        (
          await t.ctx.db
            .selectFrom('media')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const cases: [string, MultipartPart[], number][] = [
      [staff, [field('title', 'X'), file('file', 'a.pdf', pdf)], 403],
      [owner2, [field('title', 'X'), file('file', 'a.pdf', pdf)], 404],
      [holdingUser, [field('title', 'X'), file('file', 'a.pdf', pdf)], 403],
      [owner, [file('file', 'a.pdf', pdf)], 422],
      [owner, [field('title', 'X')], 422],
      [owner, [field('title', 'X'), file('file', 'a.pdf', pdf), file('file', 'b.pdf', pdf)], 422],
      [owner, [field('title', 'X'), file('file', 'pagina.pdf', '<html><script>1</script></html>')], 422],
      [owner, [field('title', 'X'), field('company_id', '2'), file('file', 'a.pdf', pdf)], 422],
    ];
    for (const [token, parts, status] of cases) {
      expect((await form(token, '/api/company/1/storeUtil', parts)).statusCode).toBe(status);
    }
    expect((await post(owner, '/api/company/1/storeUtil', { title: 'JSON' })).statusCode).toBe(422);
    expect(await count()).toBe(before);
  });

  test('update: JSON changes the texts; multipart replaces the file (the old one is soft-deleted)', async () => {
    const json = await post(owner, `/api/company/1/utils/${created.id}/update`, {
      title: 'Cerere rambursare TVA',
      description: null,
    });
    expect(json.statusCode).toBe(200);
    expect(json.json().data).toMatchObject({
      title: 'Cerere rambursare TVA',
      description: null,
      media_id: created.media_id,
    });
    const replacement = Buffer.from('col1,col2\n1,2\n');
    const multi = await form(owner, `/api/company/1/utils/${created.id}/update`, [
      field('description', 'Versiunea 2'),
      file('file', 'model.csv', replacement, 'text/csv'),
    ]);
    expect(multi.statusCode).toBe(200);
    const updated = multi.json().data;
    expect(updated).toMatchObject({
      title: 'Cerere rambursare TVA',
      description: 'Versiunea 2',
      file: { name: 'model.csv', mime: 'text/csv' },
    });
    expect(updated.media_id).not.toBe(created.media_id);
    expect((await post(owner, `/api/company/1/utils/${created.media_id}`)).statusCode).toBe(404);
    const old = await t.ctx.db
      .selectFrom('media')
      .select(['deleted_at', 'storage_key'])
      .where('id', '=', created.media_id)
      .executeTakeFirstOrThrow();
    expect(old.deleted_at).not.toBeNull();
    expect(await t.ctx.storage.exists(old.storage_key)).toBe(true);
    const download = await post(owner, `/api/company/1/utils/${updated.media_id}`);
    expect(download.rawPayload.equals(replacement)).toBe(true);
    expect(download.headers['content-type']).toBe('text/csv');
    created = updated;
    for (const payload of [{ title: '' }, { title: 'x'.repeat(201) }, { other: 1 }, { title: 5 }]) {
      expect((await post(owner, `/api/company/1/utils/${created.id}/update`, payload)).statusCode).toBe(422);
    }
    const badFile = await form(owner, `/api/company/1/utils/${created.id}/update`, [
      file('file', 'x.exe', Buffer.from('MZ\x90\x00binary\x00\x01')),
    ]);
    expect(badFile.statusCode).toBe(422);
    expect(
      (await get(owner, '/api/company/1/utils')).json().data.find((u: { id: number }) => u.id === created.id).media_id,
    ).toBe(created.media_id);
  });

  test('update/download/delete refusals: other company 404, role 3 403 on writes', async () => {
    const seeded = await t.ctx.db
      .selectFrom('utility_files')
      .select(['id', 'media_id', 'company_id'])
      .orderBy('id')
      .execute();
    const own = seeded.find((u) => u.company_id === 1) as { id: number; media_id: number };
    const foreign = seeded.find((u) => u.company_id === 2) as { id: number; media_id: number };
    for (const [token, url, status] of [
      [owner, `/api/company/1/utils/${foreign.media_id}`, 404],
      [owner, `/api/company/1/utils/${foreign.id}/update`, 404],
      [owner, `/api/company/1/utils/${foreign.id}/delete`, 404],
      [owner2, `/api/company/1/utils/${own.media_id}`, 404],
      [owner2, `/api/company/2/utils/${own.media_id}`, 404],
      [owner2, `/api/company/2/utils/${own.id}/update`, 404],
      [owner2, `/api/company/2/utils/${own.id}/delete`, 404],
      [staff, `/api/company/1/utils/${own.id}/update`, 403],
      [staff, `/api/company/1/utils/${own.id}/delete`, 403],
      [holdingUser, `/api/company/1/utils/${own.media_id}`, 403],
    ] as const) {
      const res = await post(token, url, url.endsWith('update') ? { title: 'Furat' } : undefined);
      expect([url, res.statusCode]).toEqual([url, status]);
      expect(res.body).not.toContain(CANARY.demo);
    }
    const titles = (await t.ctx.db.selectFrom('utility_files').select('title').execute()).map((u) => u.title);
    expect(titles).not.toContain('Furat');
    expect((await post(staff, `/api/company/1/utils/${own.media_id}`)).statusCode).toBe(200);
  });

  test('delete is soft; the file is no longer listed nor downloadable', async () => {
    const res = await post(owner, `/api/company/1/utils/${created.id}/delete`);
    expect(res.statusCode).toBe(200);
    expect((await get(owner, '/api/company/1/utils')).json().data.map((u: { id: number }) => u.id)).not.toContain(
      created.id,
    );
    expect((await post(owner, `/api/company/1/utils/${created.media_id}`)).statusCode).toBe(404);
    expect((await post(owner, `/api/company/1/utils/${created.id}/delete`)).statusCode).toBe(404);
    const row = await t.ctx.db
      .selectFrom('utility_files')
      .select('deleted_at')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
  });
});
