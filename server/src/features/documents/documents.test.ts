import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { bearer, createTestApp, type TestApp } from '../../../test/helpers.js';
import { field, file, multipart, type MultipartPart } from '../../../test/multipart.js';
import { readZip } from '../../../test/zip-reader.js';
import { tinyPdf } from '../../seed.js';
import {
  api,
  categoriesOf,
  createClient,
  createCompany,
  createHolding,
  createUser,
  unique,
  uploadDocument,
  type Company,
} from '../../../test/factories.js';

// Uploads, downloads and zips through the company routes (the holding routes call the same module).
// The world: a company (owner, staff, the holding it made with its first client, a client outside
// it) whose documents carry its canary, and another company with a client and documents of its own.
const MAX = 32 * 1024;
const CANARY = { own: `CANARY-OWN-${unique()}`, other: `CANARY-OTHER-${unique()}` };
let t: TestApp;
let company: Company;
let other: Company;
let owner: string;
let staff: string;
let owner2: string;
let holdingUser: string;
let client1: number; // the company's client inside its holding
let client1Holding: number; // that holding
let client3: number; // the company's client outside the holding
let otherClient: number; // a client of the other company
let category1: number; // "Facturi emise" of the company
let category2: number; // "Facturi primite" of the company
let otherCategory: number; // a category of the other company

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), crypto.randomBytes(300)]);
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), crypto.randomBytes(500)]);
const HTML = Buffer.from('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>');
const SVG = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');

/** A valid PDF of about `bytes` bytes (padding in a trailing comment). */
const pdfOf = (text: string, bytes = 0): Buffer => {
  const pdf = tinyPdf(text);
  return bytes > pdf.length ? Buffer.concat([pdf, Buffer.from(`%${'x'.repeat(bytes - pdf.length - 2)}\n`)]) : pdf;
};

const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

function storedFiles(): string[] {
  const root = path.join(t.dataDir, 'files');
  const out: string[] = [];
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else out.push(path.relative(root, p));
    }
  };
  walk(root);
  return out.sort();
}

async function mediaCount(): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('media')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// Through the factories' request helper; the tests read the raw inject answer (statusCode, json(), body).
async function upload(
  token: string | null,
  parts: MultipartPart[],
  clientId = client1,
  companyId = company.id,
): Promise<LightMyRequestResponse> {
  return (await api(t).as(token).upload(`/api/company/${companyId}/clients/${clientId}/storeFiles`, parts)).res;
}

const post = async (token: string, url: string, payload?: object) => (await api(t).as(token).post(url, payload)).res;
const get = async (token: string | null, url: string) => (await api(t).as(token).get(url)).res;

beforeAll(async () => {
  t = await createTestApp({ seed: false, config: { uploadMaxBytes: MAX } });
  // The other company first, so neither company has the id a forgotten literal would guess.
  other = await createCompany(t);
  company = await createCompany(t);
  const staffUser = await createUser(t, company, { role: 3 });
  const holding = await createHolding(t, company, { client: { notes: `Observații ${CANARY.own}` } });
  const outside = await createClient(t, company, { notes: `Observații ${CANARY.own}` });
  const foreign = await createClient(t, other, { notes: `Observații ${CANARY.other}` });
  [owner, staff, owner2, holdingUser] = [
    company.owner.token,
    staffUser.token,
    other.owner.token,
    holding.admin?.token as string,
  ];
  [client1, client3, otherClient] = [holding.client.id, outside.id, foreign.id];
  client1Holding = holding.id;
  const categories = await categoriesOf(t, company);
  category1 = categories.find((c) => c.name === 'Facturi emise')?.id as number;
  category2 = categories.find((c) => c.name === 'Facturi primite')?.id as number;
  otherCategory = (await categoriesOf(t, other))[0].id;
  // Documents already there, named with their tenant's canary (two months, two categories each).
  for (const [who, client, canary, cats] of [
    [company, client1, CANARY.own, [category1, category2]],
    [company, client3, CANARY.own, [category1, category2]],
    [other, otherClient, CANARY.other, [otherCategory, otherCategory]],
  ] as const) {
    for (const period of ['2026-02', '2026-01'])
      for (const [k, categoryId] of cats.entries())
        await uploadDocument(
          t,
          who.owner,
          { id: client },
          {
            name: `${k === 0 ? 'Factura' : 'Extras'} ${period} ${canary}.pdf`,
            period,
            category_id: categoryId,
          },
        );
  }
});
afterAll(() => t.close());

describe('upload limits', () => {
  test('GET upload-limits answers the configured maximum and the allow-list', async () => {
    const res = await get(staff, `/api/company/${company.id}/upload-limits`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.max_bytes).toBe(MAX);
    expect(body.allowed_types).toEqual(
      expect.arrayContaining(['pdf', 'png', 'jpg', 'docx', 'xlsx', 'xml', 'csv', 'txt', 'zip']),
    );
    expect(body.allowed_types).not.toContain('html');
    expect(body.accept).toContain('.pdf');
  });

  test('another company, a holding user and an anonymous caller are refused', async () => {
    const limits = `/api/company/${company.id}/upload-limits`;
    expect((await get(owner2, limits)).statusCode).toBe(404);
    expect((await get(holdingUser, limits)).statusCode).toBe(403);
    expect((await get(null, limits)).statusCode).toBe(401);
  });
});

describe('storeFiles', () => {
  test('stores several files with category and month, hashing and sizing them', async () => {
    const pdf = pdfOf('Factura ianuarie', 20 * 1024); // more than one sniff window, under the limit
    const csv = Buffer.from('cont;suma\n5121;100,50\n', 'utf8');
    const before = storedFiles().length;
    const res = await upload(owner, [
      field('category_id', String(category1)),
      field('period', '2026-01'),
      file('files[]', 'Factură ianuarie.pdf', pdf, 'application/pdf'),
      file('files[]', 'scan.png', PNG, 'image/png'),
      file('files[]', 'balanta.csv', csv, 'text/csv'),
    ]);
    expect(res.statusCode).toBe(201);
    const data = res.json().data as Record<string, unknown>[];
    expect(data.map((d) => [d.name, d.mime, d.size, d.sha256, d.period, d.category_id])).toEqual([
      ['Factură ianuarie.pdf', 'application/pdf', pdf.length, sha(pdf), '2026-01', category1],
      ['scan.png', 'image/png', PNG.length, sha(PNG), '2026-01', category1],
      ['balanta.csv', 'text/csv', csv.length, sha(csv), '2026-01', category1],
    ]);
    expect(data[0]).toMatchObject({
      client_id: client1,
      category: { id: category1, name: 'Facturi emise' },
      uploaded_by: { name: expect.any(String) },
    });
    expect(res.body).not.toContain('storage_key');
    expect(storedFiles().length).toBe(before + 3);
    const rows = await t.ctx.db
      .selectFrom('media')
      .select(['storage_key', 'uploaded_by'])
      .where(
        'id',
        'in',
        data.map((d) => d.id as number),
      )
      .execute();
    for (const row of rows) {
      expect(row.storage_key).toMatch(new RegExp(`^company-${company.id}/client-\\d+/\\d{4}/\\d{2}/[0-9a-f-]{36}$`));
      expect(row.uploaded_by).toBe(company.owner.id);
    }
  });

  test('the period defaults to the current month; the category is optional', async () => {
    const res = await upload(staff, [file('files', 'nota.txt', 'Notă de plată\n', 'text/plain')]);
    expect(res.statusCode).toBe(201);
    expect(res.json().data[0]).toMatchObject({
      name: 'nota.txt',
      mime: 'text/plain',
      category_id: null,
      category: null,
    });
    expect(res.json().data[0].period).toMatch(/^\d{4}-\d{2}$/);
  });

  test('hostile file names are sanitised', async () => {
    const long = `${'ă'.repeat(300)}.pdf`;
    const res = await upload(owner, [
      field('period', '2026-02'),
      file('files[]', '../../etc/passwd', pdfOf('a'), 'application/pdf'),
      file('files[]', '..\\..\\windows\\system.ini.pdf', pdfOf('b'), 'application/pdf'),
      file('files[]', 'fact\u0000ura\u0007.pdf', pdfOf('c'), 'application/pdf'),
      file('files[]', long, pdfOf('d'), 'application/pdf'),
      file('files[]', 'factura\u202Efdp.exe', pdfOf('e'), 'application/pdf'),
      file('files[]', '\u200Finvoice\u2066.pdf\u2069', pdfOf('f'), 'application/pdf'),
      file('files[]', '..', pdfOf('g'), 'application/pdf'),
      file('files[]', 'a<b>:c|d?.pdf', pdfOf('h'), 'application/pdf'),
    ]);
    expect(res.statusCode).toBe(201);
    const names = (res.json().data as { name: string }[]).map((d) => d.name);
    expect(names[0]).toBe('passwd.pdf');
    expect(names[1]).toBe('system.ini.pdf');
    expect(names[2]).toBe('factura.pdf');
    expect(Array.from(names[3])).toHaveLength(200);
    expect(names[3]).toMatch(/^ă+\.pdf$/);
    expect(names[4]).toBe('facturafdp.exe.pdf');
    expect(names[5]).toBe('invoice.pdf');
    expect(names[6]).toBe('fisier.pdf');
    expect(names[7]).toBe('a_b__c_d_.pdf');
    for (const name of names) {
      expect(name).not.toMatch(/[/\\\u0000-\u001f\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
    }
  });

  test.each([
    ['an .exe renamed to .pdf', 'factura.pdf', EXE],
    ['HTML disguised as .pdf', 'factura.pdf', HTML],
    ['HTML named .txt', 'nota.txt', HTML],
    ['SVG named .xml', 'imagine.xml', SVG],
    ['an .exe', 'setup.exe', EXE],
    ['text with a non-allowed extension', 'script.js', Buffer.from('alert(1)')],
    ['an empty file', 'gol.pdf', Buffer.alloc(0)],
  ])('%s is refused with 422 and nothing is stored', async (_label, name, body) => {
    const before = { files: storedFiles(), rows: await mediaCount() };
    const res = await upload(owner, [
      field('period', '2026-03'),
      file('files[]', 'bun.pdf', pdfOf('bun'), 'application/pdf'),
      file('files[]', name, body, 'application/pdf'),
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.files[0]).toEqual(expect.any(String));
    expect(storedFiles()).toEqual(before.files);
    expect(await mediaCount()).toBe(before.rows);
  });

  test('a file over the limit answers 413 and leaves no row and no file (the earlier files of the request too)', async () => {
    const before = { files: storedFiles(), rows: await mediaCount() };
    const res = await upload(owner, [
      field('period', '2026-03'),
      file('files[]', 'mic.pdf', pdfOf('mic'), 'application/pdf'),
      file('files[]', 'mare.pdf', pdfOf('mare', MAX + 5000), 'application/pdf'),
      file('files[]', 'dupa.pdf', pdfOf('dupa'), 'application/pdf'),
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toContain('32 KB');
    expect(storedFiles()).toEqual(before.files);
    expect(await mediaCount()).toBe(before.rows);
  });

  test('a file of exactly the limit is accepted', async () => {
    const res = await upload(owner, [
      field('period', '2026-03'),
      file('files[]', 'exact.pdf', pdfOf('exact', MAX), 'application/pdf'),
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json().data[0].size).toBe(MAX);
  });

  test('an aborted upload (body cut mid-file) leaves no row and no file', async () => {
    const before = { files: storedFiles(), rows: await mediaCount() };
    const body = multipart([
      file('files[]', 'intreg.pdf', pdfOf('intreg'), 'application/pdf'),
      file('files[]', 'taiat.pdf', pdfOf('taiat', 20000), 'application/pdf'),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/company/${company.id}/clients/${client1}/storeFiles`,
      headers: { ...bearer(owner), ...body.headers },
      payload: body.payload.subarray(0, body.payload.length - 5000),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(storedFiles()).toEqual(before.files);
    expect(await mediaCount()).toBe(before.rows);
  });

  test('validation: category of another company, bad month, no file, not multipart', async () => {
    const before = { files: storedFiles(), rows: await mediaCount() };
    const foreign = await upload(owner, [
      field('category_id', String(otherCategory)),
      file('files[]', 'a.pdf', pdfOf('a')),
    ]);
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toHaveProperty('category_id');
    const foreignAfter = await upload(owner, [
      file('files[]', 'a.pdf', pdfOf('a')),
      field('category_id', String(otherCategory)),
    ]);
    expect(foreignAfter.statusCode).toBe(422);
    expect(foreignAfter.json().errors).toHaveProperty('category_id');
    for (const period of ['2026-13', '26-01', '2026-1', '1999-12', 'ianuarie']) {
      const res = await upload(owner, [field('period', period), file('files[]', 'a.pdf', pdfOf('a'))]);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toHaveProperty('period');
    }
    const garbageCategory = await upload(owner, [field('category_id', 'abc'), file('files[]', 'a.pdf', pdfOf('a'))]);
    expect(garbageCategory.json().errors).toHaveProperty('category_id');
    const none = await upload(owner, [field('period', '2026-01')]);
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toHaveProperty('files');
    const json = await post(owner, `/api/company/${company.id}/clients/${client1}/storeFiles`, { files: ['a.pdf'] });
    expect(json.statusCode).toBe(422);
    expect(storedFiles()).toEqual(before.files);
    expect(await mediaCount()).toBe(before.rows);
  });

  test('staff (role 3) uploads; holding users, other companies and anonymous callers store nothing', async () => {
    expect((await upload(staff, [file('files[]', 'staff.pdf', pdfOf('staff'))])).statusCode).toBe(201);
    const before = { files: storedFiles(), rows: await mediaCount() };
    const elsewhere = await upload(owner2, [file('files[]', 'x.pdf', pdfOf('x'))]);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.body).not.toContain(CANARY.own);
    const ownCompanyForeignClient = await upload(owner2, [file('files[]', 'x.pdf', pdfOf('x'))], client1, other.id);
    expect(ownCompanyForeignClient.statusCode).toBe(404);
    expect((await upload(holdingUser, [file('files[]', 'x.pdf', pdfOf('x'))])).statusCode).toBe(403);
    const anonymous = await upload(null, [file('files[]', 'x.pdf', pdfOf('x'))]);
    expect(anonymous.statusCode).toBe(401);
    expect(storedFiles()).toEqual(before.files);
    expect(await mediaCount()).toBe(before.rows);
  });
});

describe('categories of another holding', () => {
  test('an upload may not use a category the company keeps for another holding, nor learn its name', async () => {
    const second = await createHolding(t, company);
    const secret = `Dosar intern ${unique()}`;
    const kept = await post(owner, `/api/company/${company.id}/storeCategory`, { name: secret, holding_id: second.id });
    expect(kept.statusCode).toBe(201);
    const keptId = kept.json().data.id as number;
    const before = await mediaCount();
    // From the first holding's door, into its own client…
    const res = (
      await api(t)
        .as(holdingUser)
        .upload(`/api/holding/${client1Holding}/clients/${client1}/storeFiles`, [
          field('category_id', String(keptId)),
          file('f', 'a.pdf', pdfOf('a')),
        ])
    ).res;
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ category_id: ['Categoria aleasă nu există.'] });
    expect(res.body).not.toContain(secret);
    // …and from the company door into a client of the first holding: the same set rule.
    const fromCompany = await upload(owner, [field('category_id', String(keptId)), file('f', 'a.pdf', pdfOf('a'))]);
    expect(fromCompany.statusCode).toBe(422);
    expect(await mediaCount()).toBe(before);
    // The second holding's own client files under it.
    const ok = await upload(
      owner,
      [field('category_id', String(keptId)), file('f', 'b.pdf', pdfOf('b'))],
      second.client.id,
    );
    expect(ok.statusCode).toBe(201);
  });
});

describe('over real HTTP', () => {
  // Refusing before reading the whole body must not reset the connection: the browser has to see our answer.
  test('a refused or too large upload still gets its JSON answer, and nothing is stored', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const before = { files: storedFiles(), rows: await mediaCount() };
    const big = Buffer.concat([pdfOf('mare'), Buffer.alloc(5 * 1024 * 1024, 0x20)]);
    const send = async (token: string, clientId: number) => {
      const form = new FormData();
      form.append('period', '2026-05');
      form.append('files[]', new Blob([pdfOf('mic')]), 'mic.pdf');
      form.append('files[]', new Blob([big]), 'mare.pdf');
      const res = await fetch(`${address}/api/company/${company.id}/clients/${clientId}/storeFiles`, {
        method: 'POST',
        headers: bearer(token),
        body: form,
      });
      return { status: res.status, body: (await res.json()) as { message: string } };
    };
    // The 413 comes mid-body, the 403/404 before any of it is read; the requests share keep-alive connections.
    for (let round = 0; round < 3; round++) {
      expect(await send(owner, client1)).toMatchObject({
        status: 413,
        body: { message: expect.stringContaining('32 KB') },
      });
      expect(await send(holdingUser, client1)).toMatchObject({ status: 403, body: { message: expect.any(String) } });
      expect(await send(owner, 999999)).toMatchObject({ status: 404, body: { message: 'Clientul nu a fost găsit.' } });
    }
    const after = await fetch(`${address}/api/company/${company.id}/clients`, {
      method: 'POST',
      headers: { ...bearer(owner), 'content-type': 'application/json' },
      body: '{}',
    });
    expect(after.status).toBe(200);
    expect(storedFiles()).toEqual(before.files);
    expect(await mediaCount()).toBe(before.rows);
  });
});

describe('download one document', () => {
  test('streams the bytes with a safe Content-Disposition keeping the diacritics', async () => {
    const pdf = pdfOf('descarcare');
    const up = await upload(owner, [
      field('period', '2026-04'),
      file('files[]', 'Situație financiară ș ț ă î â.pdf', pdf),
    ]);
    const media = up.json().data[0];
    const res = await post(staff, `/api/company/${company.id}/clients/${client1}/media/${media.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(pdf)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-length']).toBe(String(pdf.length));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Situatie financiara s t a i a.pdf"; filename*=UTF-8''${encodeURIComponent('Situație financiară ș ț ă î â.pdf')}`,
    );
  });

  test('a stored HTML or SVG (legacy row) is never served with its own type', async () => {
    for (const mime of ['text/html', 'image/svg+xml']) {
      const key = `company-${company.id}/client-${client1}/legacy-${mime.replace(/\W/g, '')}`;
      await t.ctx.storage.put(key, (await import('node:stream')).Readable.from(HTML));
      const row = await t.ctx.db
        .insertInto('media')
        .values({
          company_id: company.id,
          client_id: client1,
          original_name: 'vechi "pagina".html',
          mime,
          size: HTML.length,
          sha256: sha(HTML),
          storage_key: key,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const res = await post(owner, `/api/company/${company.id}/clients/${client1}/media/${row.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="vechi _pagina_.html"/);
      await t.ctx.db.updateTable('media').set({ deleted_at: new Date() }).where('id', '=', row.id).execute();
    }
  });

  test('another tenant, a wrong client, a holding user and a missing id get no bytes', async () => {
    const existing = await t.ctx.db
      .selectFrom('media')
      .select('id')
      .where('client_id', '=', client1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const cases: [string, string, number][] = [
      [owner2, `/api/company/${company.id}/clients/${client1}/media/${existing.id}`, 404],
      [owner2, `/api/company/${other.id}/clients/${client1}/media/${existing.id}`, 404],
      [owner2, `/api/company/${other.id}/clients/${otherClient}/media/${existing.id}`, 404],
      [owner, `/api/company/${company.id}/clients/${client3}/media/${existing.id}`, 404],
      [owner, `/api/company/${company.id}/clients/${client1}/media/999999`, 404],
      [holdingUser, `/api/company/${company.id}/clients/${client1}/media/${existing.id}`, 403],
    ];
    for (const [token, url, status] of cases) {
      const res = await post(token, url);
      expect([url, res.statusCode]).toEqual([url, status]);
      expect(res.body).not.toContain(CANARY.own);
      expect(res.body).not.toContain('%PDF');
    }
    expect((await post(owner, `/api/company/${company.id}/clients/${client1}/media/abc`)).statusCode).toBe(422);
  });

  test("the other company's documents never reach this company's owner", async () => {
    const foreign = await t.ctx.db
      .selectFrom('media')
      .select('id')
      .where('client_id', '=', otherClient)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    for (const url of [
      `/api/company/${company.id}/clients/${otherClient}`,
      `/api/company/${company.id}/clients/${otherClient}/media/${foreign.id}`,
      `/api/company/${company.id}/clients/${client1}/media/${foreign.id}`,
      `/api/company/${company.id}/clients/${otherClient}/collection`,
    ]) {
      const res = await post(owner, url);
      expect([url, res.statusCode]).toEqual([url, 404]);
      expect(res.body).not.toContain(CANARY.other);
      expect(res.body).not.toContain('%PDF');
    }
    const own = await post(owner, `/api/company/${company.id}/clients/${client1}`);
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain(CANARY.own);
    expect(own.body).not.toContain(CANARY.other);
  });
});

describe('collection (zip)', () => {
  let zipClient: number;
  const files: Record<string, Buffer> = {};

  beforeAll(async () => {
    const created = await post(owner, `/api/company/${company.id}/createClient`, {
      name: 'Zip Test SRL',
      cui: '18547290',
    });
    expect(created.statusCode).toBe(201);
    zipClient = created.json().data.id;
    files.a1 = pdfOf('a unu');
    files.a2 = pdfOf('a doi');
    files.b = pdfOf('b');
    files.c = Buffer.from('ziua;suma\n1;2\n');
    files.d = pdfOf('fara categorie');
    const first = await upload(
      owner,
      [
        field('category_id', String(category1)),
        field('period', '2026-01'),
        file('f', 'a.pdf', files.a1),
        file('f', 'A.pdf', files.a2),
        file('f', 'b.pdf', files.b),
      ],
      zipClient,
    );
    expect(first.statusCode).toBe(201);
    const second = await upload(
      owner,
      [field('category_id', String(category2)), field('period', '2026-02'), file('f', 'balanță.csv', files.c)],
      zipClient,
    );
    expect(second.statusCode).toBe(201);
    const third = await upload(owner, [field('period', '2026-02'), file('f', 'a.pdf', files.d)], zipClient);
    expect(third.statusCode).toBe(201);
  });

  const zipOf = async (token: string, payload?: object) => {
    const res = await post(token, `/api/company/${company.id}/clients/${zipClient}/collection`, payload);
    return res;
  };

  test('a category named like a drive and a file named like a device still zip, under safe names', async () => {
    const category = await post(owner, `/api/company/${company.id}/storeCategory`, { name: 'A: Avize' });
    expect(category.statusCode).toBe(201);
    const client = await createClient(t, company);
    const sent = await upload(
      owner,
      [
        field('category_id', String(category.json().data.id)),
        field('period', '2026-03'),
        file('f', 'CON.pdf', files.b),
      ],
      client.id,
    );
    expect(sent.statusCode).toBe(201);
    const res = await post(owner, `/api/company/${company.id}/clients/${client.id}/collection`);
    expect(res.statusCode).toBe(200);
    expect(readZip(res.rawPayload).map((e) => [e.name, e.data.equals(files.b)])).toEqual([
      ['A- Avize/2026-03/_CON.pdf', true],
    ]);
  });

  test('the whole collection: entries category/month/file, de-duplicated, stored, byte for byte', async () => {
    const res = await zipOf(staff);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''Zip%20Test%20SRL%20-%20documente.zip");
    const entries = readZip(res.rawPayload);
    const names = entries.map((e) => e.name);
    // a.pdf and A.pdf collide (case-insensitive file systems): the second one becomes "… (2).pdf".
    const clashing = names
      .filter((n) => /^Facturi emise\/2026-01\/a( \(2\))?\.pdf$/i.test(n))
      .sort((x, y) => x.length - y.length);
    expect(clashing).toHaveLength(2);
    expect(clashing[1].toLowerCase()).toBe('facturi emise/2026-01/a (2).pdf');
    expect(names.filter((n) => !clashing.includes(n)).sort()).toEqual(
      ['Facturi emise/2026-01/b.pdf', 'Facturi primite/2026-02/balanță.csv', 'Fără categorie/2026-02/a.pdf'].sort(),
    );
    const byName = Object.fromEntries(entries.map((e) => [e.name, e]));
    const clashingBytes = clashing.map((n) => byName[n].data);
    expect(clashingBytes.some((b) => b.equals(files.a1)) && clashingBytes.some((b) => b.equals(files.a2))).toBe(true);
    expect(byName['Facturi emise/2026-01/b.pdf'].data.equals(files.b)).toBe(true);
    expect(byName['Facturi primite/2026-02/balanță.csv'].data.equals(files.c)).toBe(true);
    expect(byName['Fără categorie/2026-02/a.pdf'].data.equals(files.d)).toBe(true);
    expect(entries.every((e) => e.method === 0)).toBe(true);
    expect(byName['Facturi primite/2026-02/balanță.csv'].utf8).toBe(true);
  });

  test('the system unzip finds the archive intact', async () => {
    const res = await zipOf(owner);
    const target = path.join(t.dataDir, 'check.zip');
    fs.writeFileSync(target, res.rawPayload);
    let output = '';
    try {
      output = execFileSync('unzip', ['-t', target], { encoding: 'utf8' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // no unzip on this machine
      throw error;
    }
    expect(output).toContain('No errors detected');
  });

  test('700 documents (a central directory past 64 KB): the announced length is exactly what is sent', async () => {
    const created = await post(owner, `/api/company/${company.id}/createClient`, {
      name: 'Arhivă Mare SRL',
      cui: '14399840',
    });
    expect(created.body).toContain('"id"');
    const id = created.json().data.id;
    for (let batch = 0; batch < 7; batch++) {
      const parts = Array.from({ length: 100 }, (_, i) =>
        file('f', `Factură furnizor ${String(batch * 100 + i).padStart(4, '0')} — martie.pdf`, pdfOf(`nr ${i}`)),
      );
      expect((await upload(owner, [field('period', '2026-03'), ...parts], id)).statusCode).toBe(201);
    }
    const res = await post(owner, `/api/company/${company.id}/clients/${id}/collection`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
    const entries = readZip(res.rawPayload);
    expect(entries).toHaveLength(700);
    expect(new Set(entries.map((e) => e.name)).size).toBe(700);
    const target = path.join(t.dataDir, 'big.zip');
    fs.writeFileSync(target, res.rawPayload);
    try {
      expect(execFileSync('unzip', ['-t', '-qq', target], { encoding: 'utf8' })).toBe('');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error; // no unzip on this machine
    }
  }, 60_000);

  test('filters: period, category, ids (ids of other clients are ignored)', async () => {
    const byPeriod = readZip((await zipOf(owner, { period: '2026-02' })).rawPayload)
      .map((e) => e.name)
      .sort();
    expect(byPeriod).toEqual(['Facturi primite/2026-02/balanță.csv', 'Fără categorie/2026-02/a.pdf']);
    const byCategory = readZip((await zipOf(owner, { category_id: category1 })).rawPayload).map((e) => e.name);
    expect(byCategory).toHaveLength(3);
    const view = await post(owner, `/api/company/${company.id}/clients/${zipClient}`);
    const ids = (view.json().documents as { id: number; name: string }[])
      .filter((d) => d.name === 'b.pdf')
      .map((d) => d.id);
    const foreign = await t.ctx.db.selectFrom('media').select('id').where('client_id', '=', client1).execute();
    const byIds = readZip((await zipOf(owner, { ids: [...ids, ...foreign.map((f) => f.id)] })).rawPayload);
    expect(byIds.map((e) => e.name)).toEqual(['Facturi emise/2026-01/b.pdf']);
    const empty = await zipOf(owner, { period: '2020-01' });
    expect(empty.statusCode).toBe(404);
    expect((await zipOf(owner, { period: '2026-13' })).statusCode).toBe(422);
    expect((await zipOf(owner, { unknown: 1 })).statusCode).toBe(422);
  });

  test('other tenants and holding users get no zip', async () => {
    for (const [token, url, status] of [
      [owner2, `/api/company/${company.id}/clients/${client1}/collection`, 404],
      [owner2, `/api/company/${other.id}/clients/${client1}/collection`, 404],
      [holdingUser, `/api/company/${company.id}/clients/${client1}/collection`, 403],
    ] as const) {
      const res = await post(token, url);
      expect(res.statusCode).toBe(status);
      expect(res.body).not.toContain(CANARY.own);
      expect(res.headers['content-type']).not.toBe('application/zip');
    }
  });

  test('delete is soft: the document leaves lists and zips, its file stays for retention; role 3 may not delete', async () => {
    const view = await post(owner, `/api/company/${company.id}/clients/${zipClient}`);
    const doc = (view.json().documents as { id: number; name: string }[]).find((d) => d.name === 'b.pdf') as {
      id: number;
    };
    const countBefore = view.json().data.documents_count;
    expect(
      (await post(staff, `/api/company/${company.id}/clients/${zipClient}/media/${doc.id}/delete`)).statusCode,
    ).toBe(403);
    expect(
      (await post(owner2, `/api/company/${other.id}/clients/${zipClient}/media/${doc.id}/delete`)).statusCode,
    ).toBe(404);
    expect(
      (await post(owner2, `/api/company/${company.id}/clients/${zipClient}/media/${doc.id}/delete`)).statusCode,
    ).toBe(404);
    const res = await post(owner, `/api/company/${company.id}/clients/${zipClient}/media/${doc.id}/delete`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toEqual(expect.any(String));
    expect(
      (await post(owner, `/api/company/${company.id}/clients/${zipClient}/media/${doc.id}/delete`)).statusCode,
    ).toBe(404);
    expect((await post(owner, `/api/company/${company.id}/clients/${zipClient}/media/${doc.id}`)).statusCode).toBe(404);
    const after = await post(owner, `/api/company/${company.id}/clients/${zipClient}`);
    expect(after.json().documents.map((d: { id: number }) => d.id)).not.toContain(doc.id);
    expect(after.json().data.documents_count).toBe(countBefore - 1);
    expect(readZip((await zipOf(owner)).rawPayload).map((e) => e.name)).not.toContain('Facturi emise/2026-01/b.pdf');
    const row = await t.ctx.db
      .selectFrom('media')
      .select(['storage_key', 'deleted_at'])
      .where('id', '=', doc.id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect(await t.ctx.storage.exists(row.storage_key)).toBe(true);
  });
});
