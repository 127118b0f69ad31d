import { isValidCui } from '../cui.js';
import { at, list, textAt, type XmlNode } from './xml.js';
import type { InvoiceParty } from './types.js';

/**
 * Who a party is, the way real e-Factura invoices write it (docs/PRODUCT.md, „e-Factura”): the VAT number
 * (RO + CUI) under a `VAT` PartyTaxScheme; a non-VAT payer's bare CUI under an empty TaxScheme; or, with no
 * PartyTaxScheme at all, the CUI in PartyLegalEntity/CompanyID or PartyIdentification/ID — taken only when
 * it passes the CUI checksum, since issuers also put the trade-register number (J40/…) there.
 */

const RO_CUI = /^(?:RO)?\s*(\d{2,10})$/i;

/** The CUI's digits when `value` is a valid Romanian CUI (with or without RO), else null. */
export function cuiIn(value: string | null): string | null {
  if (!value) return null;
  const match = RO_CUI.exec(value.replace(/\s+/g, ''));
  return match && isValidCui(match[1]) ? match[1] : null;
}

function taxIdentity(party: XmlNode | undefined) {
  let cui: string | null = null;
  let vatNumber: string | null = null;
  let vatPayer = false;
  for (const scheme of list(party?.PartyTaxScheme)) {
    const id = textAt(scheme, 'CompanyID')?.replace(/\s+/g, '') ?? null;
    if (!id) continue;
    const isVat = (textAt(scheme, 'TaxScheme', 'ID') ?? '').toUpperCase() === 'VAT';
    const prefixed = /^[A-Z]{2}/i.test(id);
    const digits = RO_CUI.exec(id)?.[1] ?? null;
    if (isVat && prefixed) {
      vatNumber ??= id.toUpperCase();
      vatPayer = true;
      if (/^RO/i.test(id) && digits) cui ??= digits;
    } else if (digits) {
      // A bare CUI: under an empty TaxScheme (a non-VAT payer), or under VAT without its RO.
      cui ??= digits;
      if (isVat) {
        vatPayer = true;
        vatNumber ??= `RO${digits}`;
      }
    }
  }
  return { cui, vatNumber, vatPayer };
}

export function readParty(party: XmlNode | undefined): InvoiceParty {
  const tax = taxIdentity(party);
  const legalId = textAt(party, 'PartyLegalEntity', 'CompanyID');
  const identifications = list(party?.PartyIdentification).map((p) => textAt(p, 'ID'));
  const cui = tax.cui ?? cuiIn(legalId) ?? identifications.map(cuiIn).find((c) => c !== null) ?? null;
  const registration =
    legalId && !cuiIn(legalId) ? legalId : (identifications.find((id) => id && /^[JFC]\d/i.test(id)) ?? null);
  const address = at(party, 'PostalAddress');
  const street = [textAt(address, 'StreetName'), textAt(address, 'AdditionalStreetName')]
    .concat(list(address?.AddressLine).map((l) => textAt(l, 'Line')))
    .filter((s): s is string => s !== null);
  return {
    name: textAt(party, 'PartyLegalEntity', 'RegistrationName') ?? textAt(party, 'PartyName', 'Name'),
    cui,
    vat_number: tax.vatNumber,
    vat_payer: tax.vatPayer,
    registration,
    address: {
      street: street.length ? street.join(', ') : null,
      city: textAt(address, 'CityName'),
      county: textAt(address, 'CountrySubentity'),
      postal_code: textAt(address, 'PostalZone'),
      country: textAt(address, 'Country', 'IdentificationCode'),
    },
  };
}

/** The key a party is deduplicated and filed by: its CUI, else its VAT number (a foreign party). */
export const partyKey = (party: InvoiceParty): string | null => party.cui ?? party.vat_number ?? null;
