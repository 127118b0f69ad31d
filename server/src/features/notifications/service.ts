import type { AppContext } from '../../infra/context.js';
import { pagedList, paging } from '../../lib/paging.js';
import type { TenantScope } from '../doors/index.js';
import {
  countUnseen,
  findSettings,
  listNews,
  markSeen,
  saveDigestChoice,
  type NewsRow,
  type Settings,
} from './repository.js';

/**
 * The firm user's notifications (docs/api/company-door.md, "Notificări"): the firm's news newest first,
 * each unread while it is newer than what the user marked seen; the unread count for the badge; the
 * user's own digest choice. Scoped by the door: the company's own live clients only.
 */

type Ctx = Pick<AppContext, 'db'>;

/** Past this many of each kind the badge says "99+": counting stops there. */
export const UNREAD_CAP = 100;
const PER_PAGE = 25;

function present(row: NewsRow, seen: Settings) {
  const unread = row.source === 'event' ? row.id > seen.seen_event_id : row.id > seen.seen_notice_id;
  const kind = row.source === 'notice' ? 'overdue' : row.kind === 'period.done' ? 'done' : 'upload';
  return {
    id: `${row.source}-${row.id}`,
    kind: kind as 'upload' | 'done' | 'overdue',
    created_at: new Date(row.created_at).toISOString(),
    unread,
    client: { id: row.client_id, name: row.client_name },
    period: row.period === null ? null : row.period.trim(),
    actor_name: row.actor_name,
    // No user behind it: a client through an upload link.
    via_link: row.source === 'event' && row.actor_id === null,
    document:
      kind === 'upload' && row.document_name !== null
        ? { name: row.document_name, pending: row.document_pending }
        : null,
    due_date: row.due_date,
    open_items: row.open_items === null ? null : Number(row.open_items),
  };
}

/** notifications: one page, newest first, with the caller's unread count. */
export async function listNotifications(ctx: Ctx, scope: TenantScope, body: { page?: number; per_page?: number }) {
  const seen = await findSettings(ctx.db, scope.actor.id);
  const page = paging(body, PER_PAGE);
  const [{ rows, total }, unread] = await Promise.all([
    listNews(ctx.db, scope, scope.id, { limit: page.perPage, offset: page.offset }),
    countUnseen(ctx.db, scope, scope.id, seen, UNREAD_CAP),
  ]);
  return pagedList(
    rows.map((row) => present(row, seen)),
    page,
    total,
    { unread },
  );
}

/** notifications/unread: the badge's figure. */
export async function unreadCount(ctx: Ctx, scope: TenantScope) {
  const seen = await findSettings(ctx.db, scope.actor.id);
  return { unread: await countUnseen(ctx.db, scope, scope.id, seen, UNREAD_CAP) };
}

/** notifications/read: everything up to now is seen by the caller (not by the rest of the firm). */
export async function markRead(ctx: Ctx, scope: TenantScope) {
  await markSeen(ctx.db, scope.actor.id, scope.id);
  return unreadCount(ctx, scope);
}

export async function digestSettings(ctx: Ctx, scope: TenantScope) {
  const settings = await findSettings(ctx.db, scope.actor.id);
  return { daily_digest: settings.daily_digest, hour: settings.digest_hour };
}

export async function updateDigestSettings(
  ctx: Ctx,
  scope: TenantScope,
  body: { daily_digest: boolean; hour: number },
) {
  await saveDigestChoice(ctx.db, scope.actor.id, { daily_digest: body.daily_digest, digest_hour: body.hour });
  return digestSettings(ctx, scope);
}
