import crypto from 'node:crypto';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import {
  api,
  createCompany,
  createHolding,
  createUser,
  createUtilityFile,
  uploadDocument,
  type Actor,
  type Company,
} from '../../../test/factories.js';
import { tinyPdf } from '../../seed.js';

// The file call (media/{mediaId} on both doors, utils/{mediaId}) answers HTTP Range requests and,
// asked `?inline=1`, answers PDF and raster images inline under a sandboxing CSP.
let t: TestApp;
let company: Company;
let staff: Actor;
let holdingAdmin: Actor;
let holdingId: number;
let clientId: number;
let pdf: Buffer;
let pdfId: number;

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), crypto.randomBytes(300)]);

/** A valid PDF of `bytes` bytes whose padding (a comment line) is random, so any misplaced byte shows. */
function pdfOfSize(bytes: number): Buffer {
  const head = tinyPdf('Previzualizare');
  const pad = crypto
    .randomBytes(Math.ceil((bytes - head.length - 2) / 2))
    .toString('hex')
    .slice(0, bytes - head.length - 2);
  return Buffer.concat([head, Buffer.from(`%${pad}\n`, 'latin1')]);
}

const mediaUrl = (id: number, door: 'company' | 'holding' = 'company') =>
  door === 'company'
    ? `/api/company/${company.id}/clients/${clientId}/media/${id}`
    : `/api/holding/${holdingId}/clients/${clientId}/media/${id}`;

async function fetchFile(caller: Actor, url: string, range?: string) {
  return api(t)
    .as(caller)
    .post(url, undefined, range === undefined ? {} : { headers: { range } });
}

beforeAll(async () => {
  t = await createTestApp();
  company = await createCompany(t);
  staff = await createUser(t, company, { role: 3 });
  const holding = await createHolding(t, company);
  holdingId = holding.id;
  holdingAdmin = holding.admin as Actor;
  clientId = holding.client.id;
  pdf = pdfOfSize(200 * 1024);
  pdfId = (await uploadDocument(t, staff, { id: clientId }, { name: 'Extras bancar.pdf', body: pdf })).id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('Range on a document', () => {
  test('no Range: 200, the whole file, Accept-Ranges: bytes', async () => {
    const res = await fetchFile(staff, mediaUrl(pdfId));
    expect(res.status).toBe(200);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-length']).toBe(String(pdf.length));
    expect(res.headers['content-range']).toBeUndefined();
    expect(res.res.rawPayload.equals(pdf)).toBe(true);
  });

  test('bytes=a-b: 206 with exactly those bytes and Content-Range, on both doors', async () => {
    for (const [caller, door] of [
      [staff, 'company'],
      [holdingAdmin, 'holding'],
    ] as const) {
      const res = await fetchFile(caller, mediaUrl(pdfId, door), 'bytes=1000-66535');
      expect(res.status).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes 1000-66535/${pdf.length}`);
      expect(res.headers['content-length']).toBe('65536');
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.res.rawPayload.equals(pdf.subarray(1000, 66536))).toBe(true);
    }
  });

  test('bytes=a- (open) and bytes=-n (suffix) give the tail; an end past the file is clipped', async () => {
    const open = await fetchFile(staff, mediaUrl(pdfId), `bytes=${pdf.length - 700}-`);
    expect(open.status).toBe(206);
    expect(open.headers['content-range']).toBe(`bytes ${pdf.length - 700}-${pdf.length - 1}/${pdf.length}`);
    expect(open.res.rawPayload.equals(pdf.subarray(pdf.length - 700))).toBe(true);

    const suffix = await fetchFile(staff, mediaUrl(pdfId), 'bytes=-1024');
    expect(suffix.status).toBe(206);
    expect(suffix.headers['content-range']).toBe(`bytes ${pdf.length - 1024}-${pdf.length - 1}/${pdf.length}`);
    expect(suffix.res.rawPayload.equals(pdf.subarray(pdf.length - 1024))).toBe(true);

    const clipped = await fetchFile(staff, mediaUrl(pdfId), `bytes=0-${pdf.length * 10}`);
    expect(clipped.status).toBe(206);
    expect(clipped.headers['content-range']).toBe(`bytes 0-${pdf.length - 1}/${pdf.length}`);
    expect(clipped.res.rawPayload.equals(pdf)).toBe(true);

    const single = await fetchFile(staff, mediaUrl(pdfId), 'bytes=0-0');
    expect(single.status).toBe(206);
    expect(single.res.rawPayload.equals(pdf.subarray(0, 1))).toBe(true);
  });

  test('unsatisfiable or malformed Range: 416 with Content-Range bytes */size and a Romanian message', async () => {
    for (const range of [
      `bytes=${pdf.length}-`,
      `bytes=${pdf.length + 5}-${pdf.length + 10}`,
      'bytes=-0',
      'bytes=500-100',
      'bytes=abc',
      'bytes=-',
      'bytes=',
      'items=0-10',
      'bytes=0-10,zz',
      'bytes=99999999999999999999-',
    ]) {
      const res = await fetchFile(staff, mediaUrl(pdfId), range);
      expect({ range, status: res.status }).toEqual({ range, status: 416 });
      expect(res.headers['content-range']).toBe(`bytes */${pdf.length}`);
      expect(res.json.code).toBe('range_not_satisfiable');
      expect(res.json.message).toMatch(/octeți/);
    }
  });

  test('several ranges: the whole file with 200 (Range ignored)', async () => {
    const res = await fetchFile(staff, mediaUrl(pdfId), 'bytes=0-10,100-200');
    expect(res.status).toBe(200);
    expect(res.res.rawPayload.equals(pdf)).toBe(true);
  });

  test('Range does not bypass authorisation: another tenant → 404, signed out → 401', async () => {
    const other = await createCompany(t);
    const foreign = await fetchFile(
      other.owner,
      `/api/company/${other.id}/clients/${clientId}/media/${pdfId}`,
      'bytes=0-9',
    );
    expect(foreign.status).toBe(404);
    expect(foreign.headers['content-range']).toBeUndefined();
    const anonymous = await api(t).post(mediaUrl(pdfId), undefined, { headers: { range: 'bytes=0-9' } });
    expect(anonymous.status).toBe(401);
  });

  test('a utility file answers Range too', async () => {
    const body = 'Model de contract\n'.repeat(100);
    const util = await createUtilityFile(t, company, { body });
    const res = await fetchFile(holdingAdmin, `/api/holding/${holdingId}/utils/${util.media_id}`, 'bytes=18-35');
    expect(res.status).toBe(206);
    expect(res.text).toBe('Model de contract\n');
    expect(res.headers['content-range']).toBe(`bytes 18-35/${Buffer.byteLength(body)}`);
  });
});

describe('inline only for PDF and raster images, and only when asked', () => {
  test('?inline=1 on a PDF or PNG: inline, sandboxing CSP, nosniff; without it: attachment', async () => {
    const png = await uploadDocument(t, staff, { id: clientId }, { name: 'bon.png', body: PNG, mime: 'image/png' });
    for (const [id, type] of [
      [pdfId, 'application/pdf'],
      [png.id, 'image/png'],
    ] as const) {
      const inline = await fetchFile(staff, `${mediaUrl(id)}?inline=1`);
      expect(inline.status).toBe(200);
      expect(inline.headers['content-type']).toBe(type);
      expect(String(inline.headers['content-disposition'])).toMatch(/^inline;/);
      const csp = String(inline.headers['content-security-policy']);
      expect(csp).toMatch(/^sandbox;/);
      expect(csp).toContain("default-src 'none'");
      expect(csp).not.toMatch(/script-src|allow-scripts/);
      expect(inline.headers['x-content-type-options']).toBe('nosniff');

      const ranged = await fetchFile(staff, `${mediaUrl(id)}?inline=1`, 'bytes=0-7');
      expect(ranged.status).toBe(206);
      expect(String(ranged.headers['content-disposition'])).toMatch(/^inline;/);

      const plain = await fetchFile(staff, mediaUrl(id));
      expect(String(plain.headers['content-disposition'])).toMatch(/^attachment;/);
      expect(String(plain.headers['content-security-policy'])).not.toMatch(/sandbox/);
    }
  });

  test('text, CSV and other types stay attachments with ?inline=1', async () => {
    const csv = await uploadDocument(
      t,
      staff,
      { id: clientId },
      {
        name: 'balanta.csv',
        body: Buffer.from('cont;sold\n401;1200\n'),
        mime: 'text/csv',
      },
    );
    const res = await fetchFile(staff, `${mediaUrl(csv.id)}?inline=1`);
    expect(res.status).toBe(200);
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment;/);
  });

  test('an unknown inline value is a 422', async () => {
    const res = await fetchFile(staff, `${mediaUrl(pdfId)}?inline=da`);
    expect(res.status).toBe(422);
  });
});
