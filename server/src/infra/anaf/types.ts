/**
 * ANAF's answers as Dosar reads them (docs/ARCHITECTURE.md, "ANAF"). The wire shapes are ANAF's own:
 * the VAT-payer registry (PlatitorTvaRest v9) and the e-Factura API (FCTEL); infra/anaf/adapter.ts
 * turns them into these.
 */

/** One company of the VAT-payer registry, as the client screens and the nightly check use it. */
export interface CompanyRecord {
  cui: string;
  name: string;
  address: string | null;
  trade_register: string | null;
  phone: string | null;
  postal_code: string | null;
  vat_payer: boolean;
  e_factura: boolean;
  inactive: boolean;
}

export interface VatLookup {
  found: CompanyRecord[];
  /** CUIs the registry does not know (digits only). */
  notFound: string[];
}

/**
 * Why a call to ANAF failed: `unreachable` (network, timeout, a 5xx), `throttled` (a rate answer),
 * `refused` (ANAF answered an error, e.g. `{eroare}` with HTTP 200), `limit` (a daily limit reached),
 * `unauthorized` (the OAuth token is refused), `not_configured` (ANAF_MODE=off or no OAuth client).
 */
export type AnafFailure = 'unreachable' | 'throttled' | 'refused' | 'limit' | 'unauthorized' | 'not_configured';

export class AnafError extends Error {
  constructor(
    readonly kind: AnafFailure,
    message: string,
  ) {
    super(message);
    this.name = 'AnafError';
  }
}

/** One SPV message of `listaMesajePaginatieFactura`. */
export interface SpvMessage {
  id: string;
  cif: string;
  /** `tip`: FACTURA PRIMITA, FACTURA TRIMISA, ERORI FACTURA, MESAJ CUMPARATOR… */
  kind: string;
  details: string;
  /** `data_creare`, as ANAF writes it (YYYYMMDDHHmm). */
  created: string;
  requestId: string;
}

export interface SpvPage {
  messages: SpvMessage[];
  page: number;
  totalPages: number;
}

export interface OAuthTokens {
  accessToken: string;
  refreshToken: string;
  /** Seconds the access token lives. */
  expiresIn: number;
}
