import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from './db.js';
import type { Role } from '../db/schema.js';
import { errors } from './errors.js';
import { randomSecret, sameDigest, sha256 } from './tokens.js';
import type { ReadCache } from './read-cache.js';

/** The signed-in user, as every policy sees it. */
export interface Actor {
  id: number;
  name: string;
  email: string;
  role: Role;
  company_id: number | null;
  holding_id: number | null;
  tokenId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

/** Issues a token `id|secret`; only SHA-256 of the secret is stored. */
export async function issueToken(db: Db, userId: number): Promise<string> {
  const secret = randomSecret();
  const row = await db
    .insertInto('access_tokens')
    .values({ user_id: userId, token_hash: sha256(secret) })
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

/** Looks the token up in the database; null when unknown, revoked or of a removed user. */
async function loadActor(db: Db, cache: ReadCache | null, tokenId: number, hash: string): Promise<Actor | null> {
  const generation = cache?.generation ?? 0;
  const row = await db
    .selectFrom('access_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .leftJoin('companies as c', 'c.id', 'u.company_id')
    .select([
      't.token_hash',
      'u.id',
      'u.name',
      'u.email',
      'u.role',
      'u.company_id',
      'u.holding_id',
      'u.deleted_at',
      'c.status as company_status',
    ])
    .where('t.id', '=', tokenId)
    .executeTakeFirst();
  if (!row || row.deleted_at || !sameDigest(row.token_hash, hash)) return null;
  if (row.company_status === 'suspended') throw suspended();
  const actor: Actor = Object.freeze({
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    company_id: row.company_id,
    holding_id: row.holding_id,
    tokenId,
  });
  // Only a valid token of a live account is remembered; a revocation or a suspension drops it (read-cache.ts).
  cache?.storeActor(tokenId, hash, actor, generation);
  return actor;
}

export function registerAuth(app: FastifyInstance, db: Db, cache: ReadCache | null = null): void {
  app.decorateRequest('actor', null);
  // A callback hook: a remembered token costs no promise at all.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.url.startsWith('/api/')) return done();
    const bearer = parseBearer(request.headers.authorization);
    if (!bearer) return done();
    const known = cache?.actor<Actor>(bearer.tokenId, bearer.hash);
    if (known) {
      request.actor = known;
      return done();
    }
    loadActor(db, cache, bearer.tokenId, bearer.hash).then(
      (actor) => {
        request.actor = actor;
        done();
      },
      (error: Error) => done(error),
    );
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
  if (actor.holding_id !== holdingId) throw errors.notFound('Grupul');
  if (!roles.includes(actor.role)) throw errors.forbidden();
  return actor;
}
