import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { spvZip, type SimulatedInvoice } from './simulator-invoice.js';
import type { ListAnswer, WireMessage } from './wire.js';

/**
 * The simulator's e-Factura half: ANAF's OAuth (logincert.anaf.ro shapes: authorize redirects straight
 * back with a code, since there is no certificate to ask for) and the FCTEL calls Dosar makes —
 * listaMesajePaginatieFactura and descarcare — with ANAF's limits and `{eroare}` answers (HTTP 200).
 */

const DAY_MS = 86_400_000;
const PAGE_SIZE = 500;
export const ACCESS_TOKEN_SECONDS = 90 * 24 * 3600;

export interface StoredMessage {
  id: string;
  cif: string;
  tip: string;
  detalii: string;
  createdAt: number;
  requestId: string;
  invoice: SimulatedInvoice;
}

export interface EfacturaLimits {
  listPerDay: number;
  downloadsPerMessage: number;
}

export interface EfacturaState {
  clientId: string;
  clientSecret: string;
  now: () => number;
  limits: EfacturaLimits;
  codes: Map<string, string>;
  accessTokens: Map<string, number>;
  refreshTokens: Set<string>;
  messages: Map<string, StoredMessage>;
  counts: Map<string, number>;
  /** A `{eroare}` the next list call answers (tests: ANAF's refusals). */
  nextListError: string | null;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' });
  res.end(JSON.stringify(body));
};

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** `data_creare` as ANAF writes it: YYYYMMDDHHmm. */
const anafMoment = (ms: number) => new Date(ms).toISOString().replace(/[-T:]/g, '').slice(0, 12);

export function authorize(state: EfacturaState, url: URL, res: ServerResponse): void {
  const redirect = url.searchParams.get('redirect_uri');
  if (
    url.searchParams.get('client_id') !== state.clientId ||
    url.searchParams.get('response_type') !== 'code' ||
    !redirect
  ) {
    return json(res, 400, {
      error: 'invalid_request',
      error_description: 'client_id, response_type sau redirect_uri invalid',
    });
  }
  const code = crypto.randomBytes(16).toString('hex');
  state.codes.set(code, redirect);
  const back = new URL(redirect);
  back.searchParams.set('code', code);
  const given = url.searchParams.get('state');
  if (given !== null) back.searchParams.set('state', given);
  res.writeHead(302, { location: back.toString() });
  res.end();
}

function issueTokens(state: EfacturaState) {
  const access = `sim-access-${crypto.randomBytes(16).toString('hex')}`;
  const refresh = `sim-refresh-${crypto.randomBytes(16).toString('hex')}`;
  state.accessTokens.set(access, state.now() + ACCESS_TOKEN_SECONDS * 1000);
  state.refreshTokens.add(refresh);
  return { access_token: access, refresh_token: refresh, token_type: 'Bearer', expires_in: ACCESS_TOKEN_SECONDS };
}

export function token(
  state: EfacturaState,
  form: URLSearchParams,
  authorization: string | undefined,
  res: ServerResponse,
): void {
  let id = form.get('client_id');
  let secret = form.get('client_secret');
  if (authorization?.startsWith('Basic ')) {
    [id, secret] = Buffer.from(authorization.slice(6), 'base64').toString('utf8').split(':');
  }
  if (id !== state.clientId || secret !== state.clientSecret) {
    return json(res, 401, { error: 'invalid_client', error_description: 'Client necunoscut' });
  }
  const grant = form.get('grant_type');
  if (grant === 'authorization_code') {
    const code = form.get('code') ?? '';
    const redirect = state.codes.get(code);
    state.codes.delete(code);
    if (!redirect || redirect !== form.get('redirect_uri')) {
      return json(res, 400, { error: 'invalid_grant', error_description: 'Cod de autorizare invalid sau expirat' });
    }
    return json(res, 200, issueTokens(state));
  }
  if (grant === 'refresh_token') {
    const refresh = form.get('refresh_token') ?? '';
    if (!state.refreshTokens.delete(refresh)) {
      return json(res, 400, { error: 'invalid_grant', error_description: 'Refresh token invalid' });
    }
    return json(res, 200, issueTokens(state));
  }
  return json(res, 400, { error: 'unsupported_grant_type' });
}

/** The bearer token is one the simulator issued and it has not expired. */
export function authorized(state: EfacturaState, req: IncomingMessage, res: ServerResponse): boolean {
  const header = req.headers.authorization ?? '';
  const expires = state.accessTokens.get(header.replace(/^Bearer /, ''));
  if (expires !== undefined && expires > state.now()) return true;
  json(res, 401, {
    timestamp: new Date(state.now()).toISOString(),
    status: 401,
    error: 'Unauthorized',
    message: 'Acces neautorizat',
  });
  return false;
}

const refuse = (res: ServerResponse, eroare: string, titlu: string) => json(res, 200, { eroare, titlu });

export function list(state: EfacturaState, url: URL, res: ServerResponse): void {
  const titlu = 'Lista Mesaje';
  const cif = url.searchParams.get('cif') ?? '';
  const start = Number(url.searchParams.get('startTime'));
  const end = Number(url.searchParams.get('endTime'));
  const page = Number(url.searchParams.get('pagina') ?? '1');
  const now = state.now();
  const countKey = `list|${cif}|${dayOf(now)}`;
  const calls = (state.counts.get(countKey) ?? 0) + 1;
  state.counts.set(countKey, calls);
  if (calls > state.limits.listPerDay) {
    return refuse(
      res,
      `S-au facut deja ${state.limits.listPerDay} interogari de tip lista mesaje de catre utilizator in cursul zilei`,
      titlu,
    );
  }
  if (state.nextListError) {
    const eroare = state.nextListError;
    state.nextListError = null;
    return refuse(res, eroare, titlu);
  }
  if (!/^\d{2,10}$/.test(cif)) return refuse(res, `CIF introdus= ${cif} nu este un numar`, titlu);
  if (!Number.isInteger(start) || !Number.isInteger(end) || start > end) {
    return refuse(
      res,
      'Parametrii startTime si endTime trebuie sa fie valori Unix in milisecunde, startTime <= endTime',
      titlu,
    );
  }
  if (start < now - 60 * DAY_MS)
    return refuse(res, 'startTime nu poate fi mai vechi de 60 de zile fata de momentul cererii', titlu);
  const all = [...state.messages.values()]
    .filter((m) => m.cif === cif && m.createdAt >= start && m.createdAt <= end)
    .sort((a, b) => a.createdAt - b.createdAt);
  if (all.length === 0) return refuse(res, `Nu exista mesaje in intervalul selectat`, titlu);
  const pages = Math.ceil(all.length / PAGE_SIZE);
  if (!Number.isInteger(page) || page < 1 || page > pages) {
    return refuse(res, `Pagina solicitata ${page} este mai mare decat numarul total de pagini ${pages}`, titlu);
  }
  const mesaje: WireMessage[] = all.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((m) => ({
    data_creare: anafMoment(m.createdAt),
    cif: m.cif,
    id_solicitare: m.requestId,
    detalii: m.detalii,
    tip: m.tip,
    id: m.id,
  }));
  const answer: ListAnswer = {
    mesaje,
    numar_inregistrari_in_pagina: mesaje.length,
    numar_total_inregistrari_per_pagina: PAGE_SIZE,
    numar_total_inregistrari: all.length,
    numar_total_pagini: pages,
    index_pagina_curenta: page,
    serial: 'simulator-dosar',
    cui: cif,
    titlu: `Lista Mesaje disponibile din intervalul ${start} - ${end}`,
  };
  return json(res, 200, answer);
}

export async function download(state: EfacturaState, url: URL, res: ServerResponse): Promise<void> {
  const titlu = 'Descarcare mesaj';
  const id = url.searchParams.get('id') ?? '';
  const message = state.messages.get(id);
  if (!message) return refuse(res, `Pentru id=${id} nu exista inregistrata nici o factura`, titlu);
  const countKey = `download|${id}|${dayOf(state.now())}`;
  const downloads = (state.counts.get(countKey) ?? 0) + 1;
  state.counts.set(countKey, downloads);
  if (downloads > state.limits.downloadsPerMessage) {
    return refuse(
      res,
      `S-au facut deja ${state.limits.downloadsPerMessage} descarcari la mesajul cu id_descarcare=${id} in cursul zilei`,
      titlu,
    );
  }
  const zip = await spvZip(id, message.invoice);
  res.writeHead(200, {
    'content-type': 'application/octet-stream',
    'content-disposition': `attachment; filename=${id}.zip`,
  });
  res.end(zip);
}
