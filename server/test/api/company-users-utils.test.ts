import crypto from 'node:crypto';
import { createTestApp, type TestApp } from '../helpers.js';
import { field, file, type MultipartPart } from '../multipart.js';
import { tinyPdf } from '../../src/seed.js';
import {
  acceptInvitation,
  api,
  createAdmin,
  createCompany,
  createHolding,
  createUser,
  createUtilityFile,
  unique,
  type Actor,
  type Company,
  type UtilityFile,
} from '../factories.js';

// Company users (roles 2 and 3) and utility files. The world: a company (owner, staff, a holding it
// made), another company (its own owner and utility file) and a platform administrator. Each company's
// utility file carries its own canary, so an answer to the wrong tenant shows a leak.
let t: TestApp;
let owner: string;
let staff: string;
let owner2: string;
let holdingUser: string;
let company: Company;
let other: Company;
let staffUser: Actor;
let holdingAdmin: Actor;
let admin: Actor;
let ownUtil: UtilityFile;
let foreignUtil: UtilityFile;
const CANARY = { own: `CANARY-OWN-${unique()}`, other: `CANARY-OTHER-${unique()}` };
/** E-mails the tests give to the users they add, unique in the run. */
const TYPED = `Nou-${unique()}@Firma.test`; // as the owner types it: capitals, and spaces around
const EMAIL = {
  nou: TYPED.toLowerCase(),
  senior: `senior-${unique()}@firma.test`,
  interzis: `interzis-${unique()}@firma.test`,
  temp: `temp-${unique()}@firma.test`,
};
const c = (path: string) => `/api/company/${company.id}/${path}`;
const c2 = (path: string) => `/api/company/${other.id}/${path}`;

// Through the factories' request helper; the tests read the raw inject answer (statusCode, json(), body).
const post = async (token: string | null, url: string, payload?: object) =>
  (await api(t).as(token).post(url, payload)).res;
const get = async (token: string | null, url: string) => (await api(t).as(token).get(url)).res;
const form = async (token: string, url: string, parts: MultipartPart[]) =>
  (await api(t).as(token).upload(url, parts)).res;
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
  t = await createTestApp({ seed: false });
  // The other company first, so neither company has the id a forgotten literal would guess.
  other = await createCompany(t);
  company = await createCompany(t);
  staffUser = await createUser(t, company, { role: 3, name: 'Angajat Staff', email: `staff-${unique()}@firma.test` });
  holdingAdmin = (await createHolding(t, company)).admin as Actor;
  admin = await createAdmin(t);
  ownUtil = await createUtilityFile(t, company, {
    title: 'Model contract',
    description: `Model ${CANARY.own}`,
    name: 'Model contract.txt',
    body: `Model de contract ${CANARY.own}\nCompletați datele firmei.\n`,
  });
  foreignUtil = await createUtilityFile(t, other, {
    title: 'Model contract',
    description: `Model ${CANARY.other}`,
    name: 'Model contract.txt',
    body: `Model de contract ${CANARY.other}\nCompletați datele firmei.\n`,
  });
  [owner, staff, owner2, holdingUser] = [company.owner.token, staffUser.token, other.owner.token, holdingAdmin.token];
});
afterAll(() => t.close());

describe('users', () => {
  test('GET users lists the company users of roles 2 and 3, never a hash', async () => {
    const res = await get(owner, c('users'));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((u: { email: string; role: number }) => [u.email, u.role])).toEqual([
      [company.owner.email, 2],
      [staffUser.email, 3],
    ]);
    expect(body.data[0]).toMatchObject({ invited: false, last_seen_at: expect.any(String) });
    expect(body.meta).toMatchObject({ page: 1, total: 2 });
    expect(res.body).not.toMatch(/password|hash|\$argon/);
    expect(res.body).not.toContain(holdingAdmin.email);
    expect((await get(owner, c('users?search=staff'))).json().data).toHaveLength(1);
    expect((await get(owner, c('users?per_page=500'))).statusCode).toBe(422);
  });

  test('GET users refusals: role 3 403, other company 404 without data, holding 403, anonymous 401', async () => {
    expect((await get(staff, c('users'))).statusCode).toBe(403);
    const elsewhere = await get(owner2, c('users'));
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.body).not.toContain(company.owner.email);
    expect((await get(holdingUser, c('users'))).statusCode).toBe(403);
    expect((await get(null, c('users'))).statusCode).toBe(401);
    expect((await get(owner2, c2('users'))).json().data.map((u: { email: string }) => u.email)).toEqual([
      other.owner.email,
    ]);
  });

  test('storeUser creates a user without password and e-mails a set-password link that works', async () => {
    const res = await post(owner, c('storeUser'), {
      name: 'Contabil Nou',
      email: ` ${TYPED} `,
      role: 3,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ name: 'Contabil Nou', email: EMAIL.nou, role: 3, invited: true });
    const mail = t.mail.to(EMAIL.nou).pop();
    expect(mail?.text).toContain(company.name);
    const token = /reset-password\/([A-Za-z0-9_-]+)\?email=/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeTruthy();
    await expect(t.login(EMAIL.nou, 'Parola1234')).rejects.toThrow();
    const reset = await post(null, '/api/password/reset', {
      token,
      email: EMAIL.nou,
      password: 'Parola1234',
      password_confirmation: 'Parola1234',
    });
    expect(reset.statusCode).toBe(200);
    const session = await t.login(EMAIL.nou, 'Parola1234');
    expect((await post(session, c('clients'))).statusCode).toBe(200);
    expect((await get(session, c('users'))).statusCode).toBe(403);
  });

  // Payloads are built when the test runs: the e-mails and ids they name are made in beforeAll.
  const x = `x-${unique()}@firma.test`;
  test.each([
    [
      'an e-mail already used (any case)',
      () => ({ name: 'X', email: staffUser.email.toUpperCase(), role: 3 }),
      'email',
    ],
    ['an e-mail used in another company', () => ({ name: 'X', email: other.owner.email, role: 3 }), 'email'],
    ['a bad e-mail', () => ({ name: 'X', email: 'nu-e-mail', role: 3 }), 'email'],
    ['role 4', () => ({ name: 'X', email: x, role: 4 }), 'role'],
    ['role 1', () => ({ name: 'X', email: x, role: 1 }), 'role'],
    ['no name', () => ({ email: x, role: 3 }), 'name'],
    ['a blank name', () => ({ name: '  ', email: x, role: 3 }), 'name'],
    ['a company_id field', () => ({ name: 'X', email: x, role: 3, company_id: other.id }), 'company_id'],
  ])('storeUser with %s → 422', async (_label, payload, fieldName) => {
    const res = await post(owner, c('storeUser'), payload());
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty([fieldName]);
    expect(res.body).not.toContain(other.name);
  });

  test('storeUser refusals', async () => {
    const payload = { name: 'X', email: EMAIL.interzis, role: 2 };
    expect((await post(staff, c('storeUser'), payload)).statusCode).toBe(403);
    expect((await post(owner2, c('storeUser'), payload)).statusCode).toBe(404);
    expect((await post(holdingUser, c('storeUser'), payload)).statusCode).toBe(403);
    expect(
      await t.ctx.db.selectFrom('users').select('id').where('email', '=', EMAIL.interzis).executeTakeFirst(),
    ).toBeUndefined();
  });

  test('update changes name, e-mail and role; the last owner cannot be demoted', async () => {
    const nou = await userId(EMAIL.nou);
    const res = await post(owner, `/api/company/${company.id}/users/${nou}/update`, {
      name: 'Contabil Senior',
      email: EMAIL.senior,
      role: 2,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: nou, name: 'Contabil Senior', email: EMAIL.senior, role: 2 });
    expect(
      (await post(owner, `/api/company/${company.id}/users/${nou}/update`, { email: staffUser.email })).statusCode,
    ).toBe(422);
    expect((await post(owner, `/api/company/${company.id}/users/${nou}/update`, { role: 5 })).statusCode).toBe(422);
    expect((await post(owner, `/api/company/${company.id}/users/${nou}/update`, {})).statusCode).toBe(422);
    // Two owners: one may step down, then the remaining one may not.
    expect((await post(owner, `/api/company/${company.id}/users/${nou}/update`, { role: 3 })).statusCode).toBe(200);
    const self = await userId(company.owner.email);
    const demote = await post(owner, `/api/company/${company.id}/users/${self}/update`, { role: 3 });
    expect(demote.statusCode).toBe(422);
    expect(demote.json().errors).toHaveProperty('role');
    expect(demote.json().message).toContain('proprietar');
    expect((await get(owner, c('users'))).json().data.find((u: { id: number }) => u.id === self).role).toBe(2);
    expect(
      (await post(owner, `/api/company/${company.id}/users/${self}/update`, { name: 'Proprietar Demo' })).statusCode,
    ).toBe(200);
  });

  test('update/delete refusals: users of another company or of a holding are not found', async () => {
    const foreign = [
      await userId(other.owner.email),
      await userId(holdingAdmin.email),
      await userId(admin.email),
      999999,
    ];
    for (const id of foreign) {
      expect((await post(owner, `/api/company/${company.id}/users/${id}/update`, { name: 'Furat' })).statusCode).toBe(
        404,
      );
      expect((await post(owner, `/api/company/${company.id}/users/${id}/delete`)).statusCode).toBe(404);
    }
    const staffId = await userId(staffUser.email);
    expect((await post(owner2, `/api/company/${other.id}/users/${staffId}/update`, { name: 'Furat' })).statusCode).toBe(
      404,
    );
    expect((await post(owner2, `/api/company/${company.id}/users/${staffId}/delete`)).statusCode).toBe(404);
    expect((await post(staff, `/api/company/${company.id}/users/${staffId}/update`, { name: 'Eu' })).statusCode).toBe(
      403,
    );
    expect((await post(staff, `/api/company/${company.id}/users/${staffId}/delete`)).statusCode).toBe(403);
    const names = (await t.ctx.db.selectFrom('users').select('name').execute()).map((u) => u.name);
    expect(names).not.toContain('Furat');
    expect(names).not.toContain('Eu');
  });

  test('delete is soft and signs the user out; the last owner and oneself cannot be deleted', async () => {
    const victim = await post(owner, c('storeUser'), { name: 'Temporar', email: EMAIL.temp, role: 2 });
    const victimId = victim.json().data.id;
    // The invited owner sets a password from the e-mailed link and signs in.
    const victimToken = (await acceptInvitation(t, EMAIL.temp)).token as string;
    expect((await post(victimToken, c('clients'))).statusCode).toBe(200);
    // With two owners: the other may be deleted.
    const res = await post(owner, `/api/company/${company.id}/users/${victimId}/delete`);
    expect(res.statusCode).toBe(200);
    expect((await post(victimToken, c('clients'))).statusCode).toBe(401);
    const row = await t.ctx.db
      .selectFrom('users')
      .select('deleted_at')
      .where('id', '=', victimId)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect((await post(owner, `/api/company/${company.id}/users/${victimId}/delete`)).statusCode).toBe(404);
    // Now the company's first owner is the only one.
    const self = await userId(company.owner.email);
    const last = await post(owner, `/api/company/${company.id}/users/${self}/delete`);
    expect(last.statusCode).toBe(422);
    expect(last.json().errors).toHaveProperty('role');
    const senior = await userId(EMAIL.senior);
    await post(owner, `/api/company/${company.id}/users/${senior}/update`, { role: 2 });
    const selfDelete = await post(owner, `/api/company/${company.id}/users/${self}/delete`);
    expect(selfDelete.statusCode).toBe(422);
    expect(selfDelete.json().errors).toHaveProperty('id');
    expect((await post(owner, c('clients'))).statusCode).toBe(200);
  });
});

describe('utility files', () => {
  const pdf = tinyPdf(`Formular ${crypto.randomUUID()}`);
  let created: { id: number; media_id: number };

  test('GET utils lists the company utility files with their file (roles 2 and 3)', async () => {
    const res = await get(staff, c('utils'));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({
        title: 'Model contract',
        description: expect.stringContaining(CANARY.own),
        file: { name: 'Model contract.txt', mime: 'text/plain', size: expect.any(Number) },
      }),
    ]);
    expect(res.body).not.toContain('storage_key');
    expect(res.body).not.toContain(CANARY.other);
    const elsewhere = await get(owner2, c('utils'));
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.body).not.toContain(CANARY.own);
    expect((await get(owner2, c2('utils'))).body).not.toContain(CANARY.own);
    expect((await get(holdingUser, c('utils'))).statusCode).toBe(403);
    expect((await get(null, c('utils'))).statusCode).toBe(401);
  });

  test('storeUtil stores one file with title and description', async () => {
    const res = await form(owner, c('storeUtil'), [
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
    const download = await post(staff, `/api/company/${company.id}/utils/${created.media_id}`);
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
      [owner, [field('title', 'X'), field('company_id', String(other.id)), file('file', 'a.pdf', pdf)], 422],
    ];
    for (const [token, parts, status] of cases) {
      expect((await form(token, c('storeUtil'), parts)).statusCode).toBe(status);
    }
    expect((await post(owner, c('storeUtil'), { title: 'JSON' })).statusCode).toBe(422);
    expect(await count()).toBe(before);
  });

  test('update: JSON changes the texts; multipart replaces the file (the old one is soft-deleted)', async () => {
    const json = await post(owner, `/api/company/${company.id}/utils/${created.id}/update`, {
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
    const multi = await form(owner, `/api/company/${company.id}/utils/${created.id}/update`, [
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
    expect((await post(owner, `/api/company/${company.id}/utils/${created.media_id}`)).statusCode).toBe(404);
    const old = await t.ctx.db
      .selectFrom('media')
      .select(['deleted_at', 'storage_key'])
      .where('id', '=', created.media_id)
      .executeTakeFirstOrThrow();
    expect(old.deleted_at).not.toBeNull();
    expect(await t.ctx.storage.exists(old.storage_key)).toBe(true);
    const download = await post(owner, `/api/company/${company.id}/utils/${updated.media_id}`);
    expect(download.rawPayload.equals(replacement)).toBe(true);
    expect(download.headers['content-type']).toBe('text/csv');
    created = updated;
    for (const payload of [{ title: '' }, { title: 'x'.repeat(201) }, { other: 1 }, { title: 5 }]) {
      expect((await post(owner, `/api/company/${company.id}/utils/${created.id}/update`, payload)).statusCode).toBe(
        422,
      );
    }
    const badFile = await form(owner, `/api/company/${company.id}/utils/${created.id}/update`, [
      file('file', 'x.exe', Buffer.from('MZ\x90\x00binary\x00\x01')),
    ]);
    expect(badFile.statusCode).toBe(422);
    expect((await get(owner, c('utils'))).json().data.find((u: { id: number }) => u.id === created.id).media_id).toBe(
      created.media_id,
    );
  });

  test('update/download/delete refusals: other company 404, role 3 403 on writes', async () => {
    const [own, foreign] = [ownUtil, foreignUtil];
    for (const [token, url, status] of [
      [owner, `/api/company/${company.id}/utils/${foreign.media_id}`, 404],
      [owner, `/api/company/${company.id}/utils/${foreign.id}/update`, 404],
      [owner, `/api/company/${company.id}/utils/${foreign.id}/delete`, 404],
      [owner2, `/api/company/${company.id}/utils/${own.media_id}`, 404],
      [owner2, `/api/company/${other.id}/utils/${own.media_id}`, 404],
      [owner2, `/api/company/${other.id}/utils/${own.id}/update`, 404],
      [owner2, `/api/company/${other.id}/utils/${own.id}/delete`, 404],
      [staff, `/api/company/${company.id}/utils/${own.id}/update`, 403],
      [staff, `/api/company/${company.id}/utils/${own.id}/delete`, 403],
      [holdingUser, `/api/company/${company.id}/utils/${own.media_id}`, 403],
    ] as const) {
      const res = await post(token, url, url.endsWith('update') ? { title: 'Furat' } : undefined);
      expect([url, res.statusCode]).toEqual([url, status]);
      expect(res.body).not.toContain(CANARY.own);
    }
    const titles = (await t.ctx.db.selectFrom('utility_files').select('title').execute()).map((u) => u.title);
    expect(titles).not.toContain('Furat');
    expect((await post(staff, `/api/company/${company.id}/utils/${own.media_id}`)).statusCode).toBe(200);
  });

  test('delete is soft; the file is no longer listed nor downloadable', async () => {
    const res = await post(owner, `/api/company/${company.id}/utils/${created.id}/delete`);
    expect(res.statusCode).toBe(200);
    expect((await get(owner, c('utils'))).json().data.map((u: { id: number }) => u.id)).not.toContain(created.id);
    expect((await post(owner, `/api/company/${company.id}/utils/${created.media_id}`)).statusCode).toBe(404);
    expect((await post(owner, `/api/company/${company.id}/utils/${created.id}/delete`)).statusCode).toBe(404);
    const row = await t.ctx.db
      .selectFrom('utility_files')
      .select('deleted_at')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
  });
});
