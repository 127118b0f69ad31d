import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from './db.js';
import type { Role } from '../db/schema.js';
import { errors } from './errors.js';
import { randomSecret, sameDigest, sha256 } from './tokens.js';

/** The signed-in user, as every policy sees it. */
export interface Actor {
  id: number;
  name: string;
  email: string;
  role: Role;
  company_id: number | null;
  holding_id: number | null;
  /** A holding person a firm invited: the firm, whose clients alone they see in the holding; else null. */
  invited_by_company_id: number | null;
  tokenId: number;
  /** The user's company (roles 2, 3) or holding (roles 4, 5) requires two-factor sign-in and they have not enabled it. */
  two_factor_setup_required: boolean;
}

/** Where a session was opened from (recorded with its token), and whether a second factor opened it. */
export interface TokenOrigin {
  userAgent?: string | null;
  ip?: string | null;
  secondFactor?: boolean;
}

/** How long a session lives: unused (idle) and at most (absolute), from the configuration. */
export type SessionLimits = Pick<Config, 'sessionIdleHours' | 'sessionMaxDays'>;

/** When a session ends unless used before: its idle deadline or its absolute one, whichever is first. */
export function sessionExpiresAt(
  token: { created_at: Date | string; last_used_at: Date | string | null },
  limits: SessionLimits,
): Date {
  const created = new Date(token.created_at).getTime();
  const lastUse = token.last_used_at ? new Date(token.last_used_at).getTime() : created;
  return new Date(
    Math.min(
      created + limits.sessionMaxDays * 86_400_000,
      Math.max(created, lastUse) + limits.sessionIdleHours * 3_600_000,
    ),
  );
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

/** Issues a token `id|secret`; only SHA-256 of the secret is stored. */
export async function issueToken(db: Db, userId: number, origin: TokenOrigin = {}): Promise<string> {
  const secret = randomSecret();
  const row = await db
    .insertInto('access_tokens')
    .values({
      user_id: userId,
      token_hash: sha256(secret),
      user_agent: origin.userAgent?.slice(0, 500) ?? null,
      ip: origin.ip ?? null,
      second_factor: origin.secondFactor ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return `${row.id}|${secret}`;
}

export async function revokeToken(db: Db, tokenId: number): Promise<void> {
  await db.deleteFrom('access_tokens').where('id', '=', tokenId).execute();
}

export async function revokeAllTokens(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('access_tokens').where('user_id', '=', userId).execute();
}

/** The session proved a second factor (it confirmed the code that turned two-factor sign-in on). */
export async function markSecondFactor(db: Db, tokenId: number): Promise<void> {
  await db.updateTable('access_tokens').set({ second_factor: true }).where('id', '=', tokenId).execute();
}

/**
 * Ends the sessions opened with the password alone: of one user (who just turned two-factor sign-in on),
 * or of a company's staff or a holding's people (their tenant just started requiring it). Answers how many.
 */
export async function revokePasswordOnlyTokens(
  db: Db,
  whose: { userId: number } | { companyId: number } | { holdingId: number },
): Promise<number> {
  const users = db.selectFrom('users').select('id');
  const owners =
    'userId' in whose
      ? users.where('id', '=', whose.userId)
      : 'companyId' in whose
        ? users.where('company_id', '=', whose.companyId).where('role', 'in', [2, 3])
        : users.where('holding_id', '=', whose.holdingId).where('role', 'in', [4, 5]);
  const result = await db
    .deleteFrom('access_tokens')
    .where('second_factor', '=', false)
    .where('user_id', 'in', owners)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

const suspended = errors.suspended;

/** A bearer token split into its row id and the SHA-256 of its secret; null when malformed. */
function parseBearer(header: string | undefined): { tokenId: number; hash: string } | null {
  if (!header || !header.startsWith('Bearer ')) return null;
  const token = header.slice(7).trim();
  const bar = token.indexOf('|');
  if (bar < 1) return null;
  const tokenId = Number(token.slice(0, bar));
  const secret = token.slice(bar + 1);
  if (!Number.isSafeInteger(tokenId) || tokenId <= 0 || secret.length < 16 || secret.length > 200) return null;
  return { tokenId, hash: sha256(secret) };
}

/** A token's last use is recorded at most this often (GET /sessions shows it). */
const TOUCH_EVERY_MS = 5 * 60_000;
const MAX_TOUCHED = 50_000;

/**
 * Records when tokens are used, at most once per TOUCH_EVERY_MS each, without making a request wait:
 * the write is not awaited, and a token used within the period costs no write at all.
 */
function tokenToucher(db: Db) {
  const touched = new Map<number, number>();
  const remember = (tokenId: number, at: number) => {
    if (touched.size >= MAX_TOUCHED) touched.clear();
    touched.set(tokenId, at);
  };
  return {
    remember,
    touch(tokenId: number, request: FastifyRequest): void {
      const now = Date.now();
      const last = touched.get(tokenId);
      if (last !== undefined && now - last < TOUCH_EVERY_MS) return;
      remember(tokenId, now);
      db.updateTable('access_tokens')
        .set({ last_used_at: new Date(now) })
        .where('id', '=', tokenId)
        .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', new Date(now - TOUCH_EVERY_MS))]))
        .execute()
        .catch((error: unknown) => request.log.warn({ err: error }, 'token last_used_at not recorded'));
    },
  };
}

/** The token with its user, company and holding; read on every request, so a session ended anywhere ends here. */
function tokenRow(db: Db, tokenId: number) {
  return db
    .selectFrom('access_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .leftJoin('companies as c', 'c.id', 'u.company_id')
    .leftJoin('holdings as h', 'h.id', 'u.holding_id')
    .select([
      't.token_hash',
      't.created_at',
      't.last_used_at',
      't.second_factor',
      'u.totp_enabled_at',
      'c.require_two_factor as company_requires',
      'h.require_two_factor as holding_requires',
      'u.id',
      'u.name',
      'u.email',
      'u.role',
      'u.company_id',
      'u.holding_id',
      'u.invited_by_company_id',
      'u.deleted_at',
      'c.status as company_status',
    ])
    .where('t.id', '=', tokenId)
    .executeTakeFirst();
}

/**
 * The token's actor from the database; null when unknown, revoked, of a removed user, past its idle or
 * absolute lifetime, or opened with the password alone by a user who now signs in with a second factor.
 */
async function loadActor(
  db: Db,
  limits: SessionLimits,
  tokenId: number,
  hash: string,
  remember: (tokenId: number, at: number) => void,
): Promise<Actor | null> {
  const row = await tokenRow(db, tokenId);
  if (!row || row.deleted_at || !sameDigest(row.token_hash, hash)) return null;
  if (sessionExpiresAt(row, limits).getTime() <= Date.now()) return null;
  if (row.totp_enabled_at && !row.second_factor) return null;
  if (row.company_status === 'suspended') throw suspended();
  if (row.last_used_at) remember(tokenId, row.last_used_at.getTime());
  const companyStaff = row.role === 2 || row.role === 3;
  const holdingPeople = row.role === 4 || row.role === 5;
  const tenantRequires = (companyStaff && !!row.company_requires) || (holdingPeople && !!row.holding_requires);
  return Object.freeze({
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    company_id: row.company_id,
    holding_id: row.holding_id,
    invited_by_company_id: row.invited_by_company_id,
    tokenId,
    two_factor_setup_required: tenantRequires && !row.totp_enabled_at,
  });
}

export function registerAuth(app: FastifyInstance, db: Db, limits: SessionLimits): void {
  app.decorateRequest('actor', null);
  const toucher = tokenToucher(db);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const bearer = parseBearer(request.headers.authorization);
    if (!bearer) return;
    request.actor = await loadActor(db, limits, bearer.tokenId, bearer.hash, toucher.remember);
    if (request.actor) toucher.touch(bearer.tokenId, request);
  });
}

/** The actor, or 401. */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw errors.unauthenticated();
  return request.actor;
}

/** The actor with one of roles, or 401/403. */
export function requireRole(request: FastifyRequest, roles: readonly Role[]): Actor {
  const actor = requireActor(request);
  if (!roles.includes(actor.role)) throw errors.forbidden();
  return actor;
}

/**
 * Company routes: role in roles and the actor's own company. Another company's
 * id answers 404 so its existence is not revealed.
 */
export function requireCompanyScope(
  request: FastifyRequest,
  companyId: number,
  roles: readonly Role[] = [2, 3],
): Actor {
  const actor = requireActor(request);
  if (actor.role !== 2 && actor.role !== 3) throw errors.forbidden();
  if (actor.company_id !== companyId) throw errors.notFound('Compania');
  if (!roles.includes(actor.role)) throw errors.forbidden();
  return actor;
}

/** Holding routes: role in roles and the actor's own holding; another holding's id answers 404. */
export function requireHoldingScope(
  request: FastifyRequest,
  holdingId: number,
  roles: readonly Role[] = [4, 5],
): Actor {
  const actor = requireActor(request);
  if (actor.role !== 4 && actor.role !== 5) throw errors.forbidden();
  if (actor.holding_id !== holdingId) throw errors.notFound('Holdingul');
  if (!roles.includes(actor.role)) throw errors.forbidden();
  return actor;
}
