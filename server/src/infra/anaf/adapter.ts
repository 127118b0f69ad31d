import type { AnafConfig } from '../../config-anaf.js';
import type { RateLimiter } from '../rate-limit.js';
import { AnafError, type OAuthTokens, type SpvPage, type VatLookup } from './types.js';
import { companyFromWire, messageFromWire, NO_MESSAGES, type ListAnswer, type VatAnswer } from './wire.js';

/**
 * The one way to ANAF (docs/ARCHITECTURE.md, "ANAF"), in `live` mode to ANAF itself, in `simulator` mode to
 * the local simulator (infra/anaf/simulator.ts) answering ANAF's shapes. Callers see CompanyRecord,
 * SpvPage and AnafError, never a wire shape. ANAF's limits are kept here: at most 100 CUIs a lookup
 * request and one lookup request a second (spaced in this process, and across instances through the
 * shared rate limiter), so no caller can break them.
 */
export interface AnafAdapter {
  /** The registry's answer for these CUIs (digits only) on `day` (YYYY-MM-DD), in batches of ≤ 100. */
  lookupVat(cuis: readonly string[], day: string): Promise<VatLookup>;
  /** Where the firm's browser goes to authorise Dosar (ANAF asks for its qualified certificate there). */
  authorizeUrl(state: string): Promise<string>;
  exchangeCode(code: string): Promise<OAuthTokens>;
  refreshTokens(refreshToken: string): Promise<OAuthTokens>;
  /** One page (from 1) of the SPV messages of `cif` between two moments (Unix ms). */
  listMessages(
    token: string,
    query: { cif: string; startTime: number; endTime: number; page: number },
  ): Promise<SpvPage>;
  /** The zip of one SPV message. */
  download(token: string, id: string): Promise<Buffer>;
}

export const VAT_BATCH = 100;
/** ANAF allows one lookup request a second; the margin keeps arrivals apart despite network jitter. */
const LOOKUP_SPACING_MS = 1100;
const TIMEOUT_MS = 20_000;

const UNREACHABLE = 'ANAF nu răspunde acum. Încearcă din nou în câteva minute.';
const THROTTLED = 'ANAF a refuzat temporar cererea (prea multe cereri). Încearcă din nou peste câteva secunde.';
const NOT_CONFIGURED = 'Legătura cu ANAF nu este configurată pe acest server.';

interface Endpoints {
  vat: string;
  oauth: string;
  efactura: string;
}

function endpoints(config: AnafConfig, base: string | null): Endpoints {
  if (base)
    return {
      vat: `${base}api/PlatitorTvaRest/v9/tva`,
      oauth: `${base}anaf-oauth2/v1/`,
      efactura: `${base}${config.efacturaEnv}/FCTEL/rest/`,
    };
  return {
    vat: 'https://webservicesp.anaf.ro/api/PlatitorTvaRest/v9/tva',
    oauth: 'https://logincert.anaf.ro/anaf-oauth2/v1/',
    efactura: `https://api.anaf.ro/${config.efacturaEnv}/FCTEL/rest/`,
  };
}

/** When the last lookup request of this process left, per registry URL: one queue for every adapter. */
const lookupQueues = new Map<string, Promise<void>>();

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface AdapterOptions {
  /** Where ANAF is: null = ANAF's own addresses; a promise while a local simulator starts. */
  base: () => Promise<string | null>;
  /** Shared across instances (Redis) when configured: one lookup a second for the whole deployment. */
  limiter?: RateLimiter;
}

export function createAnafAdapter(config: AnafConfig, options: AdapterOptions): AnafAdapter {
  const where = async () => endpoints(config, await options.base());
  const assertOn = () => {
    if (config.mode === 'off') throw new AnafError('not_configured', NOT_CONFIGURED);
  };
  const assertOAuth = () => {
    assertOn();
    if (!config.clientId || !config.clientSecret) throw new AnafError('not_configured', NOT_CONFIGURED);
  };

  /** Waits for this process's turn, then for the deployment's (the shared limiter), then sends. */
  async function spaced<T>(url: string, send: () => Promise<T>): Promise<T> {
    const previous = lookupQueues.get(url) ?? Promise.resolve();
    let release = () => {};
    const turn = new Promise<void>((resolve) => (release = resolve));
    lookupQueues.set(
      url,
      previous.then(() => turn),
    );
    await previous;
    try {
      for (let tries = 0; options.limiter && tries < 30; tries += 1) {
        const { allowed, retryAfter } = await options.limiter.hit('anaf:vat-lookup', 1, 1);
        if (allowed) break;
        await sleep(retryAfter * 1000);
      }
      return await send();
    } finally {
      setTimeout(release, LOOKUP_SPACING_MS);
    }
  }

  async function call(url: string, init: RequestInit): Promise<Response> {
    try {
      const res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (res.status === 429) throw new AnafError('throttled', THROTTLED);
      if (res.status === 401 || res.status === 403)
        throw new AnafError('unauthorized', 'ANAF a refuzat autorizarea SPV: autorizează din nou accesul.');
      if (res.status >= 500) throw new AnafError('unreachable', UNREACHABLE);
      return res;
    } catch (error) {
      if (error instanceof AnafError) throw error;
      throw new AnafError('unreachable', UNREACHABLE);
    }
  }

  async function lookupBatch(url: string, cuis: readonly string[], day: string): Promise<VatLookup> {
    const body = JSON.stringify(cuis.map((cui) => ({ cui: Number(cui), data: day })));
    const send = () =>
      spaced(url, () => call(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body }));
    // Another process of the deployment (without a shared limiter) may have just asked: one more turn.
    const res = await send().catch((error: unknown) => {
      if (error instanceof AnafError && error.kind === 'throttled') return send();
      throw error;
    });
    const answer = (await res.json().catch(() => null)) as VatAnswer | null;
    if (!answer || answer.cod !== 200)
      throw new AnafError('refused', `ANAF a refuzat căutarea: ${answer?.message ?? 'răspuns necunoscut'}.`);
    return {
      found: (answer.found ?? []).map(companyFromWire),
      notFound: (answer.notFound ?? []).map((cui) => String(cui)),
    };
  }

  async function token(form: Record<string, string>): Promise<OAuthTokens> {
    assertOAuth();
    const { oauth } = await where();
    const body = new URLSearchParams({
      ...form,
      client_id: config.clientId ?? '',
      client_secret: config.clientSecret ?? '',
      token_content_type: 'jwt',
    });
    const res = await call(`${oauth}token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    const answer = (await res.json().catch(() => null)) as {
      access_token?: string;
      refresh_token?: string;
      expires_in?: number;
      error_description?: string;
      error?: string;
    } | null;
    if (!res.ok || !answer?.access_token || !answer.refresh_token) {
      throw new AnafError(
        'unauthorized',
        `ANAF nu a acceptat autorizarea: ${answer?.error_description ?? answer?.error ?? `HTTP ${res.status}`}.`,
      );
    }
    return {
      accessToken: answer.access_token,
      refreshToken: answer.refresh_token,
      expiresIn: Number(answer.expires_in ?? 3600),
    };
  }

  return {
    async lookupVat(cuis, day) {
      assertOn();
      const { vat } = await where();
      const result: VatLookup = { found: [], notFound: [] };
      for (let start = 0; start < cuis.length; start += VAT_BATCH) {
        const batch = await lookupBatch(vat, cuis.slice(start, start + VAT_BATCH), day);
        result.found.push(...batch.found);
        result.notFound.push(...batch.notFound);
      }
      return result;
    },

    async authorizeUrl(state) {
      assertOAuth();
      const { oauth } = await where();
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: config.clientId ?? '',
        redirect_uri: config.redirectUrl,
        state,
        token_content_type: 'jwt',
      });
      return `${oauth}authorize?${query.toString()}`;
    },

    exchangeCode: (code) => token({ grant_type: 'authorization_code', code, redirect_uri: config.redirectUrl }),
    refreshTokens: (refreshToken) => token({ grant_type: 'refresh_token', refresh_token: refreshToken }),

    async listMessages(accessToken, query) {
      assertOn();
      const { efactura } = await where();
      const params = new URLSearchParams({
        startTime: String(query.startTime),
        endTime: String(query.endTime),
        cif: query.cif,
        pagina: String(query.page),
      });
      const res = await call(`${efactura}listaMesajePaginatieFactura?${params.toString()}`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      const answer = (await res.json().catch(() => null)) as ListAnswer | null;
      if (!answer) throw new AnafError('refused', 'ANAF a trimis o listă de mesaje care nu poate fi citită.');
      if (answer.eroare) {
        if (NO_MESSAGES.test(answer.eroare)) return { messages: [], page: query.page, totalPages: 0 };
        throw new AnafError(/interogari|limita/i.test(answer.eroare) ? 'limit' : 'refused', `ANAF: ${answer.eroare}`);
      }
      return {
        messages: (answer.mesaje ?? []).map(messageFromWire),
        page: Number(answer.index_pagina_curenta ?? query.page),
        totalPages: Number(answer.numar_total_pagini ?? 1),
      };
    },

    async download(accessToken, id) {
      assertOn();
      const { efactura } = await where();
      const res = await call(`${efactura}descarcare?${new URLSearchParams({ id }).toString()}`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      const bytes = Buffer.from(await res.arrayBuffer());
      // Errors come as JSON with HTTP 200; a zip starts with "PK".
      if (bytes.subarray(0, 2).toString('latin1') !== 'PK') {
        let message = 'răspuns necunoscut';
        try {
          message = (JSON.parse(bytes.toString('utf8')) as { eroare?: string }).eroare ?? message;
        } catch {
          // not JSON either: the generic message
        }
        throw new AnafError(/descarcari/i.test(message) ? 'limit' : 'refused', `ANAF: ${message}`);
      }
      return bytes;
    },
  };
}
