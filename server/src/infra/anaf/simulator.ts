import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FIXTURE_COMPANIES, vatItem, type FixtureCompany } from './simulator-fixtures.js';
import * as efactura from './simulator-efactura.js';
import type { SimulatedInvoice } from './simulator-invoice.js';
import type { VatAnswer } from './wire.js';

/**
 * A local stand-in for ANAF (docs/ARCHITECTURE.md, "ANAF"): one HTTP server answering ANAF's paths in
 * ANAF's shapes — the VAT-payer registry (`/api/PlatitorTvaRest/v9/tva`, at most 100 CUIs a request,
 * one request a second), OAuth (`/anaf-oauth2/v1/authorize`, `/token`) and e-Factura
 * (`/{prod|test}/FCTEL/rest/listaMesajePaginatieFactura`, `/descarcare`) with their daily limits.
 * Tests start one and point the adapter at it (ANAF_BASE_URL); the development server starts its own.
 */

export interface SimulatorRequest {
  method: string;
  path: string;
  /** When it arrived (ms, the machine's time: the 1/s limit is real time). */
  at: number;
  /** The CUIs of a registry lookup. */
  cuis?: string[];
}

export interface AnafSimulator {
  url: string;
  requests: SimulatorRequest[];
  /** Changes (or with null removes) a company of the registry. */
  setCompany(cui: string, company: Partial<FixtureCompany> | null): void;
  /** Puts a message with its invoice in SPV for `cif`; answers its id. */
  addMessage(cif: string, invoice: SimulatedInvoice, options?: { tip?: string; createdAt?: Date }): string;
  /** The next list call answers `{eroare}` (HTTP 200), as ANAF does. */
  failNextList(eroare: string): void;
  /** Answers every call with 503 (ANAF down) until set back. */
  setDown(down: boolean): void;
  close(): Promise<void>;
}

export interface SimulatorOptions {
  port?: number;
  host?: string;
  /** "Now" for the 60-day window, token expiry and daily counts; the registry's 1/s is real time. */
  now?: () => Date;
  clientId?: string;
  clientSecret?: string;
  limits?: Partial<efactura.EfacturaLimits>;
}

const MAX_CUIS = 100;

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' });
  res.end(JSON.stringify(body));
};

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 1024 * 1024) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function startAnafSimulator(options: SimulatorOptions = {}): Promise<AnafSimulator> {
  const companies = new Map<string, FixtureCompany>(Object.entries(FIXTURE_COMPANIES).map(([k, v]) => [k, { ...v }]));
  const requests: SimulatorRequest[] = [];
  const now = () => (options.now ? options.now() : new Date()).getTime();
  const state: efactura.EfacturaState = {
    clientId: options.clientId ?? 'dosar-simulator',
    clientSecret: options.clientSecret ?? 'dosar-simulator-secret',
    now,
    limits: { listPerDay: 1500, downloadsPerMessage: 10, ...options.limits },
    codes: new Map(),
    accessTokens: new Map(),
    refreshTokens: new Set(),
    messages: new Map(),
    counts: new Map(),
    nextListError: null,
  };
  let lastLookupAt = 0;
  let down = false;
  let nextMessage = 3_000_000_000;

  async function vat(req: IncomingMessage, res: ServerResponse, entry: SimulatorRequest) {
    const arrived = entry.at;
    const tooSoon = arrived - lastLookupAt < 1000;
    lastLookupAt = arrived;
    if (tooSoon) return json(res, 429, { cod: 429, message: 'Limita de 1 cerere pe secunda a fost depasita' });
    let asked: { cui?: unknown; data?: unknown }[];
    try {
      asked = JSON.parse(await readBody(req)) as typeof asked;
      if (!Array.isArray(asked)) throw new Error('not a list');
    } catch {
      return json(res, 400, {
        cod: 400,
        message: 'Cererea nu este un JSON valid: se asteapta o lista [{"cui": ..., "data": "AAAA-LL-ZZ"}]',
      });
    }
    entry.cuis = asked.map((item) => String(item.cui));
    if (asked.length > MAX_CUIS) {
      return json(res, 200, {
        cod: 400,
        message: `Numarul maxim de CUI-uri permise intr-o cerere este ${MAX_CUIS}`,
        found: [],
        notFound: [],
      });
    }
    const answer: VatAnswer = { cod: 200, message: 'SUCCESS', found: [], notFound: [] };
    for (const item of asked) {
      const cui = String(item.cui);
      const company = companies.get(cui);
      if (company) answer.found?.push(vatItem(cui, company, String(item.data)));
      else answer.notFound?.push(Number(cui));
    }
    return json(res, 200, answer);
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://simulator');
    const entry: SimulatorRequest = { method: req.method ?? 'GET', path: url.pathname, at: Date.now() };
    requests.push(entry);
    if (down) return json(res, 503, { cod: 503, message: 'Serviciul este indisponibil' });
    const path = url.pathname;
    if (req.method === 'POST' && path === '/api/PlatitorTvaRest/v9/tva') return vat(req, res, entry);
    if (req.method === 'GET' && path === '/anaf-oauth2/v1/authorize') return efactura.authorize(state, url, res);
    if (req.method === 'POST' && path === '/anaf-oauth2/v1/token') {
      return efactura.token(state, new URLSearchParams(await readBody(req)), req.headers.authorization, res);
    }
    const rest = /^\/(prod|test)\/FCTEL\/rest\/(listaMesajePaginatieFactura|descarcare)$/.exec(path);
    if (req.method === 'GET' && rest) {
      if (!efactura.authorized(state, req, res)) return;
      return rest[2] === 'descarcare' ? efactura.download(state, url, res) : efactura.list(state, url, res);
    }
    json(res, 404, { cod: 404, message: 'Not Found' });
  }

  const server = http.createServer((req, res) => {
    route(req, res).catch(() => {
      if (!res.headersSent) json(res, 500, { cod: 500, message: 'Eroare interna' });
      else res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  server.unref();
  const address = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${address.port}/`,
    requests,
    setCompany(cui, company) {
      if (company === null) companies.delete(cui);
      else companies.set(cui, { ...(companies.get(cui) ?? FIXTURE_COMPANIES['13548146']), ...company });
    },
    addMessage(cif, invoice, messageOptions = {}) {
      nextMessage += 1;
      const id = String(nextMessage);
      const tip = messageOptions.tip ?? (invoice.buyerCui === cif ? 'FACTURA PRIMITA' : 'FACTURA TRIMISA');
      state.messages.set(id, {
        id,
        cif,
        tip,
        detalii: `Factura cu id_incarcare=${nextMessage + 1000} emisa de cif_emitent=${invoice.supplierCui} pentru cif_beneficiar=${invoice.buyerCui}`,
        createdAt: (messageOptions.createdAt ?? new Date(now())).getTime(),
        requestId: String(nextMessage + 1000),
        invoice,
      });
      return id;
    },
    failNextList(eroare) {
      state.nextListError = eroare;
    },
    setDown(value) {
      down = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
