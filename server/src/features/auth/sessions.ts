import type { AppContext } from '../../infra/context.js';
import { type Actor, sessionExpiresAt } from '../../infra/auth.js';
import { errors } from '../../infra/errors.js';
import { deviceLabel } from './devices.js';
import * as repo from './sessions-repository.js';

/** The signed-in user's sessions (access tokens): where from, when last used, and closing them. */

export const SESSION_REVOKED = 'Sesiunea a fost închisă.';

export type SessionView = {
  id: number;
  device: string;
  ip: string | null;
  created_at: string;
  last_used_at: string | null;
  /** When it ends unless used before: idle for SESSION_IDLE_HOURS, or SESSION_MAX_DAYS after it opened. */
  expires_at: string;
  current: boolean;
};

/** GET /sessions: the live ones, newest first; `current` marks the session of this request. */
export async function listSessions(ctx: AppContext, actor: Actor): Promise<{ data: SessionView[] }> {
  const rows = await repo.listTokens(ctx.db, actor.id);
  const now = Date.now();
  return {
    data: rows
      .map((row) => ({ row, expiresAt: sessionExpiresAt(row, ctx.config) }))
      .filter(({ expiresAt }) => expiresAt.getTime() > now)
      .map(({ row, expiresAt }) => ({
        id: row.id,
        device: deviceLabel(row.user_agent),
        ip: row.ip,
        created_at: new Date(row.created_at).toISOString(),
        last_used_at: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
        expires_at: expiresAt.toISOString(),
        current: row.id === actor.tokenId,
      })),
  };
}

/** POST /sessions/{id}/revoke: one of the user's own sessions (another user's id answers 404). */
export async function revokeSession(ctx: AppContext, actor: Actor, sessionId: number): Promise<{ message: string }> {
  if (!(await repo.deleteToken(ctx.db, actor.id, sessionId))) throw errors.notFound('Sesiunea');
  return { message: SESSION_REVOKED };
}

/** POST /sessions/revoke-others: every session of the user but this one. */
export async function revokeOtherSessions(
  ctx: AppContext,
  actor: Actor,
): Promise<{ message: string; revoked: number }> {
  const revoked = await repo.deleteOtherTokens(ctx.db, actor.id, actor.tokenId);
  const message =
    revoked === 0
      ? 'Nu există alte sesiuni deschise.'
      : revoked === 1
        ? 'A fost închisă o sesiune.'
        : `Au fost închise ${revoked} sesiuni.`;
  return { message, revoked };
}
