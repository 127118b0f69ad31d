import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Executor } from '../../infra/db.js';
import { clientVisibleTo, type Tenant } from '../access/index.js';

/**
 * The reads and writes of what the firm hears back. Its news are the events its clients' side caused —
 * an upload (through the portal or an upload link), "Am terminat" — read from the history (nothing
 * writes them twice), and the notices no act records (a client past its due date), in firm_notices.
 */

export const NEWS_ACTIONS = ['document.upload', 'period.done'] as const;

/** An event of the firm's news (alias `a` of activity_events): its index is activity_events_firm_news. */
const news = (companyId: number) =>
  sql<SqlBool>`a.company_id = ${companyId} and a.action in ('document.upload', 'period.done')
    and (a.actor_role is null or a.actor_role not in (2, 3))`;

export interface Settings {
  daily_digest: boolean;
  digest_hour: number;
  seen_event_id: number;
  seen_notice_id: number;
}

export const DEFAULT_SETTINGS: Settings = { daily_digest: true, digest_hour: 8, seen_event_id: 0, seen_notice_id: 0 };

export async function findSettings(db: Executor, userId: number): Promise<Settings> {
  const row = await db
    .selectFrom('notification_settings')
    .select(['daily_digest', 'digest_hour', 'seen_event_id', 'seen_notice_id'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ?? DEFAULT_SETTINGS;
}

export async function saveDigestChoice(
  db: Executor,
  userId: number,
  choice: { daily_digest: boolean; digest_hour: number },
): Promise<void> {
  await db
    .insertInto('notification_settings')
    .values({ user_id: userId, ...choice })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...choice, updated_at: sql`now()` }))
    .execute();
}

/** Marks everything the firm's news hold up to now as seen by the user (never moving a mark back). */
export async function markSeen(db: Executor, userId: number, companyId: number): Promise<void> {
  await sql`
    insert into notification_settings (user_id, seen_event_id, seen_notice_id)
    values (${userId},
      coalesce((select max(a.id) from activity_events a where ${news(companyId)}), 0),
      coalesce((select max(n.id) from firm_notices n where n.company_id = ${companyId}), 0))
    on conflict (user_id) do update set
      seen_event_id = greatest(notification_settings.seen_event_id, excluded.seen_event_id),
      seen_notice_id = greatest(notification_settings.seen_notice_id, excluded.seen_notice_id),
      updated_at = now()`.execute(db);
}

/** One line of the firm's news: an event of the history or a notice. */
export interface NewsRow {
  source: 'event' | 'notice';
  id: number;
  kind: string;
  created_at: Date;
  client_id: number;
  client_name: string;
  period: string | null;
  actor_id: number | null;
  actor_name: string | null;
  actor_role: number | null;
  document_name: string | null;
  document_pending: boolean | null;
  due_date: string | null;
  open_items: number | null;
}

function newsUnion(tenant: Tenant, companyId: number): RawBuilder<NewsRow> {
  return sql<NewsRow>`
    select 'event' as source, a.id, a.action as kind, a.created_at, a.client_id, c.name as client_name,
      a.period::text as period, a.actor_id, a.actor_name, a.actor_role::int as actor_role,
      coalesce(m.original_name, a.details->>'name') as document_name,
      case when m.id is null then null else (m.review_status = 'pending' and m.deleted_at is null) end as document_pending,
      null::text as due_date, null::int as open_items
    from activity_events a
    join clients c on c.id = a.client_id
    left join media m on m.id = a.media_id and m.company_id = a.company_id
    where ${news(companyId)} and ${clientVisibleTo(tenant, 'c')}
    union all
    select 'notice', n.id, n.kind, n.created_at, n.client_id, c.name, n.period::text, null::int, null, null, null, null,
      n.due_date::text, n.open_items
    from firm_notices n
    join clients c on c.id = n.client_id
    where n.company_id = ${companyId} and ${clientVisibleTo(tenant, 'c')}`;
}

/** One page of the firm's news, newest first. */
export async function listNews(
  db: Executor,
  tenant: Tenant,
  companyId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: NewsRow[]; total: number }> {
  const union = newsUnion(tenant, companyId);
  const [rows, count] = await Promise.all([
    sql<NewsRow>`select * from (${union}) x order by x.created_at desc, x.source, x.id desc
      limit ${page.limit} offset ${page.offset}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from (${union}) x`.execute(db),
  ]);
  return { rows: rows.rows, total: Number(count.rows[0]?.n ?? 0) };
}

/**
 * How many of the firm's news the user has not seen, counted up to `cap` of each kind (the badge shows
 * "99+" past that): two index range reads, whatever the history's length.
 */
export async function countUnseen(
  db: Executor,
  tenant: Tenant,
  companyId: number,
  seen: Pick<Settings, 'seen_event_id' | 'seen_notice_id'>,
  cap: number,
): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select (select count(*) from (
        select 1 from activity_events a join clients c on c.id = a.client_id
        where ${news(companyId)} and a.id > ${seen.seen_event_id} and ${clientVisibleTo(tenant, 'c')}
        limit ${cap}) e)::int
      + (select count(*) from (
        select 1 from firm_notices n join clients c on c.id = n.client_id
        where n.company_id = ${companyId} and n.id > ${seen.seen_notice_id} and ${clientVisibleTo(tenant, 'c')}
        limit ${cap}) o)::int as n`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
