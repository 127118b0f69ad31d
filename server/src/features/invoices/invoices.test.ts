import fs from 'node:fs';
import path from 'node:path';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { file } from '../../../test/multipart.js';
import { importInvoiceFiles } from './index.js';
import {
  api,
  createClient,
  createCompany,
  createHolding,
  createUser,
  uploadDocument,
  type Company,
} from '../../../test/factories.js';
import {
  anafErrorZip,
  billionLaughsXml,
  invoiceXml,
  malformedXml,
  spvZip,
  xxeXml,
} from '../../../test/efactura/generate.js';

// The e-Factura import through the company door: filing by CUI, duplicates, „De sortat”, SPV zips,
// refusals that leave nothing behind, the readable invoice on both doors, and who may call what.
let t: TestApp;
let company: Company;
let other: Company;
let staff: string;
let holdingAdmin: string;
let buyer: { id: number; name: string; holding_id: number | null }; // CUI 49278701, inside a holding
let seller: { id: number; name: string }; // CUI 13548146
let otherClient: number;

const C = () => `/api/company/${company.id}`;
const SELLER = { cui: '13548146', name: 'Vânzător SRL' };
const BUYER = { cui: '49278701', name: 'Cumpărător SRL' };
const STRANGER = { cui: '43131360', name: 'Străin SRL' };
const STRANGER2 = { cui: '37024165', name: 'Alt Străin SRL' };

async function importFiles(
  files: { name: string; bytes: Buffer | string }[],
  token = company.owner.token,
  url = `${C()}/invoices/import`,
) {
  const parts = files.map((f) =>
    file('files[]', f.name, Buffer.isBuffer(f.bytes) ? f.bytes : Buffer.from(f.bytes), 'application/xml'),
  );
  return api(t).as(token).upload(url, parts);
}

function storedFiles(): number {
  let n = 0;
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(path.join(dir, e.name));
      else n++;
    }
  };
  walk(path.join(t.dataDir, 'files'));
  return n;
}

const count = async (table: 'media' | 'invoices') =>
  Number(
    (
      await t.ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  other = await createCompany(t);
  company = await createCompany(t);
  staff = (await createUser(t, company, { role: 3 })).token;
  const holding = await createHolding(t, company, { client: { name: 'Cumpărător SRL', cui: `RO${BUYER.cui}` } });
  holdingAdmin = holding.admin?.token as string;
  buyer = holding.client;
  seller = await createClient(t, company, { name: 'Vânzător SRL', cui: SELLER.cui });
  otherClient = (await createClient(t, other, { cui: STRANGER.cui })).id;
});

afterAll(async () => {
  await t.close();
});

describe('POST invoices/import', () => {
  it('files a received invoice under its buyer client, in the month of its issue date, and ticks the item', async () => {
    const res = await importFiles(
      [{ name: 'factura.xml', bytes: invoiceXml({ number: 'R-1', supplier: STRANGER, buyer: BUYER }) }],
      staff,
    );
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual([
      expect.objectContaining({
        file: 'factura.xml',
        entry: null,
        status: 'filed',
        number: 'R-1',
        issue_date: '2026-11-15',
        supplier_cui: STRANGER.cui,
        buyer_cui: BUYER.cui,
        client_id: buyer.id,
        client_name: buyer.name,
        category: 'Facturi primite',
        period: '2026-11',
        kind: 'received',
        signature_verified: null,
      }),
    ]);
    const documentId = res.json.data[0].document_id as number;
    const media = await t.ctx.db
      .selectFrom('media as m')
      .innerJoin('requirements as r', 'r.id', 'm.requirement_id')
      .select(['m.client_id', 'm.period', 'r.name', 'm.mime'])
      .where('m.id', '=', documentId)
      .executeTakeFirstOrThrow();
    expect(media).toEqual({ client_id: buyer.id, period: '2026-11', name: 'Facturi primite', mime: 'application/xml' });
    const events = await t.ctx.db
      .selectFrom('activity_events')
      .select(['action', 'actor_name'])
      .where('media_id', '=', documentId)
      .execute();
    expect(events).toEqual([{ action: 'document.upload', actor_name: expect.stringMatching(/^Utilizator/) }]);
  });

  it('files an issued invoice under its supplier client („Facturi emise”)', async () => {
    const res = await importFiles([
      { name: 'emisa.xml', bytes: invoiceXml({ number: 'E-1', supplier: SELLER, buyer: STRANGER }) },
    ]);
    expect(res.json.data[0]).toMatchObject({
      status: 'filed',
      client_id: seller.id,
      category: 'Facturi emise',
      kind: 'issued',
    });
  });

  it("files one copy per client when both parties are the firm's clients", async () => {
    const res = await importFiles([
      { name: 'ambele.xml', bytes: invoiceXml({ number: 'B-1', supplier: SELLER, buyer: BUYER }) },
    ]);
    const [entry] = res.json.data;
    expect(entry).toMatchObject({ status: 'filed', client_id: buyer.id, kind: 'received' });
    expect(entry.copies.map((c: { client_id: number; category: string }) => [c.client_id, c.category])).toEqual([
      [buyer.id, 'Facturi primite'],
      [seller.id, 'Facturi emise'],
    ]);
  });

  it('stores nothing twice: the same supplier CUI, number and issue date is a duplicate, also within one upload', async () => {
    const xml = invoiceXml({ number: 'D-1', supplier: STRANGER, buyer: BUYER });
    await importFiles([{ name: 'd.xml', bytes: xml }]);
    const [media, invoices, files] = [await count('media'), await count('invoices'), storedFiles()];
    const res = await importFiles([
      { name: 'd-again.xml', bytes: xml },
      { name: 'd.zip', bytes: await spvZip(xml) },
    ]);
    expect(res.json.data.map((e: { status: string }) => e.status)).toEqual(['duplicate', 'duplicate']);
    expect(res.json.data[0].reason).toMatch(/a mai fost importată/);
    expect([await count('media'), await count('invoices'), storedFiles()]).toEqual([media, invoices, files]);
    const fresh = invoiceXml({ number: 'D-2', supplier: STRANGER, buyer: BUYER });
    const twice = await importFiles([
      { name: 'a.xml', bytes: fresh },
      { name: 'b.xml', bytes: fresh },
    ]);
    expect(twice.json.data.map((e: { status: string }) => e.status)).toEqual(['filed', 'duplicate']);
  });

  it('takes an invoice again once its document went to the trash', async () => {
    const xml = invoiceXml({ number: 'T-1', supplier: STRANGER, buyer: BUYER });
    const first = (await importFiles([{ name: 't.xml', bytes: xml }])).json.data[0];
    const deleted = await api(t).as(company.owner).post(`${C()}/clients/${buyer.id}/media/${first.document_id}/delete`);
    expect(deleted.status).toBe(200);
    const again = (await importFiles([{ name: 't.xml', bytes: xml }])).json.data[0];
    expect(again).toMatchObject({ status: 'filed', client_id: buyer.id });
    expect(again.document_id).not.toBe(first.document_id);
  });

  it('keeps an invoice of no client in „De sortat”, and files it by hand', async () => {
    const res = await importFiles([
      { name: 'nimeni.xml', bytes: invoiceXml({ number: 'U-1', supplier: STRANGER, buyer: STRANGER2 }) },
    ]);
    const [entry] = res.json.data;
    expect(entry).toMatchObject({ status: 'unmatched', unsorted_id: expect.any(Number) });
    const list = await api(t).as(staff).post(`${C()}/invoices/unsorted`, {});
    expect(list.status).toBe(200);
    expect(list.json.data).toEqual([
      expect.objectContaining({
        id: entry.unsorted_id,
        number: 'U-1',
        supplier: { cui: STRANGER.cui, name: STRANGER.name },
      }),
    ]);
    expect(list.json.meta).toEqual({ page: 1, per_page: 25, total: 1 });
    // Another firm's people never see or file it.
    expect(
      (
        await api(t)
          .as(other.owner)
          .post(`/api/company/${other.id}/invoices/unsorted/${entry.unsorted_id}/assign`, { client_id: otherClient })
      ).status,
    ).toBe(404);
    // A client of another firm is not a client here.
    expect(
      (await api(t).as(staff).post(`${C()}/invoices/unsorted/${entry.unsorted_id}/assign`, { client_id: otherClient }))
        .status,
    ).toBe(404);
    const assigned = await api(t)
      .as(staff)
      .post(`${C()}/invoices/unsorted/${entry.unsorted_id}/assign`, { client_id: seller.id });
    expect(assigned.status).toBe(200);
    expect(assigned.json.data).toMatchObject({
      client_id: seller.id,
      category: 'Facturi primite',
      period: '2026-11',
      kind: 'received',
    });
    const view = await api(t)
      .as(staff)
      .post(`${C()}/clients/${seller.id}/media/${assigned.json.data.document_id}/invoice`);
    expect(view.json.data).toMatchObject({ number: 'U-1', kind: 'received' });
    expect((await api(t).as(staff).post(`${C()}/invoices/unsorted`, {})).json.data).toEqual([]);
    expect(
      (await api(t).as(staff).post(`${C()}/invoices/unsorted/${entry.unsorted_id}/assign`, { client_id: seller.id }))
        .status,
    ).toBe(404);
  });

  it('files SPV zips of both styles with their signature checked, and keeps the zip unchanged', async () => {
    const zip = await spvZip(invoiceXml({ number: 'Z-1', supplier: STRANGER, buyer: BUYER }));
    const older = await spvZip(invoiceXml({ number: 'Z-2', supplier: STRANGER, buyer: BUYER }), {
      style: 'test',
      signatureFirst: true,
    });
    const tampered = await spvZip(invoiceXml({ number: 'Z-3', supplier: STRANGER, buyer: BUYER }), { tamper: true });
    const res = await importFiles([
      { name: 'spv.zip', bytes: zip },
      { name: 'test.zip', bytes: older },
      { name: 'alterat.zip', bytes: tampered },
    ]);
    expect(
      res.json.data.map((e: { file: string; entry: string; status: string; signature_verified: boolean }) => [
        e.file,
        e.entry,
        e.status,
        e.signature_verified,
      ]),
    ).toEqual([
      ['spv.zip', '4219876543.xml', 'filed', true],
      ['test.zip', '4219876543.xml', 'filed', true],
      ['alterat.zip', '4219876543.xml', 'filed', false],
    ]);
    const row = await t.ctx.db
      .selectFrom('invoices')
      .select(['zip_storage_key', 'zip_size'])
      .where('id', '=', res.json.data[0].invoice_id)
      .executeTakeFirstOrThrow();
    const kept = fs.readFileSync(path.join(t.dataDir, 'files', row.zip_storage_key as string));
    expect(kept.equals(zip)).toBe(true);
    const view = await api(t)
      .as(staff)
      .post(`${C()}/clients/${buyer.id}/media/${res.json.data[2].document_id}/invoice`);
    expect(view.json.data.signature_verified).toBe(false);
  });

  it("refuses what is no invoice and leaves nothing behind; ANAF's rejection shows its messages", async () => {
    const [media, invoices, files] = [await count('media'), await count('invoices'), storedFiles()];
    const res = await importFiles([
      { name: 'stricat.xml', bytes: malformedXml() },
      { name: 'xxe.xml', bytes: xxeXml() },
      { name: 'lol.xml', bytes: billionLaughsXml() },
      { name: 'respins.zip', bytes: await anafErrorZip(['E: eroare BR-RO-010']) },
      { name: 'scan.pdf', bytes: Buffer.from('%PDF-1.4\n%%EOF\n') },
    ]);
    expect(res.status).toBe(200);
    expect(res.json.data.map((e: { status: string }) => e.status)).toEqual([
      'refused',
      'refused',
      'refused',
      'refused',
      'refused',
    ]);
    expect(res.json.data[3]).toMatchObject({
      reason: 'ANAF a respins factura: E: eroare BR-RO-010',
      anaf_errors: ['E: eroare BR-RO-010'],
    });
    expect(res.text).not.toMatch(/root:x:0/);
    expect([await count('media'), await count('invoices'), storedFiles()]).toEqual([media, invoices, files]);
  });
});

describe('importInvoiceFiles (the SPV sync)', () => {
  it('files a downloaded zip like an upload, the history naming the sync', async () => {
    const zip = await spvZip(invoiceXml({ number: 'SYNC-1', supplier: STRANGER, buyer: BUYER }), { id: '5001' });
    const { data } = await importInvoiceFiles(
      t.ctx,
      { kind: 'company', id: company.id },
      [{ name: '5001.zip', bytes: zip }],
      {
        actor: null,
      },
    );
    expect(data).toEqual([
      expect.objectContaining({ file: '5001.zip', entry: '5001.xml', status: 'filed', signature_verified: true }),
    ]);
    const event = await t.ctx.db
      .selectFrom('activity_events')
      .select(['actor_id', 'actor_name'])
      .where('media_id', '=', data[0].document_id as number)
      .executeTakeFirstOrThrow();
    expect(event).toEqual({ actor_id: null, actor_name: 'Sincronizare SPV' });
  });
});

describe('a closed month', () => {
  it("refuses the whole invoice when one copy's month is closed, and stores nothing of it", async () => {
    await t.ctx.db
      .insertInto('client_periods')
      .values({
        company_id: company.id,
        client_id: seller.id,
        period: '2026-10',
        closed_at: new Date(),
        closed_by: company.owner.id,
      })
      .execute();
    const [media, invoices, files] = [await count('media'), await count('invoices'), storedFiles()];
    const res = await importFiles([
      {
        name: 'inchisa.xml',
        bytes: invoiceXml({ number: 'C-1', issueDate: '2026-10-10', supplier: SELLER, buyer: BUYER }),
      },
      {
        name: 'inchisa-bis.xml',
        bytes: invoiceXml({ number: 'C-1', issueDate: '2026-10-10', supplier: SELLER, buyer: BUYER }),
      },
    ]);
    for (const entry of res.json.data) {
      expect(entry).toMatchObject({ status: 'refused', number: 'C-1', reason: expect.stringContaining(seller.name) });
    }
    expect([await count('media'), await count('invoices'), storedFiles()]).toEqual([media, invoices, files]);
    // The buyer's side alone files (its month is open).
    const open = await importFiles([
      {
        name: 'deschisa.xml',
        bytes: invoiceXml({ number: 'C-2', issueDate: '2026-10-10', supplier: STRANGER, buyer: BUYER }),
      },
    ]);
    expect(open.json.data[0]).toMatchObject({ status: 'filed', client_id: buyer.id, period: '2026-10' });
  });
});

describe('the readable invoice', () => {
  it('answers the parsed invoice on both doors, attachments as metadata only', async () => {
    const attachment = {
      name: 'anexa.pdf',
      mime: 'application/pdf',
      bytes: Buffer.from('%PDF-1.4 anexă secretă '.repeat(50)),
    };
    const res = await importFiles([
      {
        name: 'eur.xml',
        bytes: invoiceXml({ number: 'V-1', currency: 'EUR', supplier: STRANGER, buyer: BUYER, attachment }),
      },
    ]);
    const documentId = res.json.data[0].document_id as number;
    for (const [token, url] of [
      [staff, `${C()}/clients/${buyer.id}/media/${documentId}/invoice`],
      [holdingAdmin, `/api/holding/${buyer.holding_id}/clients/${buyer.id}/media/${documentId}/invoice`],
    ] as const) {
      const view = await api(t).as(token).post(url);
      expect(view.status).toBe(200);
      expect(view.json.data).toMatchObject({
        media_id: documentId,
        client_id: buyer.id,
        kind: 'received',
        number: 'V-1',
        currency: 'EUR',
        tax_total_ron: expect.stringMatching(/^\d+\.\d{2}$/),
        supplier: { cui: STRANGER.cui, name: STRANGER.name },
        attachments: [{ file_name: 'anexa.pdf', mime: 'application/pdf', size: attachment.bytes.length }],
        anaf_rejection: null,
      });
      expect(view.text).not.toContain(attachment.bytes.toString('base64').slice(0, 30));
    }
  });

  it('is 404 for another firm, for a document that is no invoice, and refuses the roles that may not import', async () => {
    const res = await importFiles([
      { name: 's.xml', bytes: invoiceXml({ number: 'S-1', supplier: STRANGER, buyer: BUYER }) },
    ]);
    const documentId = res.json.data[0].document_id as number;
    expect(
      (await api(t).as(other.owner).post(`/api/company/${other.id}/clients/${buyer.id}/media/${documentId}/invoice`))
        .status,
    ).toBe(404);
    expect((await api(t).as(other.owner).post(`${C()}/clients/${buyer.id}/media/${documentId}/invoice`)).status).toBe(
      404,
    );
    expect((await api(t).as(staff).post(`${C()}/clients/${seller.id}/media/${documentId}/invoice`)).status).toBe(404);
    const pdf = await uploadDocument(t, company.owner, seller);
    expect((await api(t).as(staff).post(`${C()}/clients/${seller.id}/media/${pdf.id}/invoice`)).status).toBe(404);
    expect((await importFiles([{ name: 'x.xml', bytes: invoiceXml() }], holdingAdmin)).status).toBe(403);
    expect((await importFiles([{ name: 'x.xml', bytes: invoiceXml() }], other.owner.token)).status).toBe(404);
  });

  it('records an invoice XML uploaded as a plain document (storeFiles)', async () => {
    const xml = invoiceXml({ number: 'P-1', supplier: SELLER, buyer: STRANGER });
    const doc = await uploadDocument(t, company.owner, seller, {
      name: 'din-dosar.xml',
      body: Buffer.from(xml),
      mime: 'application/xml',
    });
    const view = await api(t).as(staff).post(`${C()}/clients/${seller.id}/media/${doc.id}/invoice`);
    expect(view.status).toBe(200);
    expect(view.json.data).toMatchObject({ number: 'P-1', kind: 'issued', signature_verified: null });
    // Imported afterwards, the same invoice is a duplicate.
    expect((await importFiles([{ name: 'p.xml', bytes: xml }])).json.data[0].status).toBe('duplicate');
  });
});
