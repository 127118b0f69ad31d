import crypto from 'node:crypto';
import type { AppContext } from '../../infra/context.js';
import { anafOf, AnafError } from '../../infra/anaf/index.js';
import { openToken, sealToken } from '../../infra/anaf/token-box.js';
import { errors } from '../../infra/errors.js';
import { isValidCui } from '../../lib/cui.js';
import { clientNotFound } from '../access/index.js';
import type { TenantScope } from '../doors/index.js';
import { withAnafErrors } from './lookup-service.js';
import * as repo from './spv-repository.js';
import { scopedClientCui } from './state-repository.js';

/**
 * A firm's authorisation of Dosar in SPV (ANAF's OAuth2, with the firm's qualified certificate in the
 * browser) and the clients it syncs. The tokens are sealed (infra/anaf/token-box.ts) and never leave
 * the server; the `state` of an authorisation under way is stored hashed, bound to the firm and the
 * user, valid 15 minutes and used once. See docs/PRODUCT.md, "Facturi din SPV".
 */

type Ctx = AppContext;

const STATE_MINUTES = 15;
/** A token closer than this to its expiry is refreshed before use. */
const REFRESH_MARGIN_MS = 24 * 3600 * 1000;

const hashOf = (state: string) => crypto.createHash('sha256').update(state).digest('hex');

export async function startAuthorization(ctx: Ctx, scope: TenantScope): Promise<{ url: string }> {
  const state = crypto.randomBytes(32).toString('base64url');
  const now = ctx.clock.now();
  const url = await withAnafErrors(() => anafOf(ctx).authorizeUrl(state));
  await repo.saveOauthState(
    ctx.db,
    {
      state_hash: hashOf(state),
      company_id: scope.id,
      user_id: scope.actor.id,
      expires_at: new Date(now.getTime() + STATE_MINUTES * 60_000),
    },
    now,
  );
  return { url };
}

export type CallbackOutcome = 'ok' | 'denied' | 'expired' | 'failed';

/** ANAF's redirect back: the state names the firm; the code becomes the firm's tokens. */
export async function completeAuthorization(
  ctx: Ctx,
  query: { code?: string; state?: string; error?: string },
): Promise<CallbackOutcome> {
  if (!query.state) return 'expired';
  const pending = await repo.takeOauthState(ctx.db, hashOf(query.state));
  if (!pending || pending.expires_at.getTime() < ctx.clock.now().getTime()) return 'expired';
  if (query.error || !query.code) return 'denied';
  try {
    const tokens = await anafOf(ctx).exchangeCode(query.code);
    await storeTokens(ctx, pending.company_id, tokens, pending.user_id);
    return 'ok';
  } catch (error) {
    if (error instanceof AnafError) return 'failed';
    throw error;
  }
}

async function storeTokens(
  ctx: Ctx,
  companyId: number,
  tokens: { accessToken: string; refreshToken: string; expiresIn: number },
  userId: number | null,
): Promise<void> {
  const key = ctx.config.anaf.tokenKey;
  await repo.saveAuthorization(
    ctx.db,
    {
      company_id: companyId,
      access_token: sealToken(key, tokens.accessToken),
      refresh_token: sealToken(key, tokens.refreshToken),
      expires_at: new Date(ctx.clock.now().getTime() + tokens.expiresIn * 1000),
      authorized_by: userId,
    },
    userId === null,
  );
}

/** The firm's access token, refreshed when it is about to expire; throws AnafError('unauthorized') when none works. */
export async function accessTokenFor(ctx: Ctx, companyId: number): Promise<string> {
  const row = await repo.findAuthorization(ctx.db, companyId);
  const key = ctx.config.anaf.tokenKey;
  const access = row ? openToken(key, row.access_token) : null;
  if (!row || !access)
    throw new AnafError('unauthorized', 'Autorizarea SPV lipsește sau nu mai poate fi folosită: autorizează din nou.');
  if (row.expires_at.getTime() - ctx.clock.now().getTime() > REFRESH_MARGIN_MS) return access;
  const refresh = openToken(key, row.refresh_token);
  if (!refresh) throw new AnafError('unauthorized', 'Autorizarea SPV a expirat: autorizează din nou.');
  const tokens = await anafOf(ctx).refreshTokens(refresh);
  await storeTokens(ctx, companyId, tokens, null);
  return tokens.accessToken;
}

export async function authorizationOf(ctx: Ctx, companyId: number) {
  const row = await repo.findAuthorization(ctx.db, companyId);
  const { anaf } = ctx.config;
  return {
    configured: anaf.mode !== 'off' && Boolean(anaf.clientId),
    authorized: row !== undefined,
    authorized_at: row ? row.authorized_at.toISOString() : null,
    expires_at: row ? row.expires_at.toISOString() : null,
  };
}

export const presentSpvClient = (row: repo.SpvClientRow | undefined) => ({
  enabled: row?.enabled ?? false,
  last_sync_at: row?.last_sync_at ? row.last_sync_at.toISOString() : null,
  last_status: row?.last_status ?? null,
  last_message: row?.last_message ?? null,
});

/** Turns a client's SPV sync on or off; on needs the firm's authorisation and the client's valid CUI. */
export async function setClientSync(ctx: Ctx, scope: TenantScope, clientId: number, enabled: boolean) {
  const client = await scopedClientCui(ctx.db, scope, clientId);
  if (!client) throw clientNotFound();
  if (enabled) {
    if (!client.cui || !isValidCui(client.cui)) throw errors.spvClientWithoutCui();
    if (!(await repo.findAuthorization(ctx.db, scope.id))) throw errors.spvNotAuthorized();
  }
  await repo.setSpvClient(ctx.db, scope.id, clientId, enabled);
  const row = (await repo.spvClientsOf(ctx.db, [clientId])).get(clientId);
  return {
    message: enabled
      ? 'Sincronizarea din SPV este pornită pentru acest client.'
      : 'Sincronizarea din SPV este oprită pentru acest client.',
    data: presentSpvClient(row),
  };
}
