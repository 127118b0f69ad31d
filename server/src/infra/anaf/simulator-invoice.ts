import crypto from 'node:crypto';
import yazl from 'yazl';

/** An invoice the simulator puts in SPV: the parties' CUIs, a number, a date and one VAT rate. */
export interface SimulatedInvoice {
  supplierCui: string;
  supplierName: string;
  buyerCui: string;
  buyerName: string;
  number: string;
  /** YYYY-MM-DD */
  issueDate: string;
  /** Net amount in RON; VAT 21 %. */
  net: number;
}

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const money = (n: number) => n.toFixed(2);

/** A minimal CIUS-RO UBL invoice (what an SPV download holds for FACTURA PRIMITA / TRIMISA). */
export function invoiceXml(invoice: SimulatedInvoice): string {
  const vat = Math.round(invoice.net * 21) / 100;
  const party = (cui: string, name: string) => `
      <cac:Party>
        <cac:PostalAddress><cbc:StreetName>Str. Exemplu 1</cbc:StreetName><cbc:CityName>SECTOR1</cbc:CityName><cbc:CountrySubentity>RO-B</cbc:CountrySubentity><cac:Country><cbc:IdentificationCode>RO</cbc:IdentificationCode></cac:Country></cac:PostalAddress>
        <cac:PartyTaxScheme><cbc:CompanyID>RO${cui}</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>
        <cac:PartyLegalEntity><cbc:RegistrationName>${escape(name)}</cbc:RegistrationName><cbc:CompanyID>${cui}</cbc:CompanyID></cac:PartyLegalEntity>
      </cac:Party>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:efactura.mfinante.ro:CIUS-RO:1.0.1</cbc:CustomizationID>
  <cbc:ID>${escape(invoice.number)}</cbc:ID>
  <cbc:IssueDate>${invoice.issueDate}</cbc:IssueDate>
  <cbc:DueDate>${invoice.issueDate}</cbc:DueDate>
  <cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>
  <cbc:DocumentCurrencyCode>RON</cbc:DocumentCurrencyCode>
  <cac:AccountingSupplierParty>${party(invoice.supplierCui, invoice.supplierName)}
  </cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty>${party(invoice.buyerCui, invoice.buyerName)}
  </cac:AccountingCustomerParty>
  <cac:TaxTotal>
    <cbc:TaxAmount currencyID="RON">${money(vat)}</cbc:TaxAmount>
    <cac:TaxSubtotal>
      <cbc:TaxableAmount currencyID="RON">${money(invoice.net)}</cbc:TaxableAmount>
      <cbc:TaxAmount currencyID="RON">${money(vat)}</cbc:TaxAmount>
      <cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>21</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory>
    </cac:TaxSubtotal>
  </cac:TaxTotal>
  <cac:LegalMonetaryTotal>
    <cbc:LineExtensionAmount currencyID="RON">${money(invoice.net)}</cbc:LineExtensionAmount>
    <cbc:TaxExclusiveAmount currencyID="RON">${money(invoice.net)}</cbc:TaxExclusiveAmount>
    <cbc:TaxInclusiveAmount currencyID="RON">${money(invoice.net + vat)}</cbc:TaxInclusiveAmount>
    <cbc:PayableAmount currencyID="RON">${money(invoice.net + vat)}</cbc:PayableAmount>
  </cac:LegalMonetaryTotal>
  <cac:InvoiceLine>
    <cbc:ID>1</cbc:ID>
    <cbc:InvoicedQuantity unitCode="H87">1</cbc:InvoicedQuantity>
    <cbc:LineExtensionAmount currencyID="RON">${money(invoice.net)}</cbc:LineExtensionAmount>
    <cac:Item><cbc:Name>Servicii contabilitate</cbc:Name><cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>21</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory></cac:Item>
    <cac:Price><cbc:PriceAmount currencyID="RON">${money(invoice.net)}</cbc:PriceAmount></cac:Price>
  </cac:InvoiceLine>
</Invoice>
`;
}

/** The signature file of a production download: XML-DSig over the invoice file's exact bytes. */
export function signatureXml(invoiceBytes: Buffer): string {
  const digest = crypto.createHash('sha256').update(invoiceBytes).digest('base64');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Signature xmlns="http://www.w3.org/2000/09/xmldsig#">
  <SignedInfo>
    <CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/>
    <SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"/>
    <Reference URI="">
      <DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/>
      <DigestValue>${digest}</DigestValue>
    </Reference>
  </SignedInfo>
  <SignatureValue>U2ltdWxhdG9yIERvc2FyOiBuaWNpIG8gc2VtbsSDdHVyxIMgcmVhbMSD</SignatureValue>
  <KeyInfo><X509Data><X509SubjectName>CN=Ministerul Finantelor Publice (simulator)</X509SubjectName></X509Data></KeyInfo>
</Signature>
`;
}

/** The SPV zip of message `id`: `<id>.xml` and `semnatura_<id>.xml`, as ANAF packs them. */
export function spvZip(id: string, invoice: SimulatedInvoice): Promise<Buffer> {
  const xml = Buffer.from(invoiceXml(invoice), 'utf8');
  const zip = new yazl.ZipFile();
  const mtime = new Date(`${invoice.issueDate}T12:00:00Z`);
  zip.addBuffer(xml, `${id}.xml`, { mtime });
  zip.addBuffer(Buffer.from(signatureXml(xml), 'utf8'), `semnatura_${id}.xml`, { mtime });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}
