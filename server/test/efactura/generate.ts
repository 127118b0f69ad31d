import crypto from 'node:crypto';
import yazl from 'yazl';

/**
 * e-Factura fixtures: CIUS-RO invoices (UBL 2.1) with totals that add up, SPV zips of both styles, ANAF's
 * error zip and hostile XML. Used by the tests and the bench (bench/efactura-import.mjs, through tsx).
 * Valid test CUIs: 13548146, 49278701, 37024165, 14146589, 43131360.
 */

export const CUIS = ['13548146', '49278701', '37024165', '14146589', '43131360'] as const;

export type PartyStyle = 'vat' | 'bare' | 'legal' | 'identification';

export interface PartySpec {
  cui: string;
  name: string;
  /** vat: RO+CUI under VAT; bare: the CUI under an empty TaxScheme; legal / identification: no PartyTaxScheme. */
  style?: PartyStyle;
  registration?: string;
}

export interface InvoiceSpec {
  number?: string;
  issueDate?: string;
  dueDate?: string | null;
  supplier?: PartySpec;
  buyer?: PartySpec;
  lines?: number;
  /** VAT rates used in turn by the lines (21, 11, 0). */
  rates?: number[];
  currency?: string;
  /** For another currency: the RON VAT (second TaxTotal) is VAT × this rate. */
  exchangeRate?: number;
  creditNote?: boolean;
  /** Every amount negative (an invoice that reverses another). */
  storno?: boolean;
  attachment?: { name: string; mime: string; bytes: Buffer };
  /** Leave out optional parts: due date, notes, addresses' details, payment means. */
  minimal?: boolean;
  customization?: string;
  /** Varies the line amounts. */
  seed?: number;
}

export const CIUS_RO_101 = 'urn:cen.eu:en16931:2017#compliant#urn:efactura.mfinante.ro:CIUS-RO:1.0.1';
export const CIUS_RO_100 = 'urn:cen.eu:en16931:2017#compliant#urn:efactura.mfinante.ro:CIUS-RO:1.0.0';

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const fmt = (cents: number) => (cents < 0 ? '-' : '') + (Math.abs(cents) / 100).toFixed(2);

function party(p: PartySpec, minimal: boolean): string {
  const style = p.style ?? 'vat';
  const tax =
    style === 'vat'
      ? `<cac:PartyTaxScheme><cbc:CompanyID>RO${p.cui}</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>`
      : style === 'bare'
        ? `<cac:PartyTaxScheme><cbc:CompanyID>${p.cui}</cbc:CompanyID><cac:TaxScheme/></cac:PartyTaxScheme>`
        : '';
  const identification =
    style === 'identification' ? `<cac:PartyIdentification><cbc:ID>${p.cui}</cbc:ID></cac:PartyIdentification>` : '';
  const legalId = style === 'legal' ? p.cui : (p.registration ?? 'J40/1234/2020');
  const street = minimal ? '' : '<cbc:StreetName>Str. Exemplu nr. 1</cbc:StreetName>';
  return `<cac:Party>${identification}<cac:PostalAddress>${street}<cbc:CityName>SECTOR1</cbc:CityName><cbc:CountrySubentity>RO-B</cbc:CountrySubentity><cac:Country><cbc:IdentificationCode>RO</cbc:IdentificationCode></cac:Country></cac:PostalAddress>${tax}<cac:PartyLegalEntity><cbc:RegistrationName>${escape(p.name)}</cbc:RegistrationName><cbc:CompanyID>${legalId}</cbc:CompanyID></cac:PartyLegalEntity></cac:Party>`;
}

const category = (rate: number) => (rate === 0 ? 'Z' : 'S');

/** A valid CIUS-RO invoice (or credit note) whose totals add up. */
export function invoiceXml(spec: InvoiceSpec = {}): string {
  const doc = spec.creditNote ? 'CreditNote' : 'Invoice';
  const currency = spec.currency ?? 'RON';
  const rates = spec.rates ?? [21];
  const count = spec.lines ?? 3;
  const sign = spec.storno ? -1 : 1;
  const seed = spec.seed ?? 1;
  const minimal = spec.minimal ?? false;
  const lines = Array.from({ length: count }, (_, i) => {
    const quantity = 1 + ((seed + i * 7) % 5);
    const priceCents = 1000 + ((seed * 31 + i * 137) % 90_000);
    return { quantity, priceCents, amount: sign * quantity * priceCents, rate: rates[i % rates.length] };
  });
  const groups = new Map<number, { taxable: number; tax: number }>();
  for (const line of lines) {
    const g = groups.get(line.rate) ?? { taxable: 0, tax: 0 };
    g.taxable += line.amount;
    groups.set(line.rate, g);
  }
  for (const [rate, g] of groups) g.tax = Math.round((g.taxable * rate) / 100);
  const net = lines.reduce((s, l) => s + l.amount, 0);
  const vat = [...groups.values()].reduce((s, g) => s + g.tax, 0);
  const cur = `currencyID="${currency}"`;
  const subtotals = [...groups]
    .map(
      ([rate, g]) =>
        `<cac:TaxSubtotal><cbc:TaxableAmount ${cur}>${fmt(g.taxable)}</cbc:TaxableAmount><cbc:TaxAmount ${cur}>${fmt(g.tax)}</cbc:TaxAmount><cac:TaxCategory><cbc:ID>${category(rate)}</cbc:ID><cbc:Percent>${rate.toFixed(2)}</cbc:Percent>${rate === 0 ? '<cbc:TaxExemptionReason>Scutit</cbc:TaxExemptionReason>' : ''}<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory></cac:TaxSubtotal>`,
    )
    .join('');
  const ronTotal =
    currency === 'RON'
      ? ''
      : `<cac:TaxTotal><cbc:TaxAmount currencyID="RON">${fmt(Math.round(vat * (spec.exchangeRate ?? 4.97)))}</cbc:TaxAmount></cac:TaxTotal>`;
  const lineName = doc === 'Invoice' ? 'InvoiceLine' : 'CreditNoteLine';
  const quantityName = doc === 'Invoice' ? 'InvoicedQuantity' : 'CreditedQuantity';
  const lineXml = lines
    .map(
      (l, i) =>
        `<cac:${lineName}><cbc:ID>${i + 1}</cbc:ID><cbc:${quantityName} unitCode="H87">${sign * l.quantity}.000</cbc:${quantityName}><cbc:LineExtensionAmount ${cur}>${fmt(l.amount)}</cbc:LineExtensionAmount><cac:Item>${minimal ? '' : '<cbc:Description>Descriere produs</cbc:Description>'}<cbc:Name>Produs ${i + 1} &amp; serviciu</cbc:Name><cac:ClassifiedTaxCategory><cbc:ID>${category(l.rate)}</cbc:ID><cbc:Percent>${l.rate.toFixed(2)}</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory></cac:Item><cac:Price><cbc:PriceAmount ${cur}>${fmt(l.priceCents)}</cbc:PriceAmount></cac:Price></cac:${lineName}>`,
    )
    .join('');
  const attachment = spec.attachment
    ? `<cac:AdditionalDocumentReference><cbc:ID>${escape(spec.attachment.name)}</cbc:ID><cbc:DocumentDescription>Anexă</cbc:DocumentDescription><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="${spec.attachment.mime}" filename="${escape(spec.attachment.name)}">${spec.attachment.bytes.toString('base64')}</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference>`
    : '';
  const typeCode =
    doc === 'Invoice'
      ? '<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>'
      : '<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>';
  const due = minimal || spec.dueDate === null ? '' : `<cbc:DueDate>${spec.dueDate ?? '2026-12-31'}</cbc:DueDate>`;
  const payment = minimal
    ? ''
    : '<cac:PaymentMeans><cbc:PaymentMeansCode>30</cbc:PaymentMeansCode><cac:PayeeFinancialAccount><cbc:ID>RO49AAAA1B31007593840000</cbc:ID></cac:PayeeFinancialAccount></cac:PaymentMeans>';
  return `<?xml version="1.0" encoding="UTF-8"?>
<${doc} xmlns="urn:oasis:names:specification:ubl:schema:xsd:${doc}-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
<cbc:CustomizationID>${spec.customization ?? CIUS_RO_101}</cbc:CustomizationID>
<cbc:ID>${escape(spec.number ?? 'FCT-0001')}</cbc:ID>
<cbc:IssueDate>${spec.issueDate ?? '2026-11-15'}</cbc:IssueDate>${doc === 'Invoice' ? due : ''}
${typeCode}${minimal ? '' : '<cbc:Note>Factură generată pentru teste</cbc:Note>'}
<cbc:DocumentCurrencyCode>${currency}</cbc:DocumentCurrencyCode>${currency === 'RON' ? '' : '<cbc:TaxCurrencyCode>RON</cbc:TaxCurrencyCode>'}
${attachment}<cac:AccountingSupplierParty>${party(spec.supplier ?? { cui: CUIS[0], name: 'Furnizor SRL' }, minimal)}</cac:AccountingSupplierParty>
<cac:AccountingCustomerParty>${party(spec.buyer ?? { cui: CUIS[1], name: 'Client SRL' }, minimal)}</cac:AccountingCustomerParty>
${payment}<cac:TaxTotal><cbc:TaxAmount ${cur}>${fmt(vat)}</cbc:TaxAmount>${subtotals}</cac:TaxTotal>${ronTotal}
<cac:LegalMonetaryTotal><cbc:LineExtensionAmount ${cur}>${fmt(net)}</cbc:LineExtensionAmount><cbc:TaxExclusiveAmount ${cur}>${fmt(net)}</cbc:TaxExclusiveAmount><cbc:TaxInclusiveAmount ${cur}>${fmt(net + vat)}</cbc:TaxInclusiveAmount><cbc:PayableAmount ${cur}>${fmt(net + vat)}</cbc:PayableAmount></cac:LegalMonetaryTotal>
${lineXml}
</${doc}>
`;
}

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('base64');

/** An XML-DSig Signature over `digest` (the shape ANAF's is; the signature value itself is filler). */
const dsig = (digest: string, root: boolean) =>
  `<Signature${root ? ' xmlns="http://www.w3.org/2000/09/xmldsig#"' : ' xmlns="http://www.w3.org/2000/09/xmldsig#"'}><SignedInfo><CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/><SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"/><Reference URI=""><Transforms><Transform Algorithm="http://www.w3.org/2000/09/xmldsig#enveloped-signature"/></Transforms><DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/><DigestValue>${digest}</DigestValue></Reference></SignedInfo><SignatureValue>c2lnbmF0dXJl</SignatureValue><KeyInfo><X509Data><X509SubjectName>CN=Ministerul Finantelor Publice</X509SubjectName></X509Data></KeyInfo></Signature>`;

export function zipOf(entries: { name: string; bytes: Buffer }[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const e of entries) zip.addBuffer(e.bytes, e.name, { mtime: new Date('2026-11-20T10:00:00Z') });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/**
 * An SPV download: `<id>.xml` and `semnatura_<id>.xml`. production: the signature file's root is the
 * Signature; test: it is a whole copy of the invoice with the Signature enveloped. `tamper` changes one
 * byte of the invoice after signing (the digest no longer matches); `signatureFirst` puts it first.
 */
export function spvZip(
  xml: string | Buffer,
  options: { id?: string; style?: 'production' | 'test'; tamper?: boolean; signatureFirst?: boolean } = {},
): Promise<Buffer> {
  const id = options.id ?? '4219876543';
  const bytes = Buffer.isBuffer(xml) ? xml : Buffer.from(xml);
  const digest = sha256(bytes);
  const signature =
    options.style === 'test'
      ? Buffer.from(
          bytes.toString('utf8').replace(/<\/(Invoice|CreditNote)>\s*$/, (end) => `${dsig(digest, false)}${end}`),
        )
      : Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${dsig(digest, true)}`);
  const invoice = options.tamper
    ? Buffer.from(bytes.toString('utf8').replace('Produs 1 &amp;', 'Produs 7 &amp;'))
    : bytes;
  const entries = [
    { name: `${id}.xml`, bytes: invoice },
    { name: `semnatura_${id}.xml`, bytes: signature },
  ];
  return zipOf(options.signatureFirst ? entries.reverse() : entries);
}

/** ANAF's answer to a rejected upload, zipped with its signature as SPV serves it. */
export function anafErrorZip(messages: string[], id = '4219876999'): Promise<Buffer> {
  const xml = Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<header xmlns="mfp:anaf:dgti:efactura:mesajEroriFactuta:v1" Index_incarcare="3828" Cif_emitent="13548146">${messages
      .map((m) => `<Error errorMessage="${escape(m)}"/>`)
      .join('')}</header>`,
  );
  return zipOf([
    { name: `${id}.xml`, bytes: xml },
    { name: `semnatura_${id}.xml`, bytes: Buffer.from(`<?xml version="1.0"?>\n${dsig(sha256(xml), true)}`) },
  ]);
}

/** An invoice whose DOCTYPE declares an external entity reading /etc/passwd. */
export const xxeXml = () =>
  invoiceXml()
    .replace(
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE Invoice [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>',
    )
    .replace('Furnizor SRL', '&xxe;');

/** The billion-laughs file: ten entities each ten times the previous. */
export function billionLaughsXml(): string {
  const entities = ['<!ENTITY lol "lol">'];
  for (let i = 1; i <= 9; i++) entities.push(`<!ENTITY lol${i} "${`&lol${i === 1 ? '' : i - 1};`.repeat(10)}">`);
  return `<?xml version="1.0"?>\n<!DOCTYPE lolz [${entities.join('')}]>\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>&lol9;</ID></Invoice>`;
}

/** Cut in the middle: not well-formed. */
export const malformedXml = () => invoiceXml().slice(0, 900);

/** Nested past any invoice's depth. */
export const deepXml = (depth = 5000) => `<?xml version="1.0"?>\n${'<a>'.repeat(depth)}x${'</a>'.repeat(depth)}`;
