import crypto from 'node:crypto';
import {
  anafErrorZip,
  billionLaughsXml,
  CIUS_RO_100,
  deepXml,
  invoiceXml,
  malformedXml,
  spvZip,
  xxeXml,
  zipOf,
} from '../../../test/efactura/generate.js';
import { readInvoiceFile, type ReadInvoice, type ReadOutcome } from './index.js';

const read = (xml: string | Buffer) => readInvoiceFile(Buffer.isBuffer(xml) ? xml : Buffer.from(xml));
function invoiceOf(outcome: ReadOutcome): ReadInvoice {
  if (outcome.status !== 'invoice') throw new Error(`refused: ${outcome.reason}`);
  return outcome;
}

describe('e-Factura parsing', () => {
  it('reads a RON invoice with 21 %, 11 % and 0 % VAT: parties, totals, breakdown, lines', async () => {
    const { invoice, signatureVerified, zip } = invoiceOf(
      await read(invoiceXml({ rates: [21, 11, 0], lines: 6, number: 'ABC 0042' })),
    );
    expect(invoice).toMatchObject({
      document: 'Invoice',
      number: 'ABC 0042',
      type_code: 380,
      issue_date: '2026-11-15',
      due_date: '2026-12-31',
      currency: 'RON',
      supplier: {
        name: 'Furnizor SRL',
        cui: '13548146',
        vat_number: 'RO13548146',
        vat_payer: true,
        registration: 'J40/1234/2020',
      },
      buyer: { cui: '49278701', vat_number: 'RO49278701' },
      tax_total_ron: null,
      storno: false,
      payment: { means_code: '30', iban: 'RO49AAAA1B31007593840000' },
    });
    expect(invoice.vat_breakdown.map((v) => [v.category, v.rate])).toEqual([
      ['S', '21'],
      ['S', '11'],
      ['Z', '0'],
    ]);
    expect(invoice.lines).toHaveLength(6);
    expect(invoice.lines[0]).toMatchObject({ id: '1', name: 'Produs 1 & serviciu', unit: 'H87', vat_rate: '21' });
    // The totals add up, to the cent, as strings with two decimals.
    const cents = (s: string) => Math.round(Number(s) * 100);
    const net = invoice.lines.reduce((sum, l) => sum + cents(l.amount), 0);
    expect(cents(invoice.totals.without_vat)).toBe(net);
    expect(cents(invoice.totals.payable)).toBe(net + cents(invoice.totals.vat));
    for (const value of [invoice.totals.without_vat, invoice.totals.vat, invoice.totals.payable]) {
      expect(value).toMatch(/^-?\d+\.\d{2}$/);
    }
    expect(signatureVerified).toBeNull();
    expect(zip).toBeNull();
  });

  it('keeps the RON VAT of a foreign-currency invoice (its second TaxTotal) and an attachment as metadata only', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), crypto.randomBytes(3000)]);
    const { invoice } = invoiceOf(
      await read(
        invoiceXml({
          currency: 'EUR',
          exchangeRate: 5,
          attachment: { name: 'anexa.pdf', mime: 'application/pdf', bytes: pdf },
        }),
      ),
    );
    expect(invoice.currency).toBe('EUR');
    expect(invoice.tax_currency).toBe('RON');
    expect(invoice.tax_total_ron).toBe((Math.round(Number(invoice.totals.vat) * 100 * 5) / 100).toFixed(2));
    expect(invoice.attachments).toEqual([
      { id: 'anexa.pdf', description: 'Anexă', file_name: 'anexa.pdf', mime: 'application/pdf', size: pdf.length },
    ]);
    expect(JSON.stringify(invoice)).not.toContain(pdf.toString('base64').slice(0, 40));
  });

  it('reads a credit note, a storno with negative amounts and a 1.0.0 invoice', async () => {
    const credit = invoiceOf(await read(invoiceXml({ creditNote: true }))).invoice;
    expect(credit).toMatchObject({ document: 'CreditNote', type_code: 381, storno: true });
    expect(credit.lines.length).toBeGreaterThan(0);
    const storno = invoiceOf(await read(invoiceXml({ storno: true }))).invoice;
    expect(storno.storno).toBe(true);
    expect(storno.totals.payable).toMatch(/^-\d+\.\d{2}$/);
    expect(storno.lines[0].quantity).toMatch(/^-\d+$/);
    expect(invoiceOf(await read(invoiceXml({ customization: CIUS_RO_100 }))).invoice.number).toBe('FCT-0001');
  });

  it('finds the CUI however the party writes it, and never takes a trade-register number for one', async () => {
    const parties = invoiceOf(
      await read(
        invoiceXml({
          supplier: { cui: '37024165', name: 'Neplătitor SRL', style: 'bare' },
          buyer: { cui: '14146589', name: 'Fără TVA SRL', style: 'legal' },
        }),
      ),
    ).invoice;
    expect(parties.supplier).toMatchObject({ cui: '37024165', vat_number: null, vat_payer: false });
    expect(parties.buyer).toMatchObject({ cui: '14146589', vat_payer: false, registration: null });
    const identified = invoiceOf(
      await read(
        invoiceXml({
          buyer: { cui: '43131360', name: 'Id SRL', style: 'identification', registration: 'J40/99/2021' },
        }),
      ),
    ).invoice;
    expect(identified.buyer).toMatchObject({ cui: '43131360', registration: 'J40/99/2021' });
    // A number failing the checksum in the legal entity is no CUI.
    const bad = invoiceOf(
      await read(invoiceXml({ buyer: { cui: '13548147', name: 'Greșit SRL', style: 'legal' } })),
    ).invoice;
    expect(bad.buyer.cui).toBeNull();
  });

  it('reads an invoice without its optional parts', async () => {
    const { invoice } = invoiceOf(await read(invoiceXml({ minimal: true })));
    expect(invoice).toMatchObject({ due_date: null, notes: [], payment: { means_code: null, iban: null } });
    expect(invoice.supplier.address.street).toBeNull();
  });

  it('refuses what is not a CIUS-RO invoice, with a Romanian reason', async () => {
    const cases: [string, string | Buffer, RegExp][] = [
      ['malformed', malformedXml(), /nu este un XML valid/],
      ['another customisation', invoiceXml({ customization: 'urn:cen.eu:en16931:2017' }), /CIUS-RO/],
      ['another root', '<?xml version="1.0"?><Order xmlns="urn:x"><ID>1</ID></Order>', /nu este o factură/],
      ['a PDF', Buffer.from('%PDF-1.4\n%%EOF'), /nu este o factură/],
      ['empty', Buffer.alloc(0), /gol/],
      ['too deep', deepXml(), /imbricate/],
    ];
    for (const [label, content, reason] of cases) {
      const outcome = await read(content);
      expect([label, outcome.status]).toEqual([label, 'refused']);
      if (outcome.status === 'refused') expect(outcome.reason).toMatch(reason);
    }
  });

  it('never reads a file an external entity names (XXE): the DOCTYPE is refused before parsing', async () => {
    const outcome = await read(xxeXml());
    expect(outcome).toMatchObject({ status: 'refused', reason: expect.stringMatching(/DOCTYPE/) });
    expect(JSON.stringify(outcome)).not.toMatch(/root:|\/bin\/(ba)?sh/);
  });

  it('refuses billion laughs at once, with little memory', async () => {
    const before = process.memoryUsage().heapUsed;
    const started = process.hrtime.bigint();
    const outcome = await read(billionLaughsXml());
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    expect(outcome.status).toBe('refused');
    expect(ms).toBeLessThan(1000);
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(50 * 1024 * 1024);
  });

  describe('SPV zips', () => {
    it('takes the invoice entry by content, in both styles and either order; the signature is never an invoice', async () => {
      const xml = invoiceXml({ number: 'SPV-1' });
      for (const style of ['production', 'test'] as const) {
        for (const signatureFirst of [false, true]) {
          const zip = await spvZip(xml, { style, signatureFirst });
          const outcome = invoiceOf(await read(zip));
          expect([style, signatureFirst, outcome.entry, outcome.signatureVerified]).toEqual([
            style,
            signatureFirst,
            '4219876543.xml',
            true,
          ]);
          expect(outcome.xml.equals(Buffer.from(xml))).toBe(true);
          expect(outcome.zip?.equals(zip)).toBe(true);
          expect(outcome.invoice.number).toBe('SPV-1');
        }
      }
    });

    it('reports the signature as not verified when a byte of the invoice changed', async () => {
      const outcome = invoiceOf(await read(await spvZip(invoiceXml(), { tamper: true })));
      expect(outcome.signatureVerified).toBe(false);
    });

    it("shows ANAF's rejection with ANAF's own messages", async () => {
      const messages = ['E: validari globale eroare: cod BR-RO-010', 'E: câmpul BT-48 lipsește'];
      const outcome = await read(await anafErrorZip(messages));
      expect(outcome).toMatchObject({ status: 'refused', anafErrors: messages });
      if (outcome.status === 'refused') expect(outcome.reason).toMatch(/^ANAF a respins factura: /);
    });

    it('refuses a zip that is not an SPV download (other entries, too many, not XML, damaged)', async () => {
      const xml = Buffer.from(invoiceXml());
      const zips = [
        await zipOf([{ name: 'a.xml', bytes: xml }]),
        await zipOf([
          { name: 'a.xml', bytes: xml },
          { name: 'b.xml', bytes: xml },
        ]),
        await zipOf(Array.from({ length: 20 }, (_, i) => ({ name: `${i}.xml`, bytes: xml }))),
        await zipOf([
          { name: 'a.xml', bytes: xml },
          { name: 'semnatura_a.xml', bytes: Buffer.from('not xml') },
        ]),
        Buffer.concat([Buffer.from('PK\x03\x04'), crypto.randomBytes(200)]),
      ];
      for (const zip of zips) expect((await read(zip)).status).toBe('refused');
    });

    it('refuses a zip bomb without inflating it', async () => {
      const huge = Buffer.alloc(40 * 1024 * 1024, 0x20);
      const zip = await zipOf([
        { name: 'a.xml', bytes: huge },
        { name: 'semnatura_a.xml', bytes: huge },
      ]);
      expect(zip.length).toBeLessThan(1024 * 1024);
      const before = process.memoryUsage().rss;
      expect(await read(zip)).toMatchObject({ status: 'refused' });
      expect(process.memoryUsage().rss - before).toBeLessThan(30 * 1024 * 1024);
    });
  });
});
