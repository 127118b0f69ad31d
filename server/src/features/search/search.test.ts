import { createTestApp, type TestApp } from '../../../test/helpers.js';
import {
  api,
  createClient,
  createCompany,
  createHolding,
  createUser,
  uploadDocument,
  type Actor,
  type Caller,
  type Client,
  type Company,
  type Holding,
} from '../../../test/factories.js';
import { parseAmount, searchTerms } from './search-terms.js';

// POST documents/search on both doors: by invoice number, partner name (diacritics or not), CUI (with or
// without RO), amount payable and file name; only the caller's own live documents; roles; bad input.
let t: TestApp;
let firm: Company;
let other: Company;
let staff: Actor;
let holding: Holding & { client: Client };
let alfa: Client;
let beta: Client;
let invoiceDocId: number;
let door: string;

const post = (who: Caller | null, url: string, body?: object) => api(t).as(who).post(url, body);
const XML = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?>\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>\n',
);

/** An invoice filed as the document `mediaId` of `client` (what the import writes). */
async function fileInvoice(
  company: Company,
  client: Client,
  mediaId: number,
  fields: { number: string; supplier: [string, string]; payable: string; kind?: 'received' | 'issued' },
) {
  await t.ctx.db
    .insertInto('invoices')
    .values({
      company_id: company.id,
      client_id: client.id,
      media_id: mediaId,
      kind: fields.kind ?? 'received',
      number: fields.number,
      type_code: 380,
      issue_date: '2026-10-15',
      currency: 'RON',
      supplier_cui: fields.supplier[0],
      supplier_name: fields.supplier[1],
      buyer_cui: client.cui,
      buyer_name: client.name,
      total_without_vat: '1020.25',
      total_vat: '214.25',
      total_payable: fields.payable,
      parsed: '{}',
      file_name: 'f.xml',
      xml_storage_key: 'k',
      xml_size: 10,
      xml_sha256: 'x',
    })
    .execute();
}

async function search(who: Caller | null, q: unknown, url = door, extra: object = {}) {
  return post(who, `${url}/documents/search`, { q, ...extra });
}

const numbersOf = (res: { json: { data: { invoice: { number: string } | null; document: { name: string } }[] } }) =>
  res.json.data.map((hit) => hit.invoice?.number ?? hit.document.name);

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  firm = await createCompany(t, { name: 'Contabil Căutare SRL' });
  other = await createCompany(t, { name: 'Alt Contabil SRL' });
  staff = await createUser(t, firm, { role: 3 });
  holding = await createHolding(t, firm, { client: { name: 'Gamma Holding Client SRL' } });
  alfa = await createClient(t, firm, { name: 'Alfa Distribuție SRL' });
  beta = await createClient(t, other, { name: 'Beta Străină SRL' });
  door = `/api/company/${firm.id}`;

  const invoiceDoc = await uploadDocument(t, firm.owner, alfa, {
    name: 'factura-FCT-0042.xml',
    body: XML,
    mime: 'application/xml',
    period: '2026-10',
  });
  invoiceDocId = invoiceDoc.id;
  await fileInvoice(firm, alfa, invoiceDoc.id, {
    number: 'FCT-2026-0042',
    supplier: ['13548146', 'Țesătoria Mureș SA'],
    payable: '1234.50',
  });
  await uploadDocument(t, firm.owner, alfa, { name: 'extras-octombrie-bcr.pdf', period: '2026-10' });
  const gone = await uploadDocument(t, firm.owner, alfa, { name: 'extras-sters.pdf', period: '2026-10' });
  await post(firm.owner, `${door}/clients/${alfa.id}/media/${gone.id}/delete`);

  // The holding's client has an invoice too: the holding door finds it, and the firm's.
  const holdingDoc = await uploadDocument(t, firm.owner, holding.client, {
    name: 'gamma.xml',
    body: XML,
    mime: 'application/xml',
  });
  await fileInvoice(firm, holding.client, holdingDoc.id, {
    number: 'GAM-7',
    supplier: ['49278701', 'Furnizor Gamma SRL'],
    payable: '99.90',
  });

  // Another firm has the same number from the same supplier, and the same amount.
  const foreign = await uploadDocument(t, other.owner, beta, {
    name: 'factura-FCT-0042.xml',
    body: XML,
    mime: 'application/xml',
  });
  await fileInvoice(other, beta, foreign.id, {
    number: 'FCT-2026-0042',
    supplier: ['13548146', 'Țesătoria Mureș SA'],
    payable: '1234.50',
  });
});
afterAll(() => t.close());

describe('POST documents/search finds', () => {
  test('an invoice by its number, with client, month, category and the invoice', async () => {
    const res = await search(staff, 'FCT-2026-0042');
    expect(res.status).toBe(200);
    expect(res.json.meta).toEqual({ page: 1, per_page: 25, total: 1, capped: false });
    expect(res.json.data[0]).toMatchObject({
      client: { id: alfa.id, name: 'Alfa Distribuție SRL' },
      document: { id: invoiceDocId, name: 'factura-FCT-0042.xml' },
      period: '2026-10',
      invoice: {
        number: 'FCT-2026-0042',
        kind: 'received',
        issue_date: '2026-10-15',
        partner: { name: 'Țesătoria Mureș SA', cui: '13548146' },
        amount: '1234.50',
        currency: 'RON',
      },
    });
    // part of the number, in lower case
    expect(numbersOf(await search(staff, 'fct-2026'))).toEqual(['FCT-2026-0042']);
  });

  test.each(['Țesătoria Mureș', 'tesatoria mures', 'TESĂTORIA', 'Ţesătoria'])('a supplier by name: %s', async (q) => {
    expect(numbersOf(await search(firm.owner, q))).toEqual(['FCT-2026-0042']);
  });

  test('the buyer by name: every invoice of the client', async () => {
    expect(numbersOf(await search(firm.owner, 'alfa distributie'))).toEqual(['FCT-2026-0042']);
  });

  test.each(['13548146', 'RO13548146', 'ro 13548146', 'RO 1354'])('a partner by CUI: %s', async (q) => {
    expect(numbersOf(await search(firm.owner, q))).toEqual(['FCT-2026-0042']);
  });

  test.each(['1234,50', '1234.50', '1.234,50', '1 234,50', '1234,5'])('the amount payable: %s', async (q) => {
    expect(numbersOf(await search(firm.owner, q))).toEqual(['FCT-2026-0042']);
  });

  test('nothing for an amount that is not there', async () => {
    const res = await search(firm.owner, '1234,51');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ data: [], meta: { page: 1, per_page: 25, total: 0, capped: false } });
  });

  test('a document by its file name, which is no invoice', async () => {
    const res = await search(firm.owner, 'extras octombrie');
    expect(numbersOf(res)).toEqual(['extras-octombrie-bcr.pdf']);
    expect(res.json.data[0].invoice).toBeNull();
  });

  test('never a deleted document', async () => {
    expect(numbersOf(await search(firm.owner, 'extras-sters'))).toEqual([]);
  });

  test('pages: per_page 1 gives one hit and the total', async () => {
    const res = await search(firm.owner, 'xml', door, { per_page: 1, page: 2 });
    expect(res.status).toBe(200);
    expect(res.json.meta).toEqual({ page: 2, per_page: 1, total: 2, capped: false });
    expect(res.json.data).toHaveLength(1);
  });
});

describe('POST documents/search keeps to the tenant', () => {
  test('never another firm’s documents, whatever matches there', async () => {
    for (const q of ['FCT-2026-0042', '13548146', '1234,50', 'Beta Straina', 'factura-FCT']) {
      const res = await search(firm.owner, q);
      expect(res.status).toBe(200);
      expect(res.json.data.every((hit: { client: { id: number } }) => hit.client.id !== beta.id)).toBe(true);
      expect(JSON.stringify(res.json)).not.toContain('Beta');
    }
    // and the other firm sees its own copy only
    const theirs = await search(other.owner, 'FCT-2026-0042', `/api/company/${other.id}`);
    expect(theirs.json.data.map((hit: { client: { id: number } }) => hit.client.id)).toEqual([beta.id]);
  });

  test('another firm’s door answers 404, a holding person 403, nobody 401', async () => {
    expect((await search(other.owner, 'FCT-2026-0042')).status).toBe(404);
    expect((await search(holding.admin, 'FCT-2026-0042')).status).toBe(403);
    expect((await search(null, 'FCT-2026-0042')).status).toBe(401);
  });

  test('the holding door finds the holding’s clients’ documents only', async () => {
    const hdoor = `/api/holding/${holding.id}`;
    const mine = await search(holding.admin, 'GAM-7', hdoor);
    expect(mine.status).toBe(200);
    expect(numbersOf(mine)).toEqual(['GAM-7']);
    expect(numbersOf(await search(holding.admin, 'FCT-2026-0042', hdoor))).toEqual([]);
    expect(numbersOf(await search(holding.admin, '99,90', hdoor))).toEqual(['GAM-7']);
    expect((await search(firm.owner, 'GAM-7', hdoor)).status).toBe(403);
  });
});

describe('POST documents/search refuses bad input in Romanian', () => {
  test.each([
    ['a term too short', { q: 'ab' }, 'q'],
    ['a term short once trimmed', { q: '  ab  ' }, 'q'],
    ['no term', {}, 'q'],
    ['a term that is no text', { q: 1234 }, 'q'],
    ['page 0', { q: 'factura', page: 0 }, 'page'],
    ['an unknown field', { q: 'factura', sort: 'x' }, 'sort'],
  ])('%s → 422', async (_what, body, field) => {
    const res = await post(firm.owner, `${door}/documents/search`, body);
    expect(res.status).toBe(422);
    expect(res.json.errors[field][0]).toMatch(/^(Câmpul|Scrie cel puțin)/);
  });

  test('the short term says how long it must be', async () => {
    const res = await post(firm.owner, `${door}/documents/search`, { q: '  ab  ' });
    expect(res.json.message).toBe('Scrie cel puțin 3 caractere pentru căutare.');
  });
});

describe('parseAmount', () => {
  test.each([
    ['1234,50', '1234.50'],
    ['1234.50', '1234.50'],
    ['1.234,50', '1234.50'],
    ['1,234.50', '1234.50'],
    ['1 234,5', '1234.50'],
    ['1.234', '1234.00'],
    ['1234', '1234.00'],
    ['12,5 lei', '12.50'],
    ['FCT-0042', null],
    ['1.2.3', null],
    ['12,345,6', null],
  ])('%s → %s', (text, amount) => {
    expect(parseAmount(text)).toBe(amount);
  });
});

describe('searchTerms', () => {
  test.each([
    ['FCT-2026-0042', 'fct & 2026 & 0042:*'],
    ['Țesătoria Mureș', 'tesatoria & mures'],
    ['RO13548146', '(ro13548146:*) | 13548146:*'],
    ['13548146', '13548146:*'],
    ["x' | !(y):* & z", 'x & y & z'],
  ])('%s → %s (words only: nothing typed is tsquery syntax)', (q, query) => {
    expect(searchTerms(q).query).toBe(query);
  });

  test('nothing but punctuation asks for no word', () => {
    expect(searchTerms('-.-').query).toBeNull();
  });
});
