import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../infra/db.js';
import type { TenantScope } from '../doors/index.js';
import { insertActivity } from './repository.js';

/**
 * The history of a client's documents and months: every act on a document or a month is an
 * event with who, when, from which IP and user agent. Features record through `recordActivity` — in the
 * transaction of the act when there is one, so an act and its event commit together.
 */

/** What happened. `document.*` name one document (media_id); `period.*` and `item.*` a month. */
export type ActivityAction =
  | 'document.upload'
  | 'document.download'
  | 'document.preview'
  | 'document.read'
  | 'document.zip'
  | 'document.move'
  | 'document.rename'
  | 'document.delete'
  | 'document.restore'
  | 'document.accept'
  | 'document.reject'
  | 'item.not_applicable'
  | 'item.applicable'
  | 'period.done'
  | 'period.close'
  | 'period.reopen'
  | 'period.handover'
  | 'upload_link.open'
  | 'upload_link.revoke'
  | 'reminder.send'
  | 'obligation.file'
  | 'obligation.unfile'
  | 'client.anaf_change'
  | 'client.spv_import';

/** Where a request came from. */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

export function originOf(request: FastifyRequest): RequestOrigin {
  const agent = request.headers['user-agent'];
  return { ip: request.ip ?? null, userAgent: typeof agent === 'string' ? agent.slice(0, 500) : null };
}

export interface ActivityEvent {
  action: ActivityAction;
  companyId: number;
  clientId: number;
  period?: string | null;
  mediaId?: number | null;
  /** What the event needs beside its columns (a document's name, the old and new place, a reason, a note). */
  details?: Record<string, unknown> | null;
}

/**
 * Who acted: a signed-in user (TenantScope's actor), or no user at all (`id` and `role` null), as a client
 * through an upload link („link de încărcare”).
 */
export interface ActivityActor {
  id: number | null;
  name: string;
  role: TenantScope['actor']['role'] | null;
}

/** Records events done by `scope.actor` from `origin` (one insert for many). */
export async function recordActivity(
  db: Executor,
  scope: { actor: ActivityActor },
  origin: RequestOrigin,
  events: ActivityEvent | ActivityEvent[],
): Promise<void> {
  const list = Array.isArray(events) ? events : [events];
  await insertActivity(
    db,
    list.map((event) => ({
      company_id: event.companyId,
      client_id: event.clientId,
      period: event.period ?? null,
      media_id: event.mediaId ?? null,
      action: event.action,
      actor_id: scope.actor.id,
      actor_name: scope.actor.name,
      actor_role: scope.actor.role,
      ip: origin.ip,
      user_agent: origin.userAgent,
      details: event.details ? JSON.stringify(event.details) : null,
    })),
  );
}

export { ACTION_LABELS, labelOf, sideOf, localTime } from './labels.js';
export { recordFileRead, READ_SESSION_MINUTES, type FileRead } from './reads.js';
