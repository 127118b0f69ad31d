import { cents, money, plain } from './decimal.js';
import { readParty } from './party.js';
import { TYPE_CODES, type ParsedInvoice, type TypeCode } from './types.js';
import { attrOf, at, child, list, textAt, textOf, XmlRefusal, type XmlDocument, type XmlNode } from './xml.js';

/**
 * A UBL 2.1 Invoice or CreditNote with the CIUS-RO customisation, read into ParsedInvoice (what
 * docs/api/company-door.md shows). Anything else is refused with a Romanian reason: an XML that is no
 * invoice, another customisation, or an invoice missing what filing needs (number, issue date, a CUI).
 */

const UBL_NAMESPACES: Record<string, string> = {
  Invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  CreditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
};

/** CIUS-RO 1.0.1 (current) and 1.0.0 (documents of 2022). */
const CIUS_RO = /^urn:cen\.eu:en16931:2017#compliant#urn:efactura\.mfinante\.ro:CIUS-RO:1\.0\.[01]$/;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function validDate(value: string | null): string | null {
  const match = value ? DATE.exec(value) : null;
  if (!match) return null;
  const [y, m, d] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? value : null;
}

const refuse = (reason: string): never => {
  throw new XmlRefusal(reason);
};

/** Whether the document's root is a UBL invoice or credit note (whatever its customisation). */
export const isUblInvoice = (doc: XmlDocument): boolean =>
  UBL_NAMESPACES[doc.root] !== undefined && doc.namespace === UBL_NAMESPACES[doc.root];

function amountAt(node: XmlNode | undefined, ...path: string[]): string | null {
  const raw = textAt(node, ...path);
  if (raw === null) return null;
  return money(raw) ?? refuse(`Suma „${raw.slice(0, 40)}” din factură nu este un număr.`);
}

function vatOf(category: XmlNode | undefined) {
  return { vat_category: textAt(category, 'ID'), vat_rate: plain(textAt(category, 'Percent')) };
}

function readLines(node: XmlNode, document: 'Invoice' | 'CreditNote') {
  const lineName = document === 'Invoice' ? 'InvoiceLine' : 'CreditNoteLine';
  const quantityName = document === 'Invoice' ? 'InvoicedQuantity' : 'CreditedQuantity';
  return list(node[lineName]).map((line) => {
    const quantity = child(line, quantityName);
    const item = child(line, 'Item');
    return {
      id: textAt(line, 'ID'),
      name: textAt(item, 'Name'),
      description:
        list(item?.Description)
          .map(textOf)
          .filter((d): d is string => d !== null)
          .join('\n') || null,
      quantity: plain(textOf(quantity)),
      unit: attrOf(quantity, 'unitCode'),
      price: plain(textAt(line, 'Price', 'PriceAmount')),
      amount: amountAt(line, 'LineExtensionAmount') ?? '0.00',
      ...vatOf(at(item, 'ClassifiedTaxCategory')),
    };
  });
}

function readTaxTotals(node: XmlNode, currency: string) {
  const totals = list(node.TaxTotal);
  const main = totals.find((t) => list(t.TaxSubtotal).length > 0) ?? totals[0];
  const ron = totals.find((t) => t !== main && attrOf(child(t, 'TaxAmount'), 'currencyID') === 'RON');
  const breakdown = list(main?.TaxSubtotal).map((sub) => {
    const category = child(sub, 'TaxCategory');
    return {
      category: textAt(category, 'ID'),
      rate: plain(textAt(category, 'Percent')),
      taxable: amountAt(sub, 'TaxableAmount') ?? '0.00',
      tax: amountAt(sub, 'TaxAmount') ?? '0.00',
      exemption_reason: textAt(category, 'TaxExemptionReason') ?? textAt(category, 'TaxExemptionReasonCode'),
    };
  });
  return {
    vat: amountAt(main, 'TaxAmount'),
    breakdown,
    ron: currency !== 'RON' && ron ? amountAt(ron, 'TaxAmount') : null,
  };
}

function readAttachments(node: XmlNode) {
  return list(node.AdditionalDocumentReference).flatMap((ref) => {
    const binary = at(ref, 'Attachment', 'EmbeddedDocumentBinaryObject');
    if (!binary) return [];
    const content = (textOf(binary) ?? '').replace(/\s+/g, '');
    const padding = content.endsWith('==') ? 2 : content.endsWith('=') ? 1 : 0;
    return [
      {
        id: textAt(ref, 'ID'),
        description:
          list(ref.DocumentDescription)
            .map(textOf)
            .find((d) => d !== null) ?? null,
        file_name: attrOf(binary, 'filename'),
        mime: attrOf(binary, 'mimeCode'),
        size: Math.max(0, Math.floor((content.length * 3) / 4) - padding),
      },
    ];
  });
}

/** Reads a parsed XML as an e-Factura invoice; XmlRefusal when it is none. */
export function readInvoice(doc: XmlDocument): ParsedInvoice {
  if (!isUblInvoice(doc)) refuse('Fișierul nu este o factură e-Factura (UBL Invoice sau CreditNote).');
  const document = doc.root as 'Invoice' | 'CreditNote';
  const node = doc.node;
  const customization = textAt(node, 'CustomizationID') ?? '';
  if (!CIUS_RO.test(customization)) {
    refuse('Factura nu respectă specificația CIUS-RO (CustomizationID necunoscut).');
  }
  const number = textAt(node, 'ID') ?? refuse('Factura nu are număr.');
  const rawType = textAt(node, document === 'Invoice' ? 'InvoiceTypeCode' : 'CreditNoteTypeCode');
  const typeCode = Number(rawType ?? (document === 'Invoice' ? 380 : 381));
  if (!TYPE_CODES.includes(typeCode as TypeCode)) refuse(`Tipul facturii (${rawType}) nu este cunoscut.`);
  const issueDate = validDate(textAt(node, 'IssueDate')) ?? refuse('Factura nu are o dată de emitere validă.');
  const currency = (textAt(node, 'DocumentCurrencyCode') ?? 'RON').toUpperCase();
  const supplier = readParty(at(node, 'AccountingSupplierParty', 'Party'));
  const buyer = readParty(at(node, 'AccountingCustomerParty', 'Party'));
  if (!supplier.cui && !supplier.vat_number) refuse('Factura nu are codul fiscal al furnizorului.');
  const legal = child(node, 'LegalMonetaryTotal');
  const tax = readTaxTotals(node, currency);
  const payable = amountAt(legal, 'PayableAmount') ?? refuse('Factura nu are totalul de plată.');
  const withoutVat = amountAt(legal, 'TaxExclusiveAmount') ?? amountAt(legal, 'LineExtensionAmount') ?? '0.00';
  const means = child(node, 'PaymentMeans');
  const allowancesCharges = list(node.AllowanceCharge).map((ac) => ({
    charge: (textAt(ac, 'ChargeIndicator') ?? '').toLowerCase() === 'true',
    reason: textAt(ac, 'AllowanceChargeReason'),
    amount: amountAt(ac, 'Amount') ?? '0.00',
    ...vatOf(child(ac, 'TaxCategory')),
  }));
  return {
    document,
    customization_id: customization,
    number,
    type_code: typeCode as TypeCode,
    issue_date: issueDate,
    due_date: validDate(textAt(node, 'DueDate') ?? textAt(node, 'PaymentMeans', 'PaymentDueDate')),
    currency,
    tax_currency: textAt(node, 'TaxCurrencyCode'),
    notes: list(node.Note)
      .map(textOf)
      .filter((n): n is string => n !== null),
    order_reference: textAt(node, 'OrderReference', 'ID'),
    supplier,
    buyer,
    totals: {
      without_vat: withoutVat,
      vat: tax.vat ?? '0.00',
      with_vat: amountAt(legal, 'TaxInclusiveAmount') ?? payable,
      payable,
      allowances: amountAt(legal, 'AllowanceTotalAmount'),
      charges: amountAt(legal, 'ChargeTotalAmount'),
      prepaid: amountAt(legal, 'PrepaidAmount'),
      rounding: amountAt(legal, 'PayableRoundingAmount'),
    },
    vat_breakdown: tax.breakdown,
    tax_total_ron: tax.ron,
    lines: readLines(node, document),
    allowances_charges: allowancesCharges,
    payment: {
      means_code: textAt(means, 'PaymentMeansCode'),
      iban: textAt(means, 'PayeeFinancialAccount', 'ID'),
      terms:
        list(node.PaymentTerms)
          .map((t) => textAt(t, 'Note'))
          .find((n) => n !== null) ?? null,
    },
    attachments: readAttachments(node),
    storno: document === 'CreditNote' || typeCode === 381 || cents(payable) < 0n || cents(withoutVat) < 0n,
  };
}
