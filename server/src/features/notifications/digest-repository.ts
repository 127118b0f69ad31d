import { sql } from 'kysely';
import type { Executor } from '../../infra/db.js';
import type { FirmNoticesTable } from '../../db/schema-notifications.js';
import type { Insertable } from 'kysely';

/**
 * The daily digest's and the overdue notices' reads and claims. A claim is a row with a unique key
 * inserted in the transaction that acts on it: whoever inserts it (one instance, one run) does the work.
 */

/** The firm's news in the history (alias `a`), as repository.ts reads them. */
const news = (companyId: number) =>
  sql<boolean>`a.company_id = ${companyId} and a.action in ('document.upload', 'period.done')
    and (a.actor_role is null or a.actor_role not in (2, 3))`;

export interface Recipient {
  id: number;
  name: string;
  email: string;
  role: number;
  company_id: number;
  company_name: string;
  company_due_day: number;
}

/**
 * The owners and staff whose digest of `day` is due at `hour` (Romanian): a proven address, a live and
 * active firm, the digest on (the default), its hour come, not yet claimed today.
 */
export async function dueRecipients(db: Executor, day: string, hour: number): Promise<Recipient[]> {
  return db
    .selectFrom('users as u')
    .innerJoin('companies as co', 'co.id', 'u.company_id')
    .leftJoin('notification_settings as s', 's.user_id', 'u.id')
    .select([
      'u.id',
      'u.name',
      'u.email',
      'u.role',
      'co.id as company_id',
      'co.name as company_name',
      'co.due_day as company_due_day',
    ])
    .where('u.role', 'in', [2, 3])
    .where('u.deleted_at', 'is', null)
    .where('u.email_verified_at', 'is not', null)
    .where('co.deleted_at', 'is', null)
    .where('co.status', '=', 'active')
    .where(sql<boolean>`coalesce(s.daily_digest, true)`)
    .where(sql<boolean>`coalesce(s.digest_hour, 8) <= ${hour}`)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('firm_digests as d')
            .select('d.user_id')
            .whereRef('d.user_id', '=', 'u.id')
            .where('d.day', '=', day),
        ),
      ),
    )
    .orderBy('co.id')
    .orderBy('u.id')
    .execute() as Promise<Recipient[]>;
}

/** Claims the user's digest of `day`; false when it was already claimed (another run, another instance). */
export async function claimDigest(trx: Executor, userId: number, day: string, eventMark: number): Promise<boolean> {
  const row = await trx
    .insertInto('firm_digests')
    .values({ user_id: userId, day, event_mark: eventMark, sent: false })
    .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return Boolean(row);
}

export async function markDigestSent(trx: Executor, userId: number, day: string): Promise<void> {
  await trx
    .updateTable('firm_digests')
    .set({ sent: true })
    .where('user_id', '=', userId)
    .where('day', '=', day)
    .execute();
}

/** Where the user's previous digest stopped: the newest event it covered, or null before the first. */
export async function previousMark(db: Executor, userId: number, day: string): Promise<number | null> {
  const row = await db
    .selectFrom('firm_digests')
    .select('event_mark')
    .where('user_id', '=', userId)
    .where('day', '<', day)
    .orderBy('day', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? row.event_mark : null;
}

/** The newest of the firm's news events (0 without any). */
export async function newsMark(db: Executor, companyId: number): Promise<number> {
  const { rows } = await sql<{ id: number | null }>`
    select max(a.id) as id from activity_events a where ${news(companyId)}`.execute(db);
  return Number(rows[0]?.id ?? 0);
}

/**
 * The news events of `action` after `after` up to `upTo` (before a first digest: of the last day), on
 * the firm's live clients; an upload only while its document is live and awaits review.
 */
export async function newsSince(
  db: Executor,
  companyId: number,
  action: 'document.upload' | 'period.done',
  window: { after: number | null; upTo: number },
): Promise<{ client_id: number; client_name: string; period: string | null }[]> {
  const since =
    window.after === null
      ? sql<boolean>`a.created_at > now() - interval '1 day'`
      : sql<boolean>`a.id > ${window.after}`;
  const pending =
    action === 'document.upload'
      ? sql<boolean>`exists (select 1 from media m where m.id = a.media_id and m.review_status = 'pending'
          and m.deleted_at is null)`
      : sql<boolean>`true`;
  const { rows } = await sql<{ client_id: number; client_name: string; period: string | null }>`
    select a.client_id, c.name as client_name, a.period::text as period
    from activity_events a join clients c on c.id = a.client_id and c.deleted_at is null
    where ${news(companyId)} and a.action = ${action} and ${since} and a.id <= ${window.upTo} and ${pending}
    order by c.name, a.client_id, a.id`.execute(db);
  return rows;
}

/** The live, active firms whose look for overdue clients is not yet claimed for `day`. */
export async function firmsToCheck(db: Executor, day: string): Promise<{ id: number; due_day: number }[]> {
  return db
    .selectFrom('companies as co')
    .select(['co.id', 'co.due_day'])
    .where('co.deleted_at', 'is', null)
    .where('co.status', '=', 'active')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('firm_overdue_checks as k')
            .select('k.company_id')
            .whereRef('k.company_id', '=', 'co.id')
            .where('k.day', '=', day),
        ),
      ),
    )
    .orderBy('co.id')
    .execute();
}

export async function claimOverdueCheck(trx: Executor, companyId: number, day: string): Promise<boolean> {
  const row = await trx
    .insertInto('firm_overdue_checks')
    .values({ company_id: companyId, day })
    .onConflict((oc) => oc.columns(['company_id', 'day']).doNothing())
    .returning('company_id')
    .executeTakeFirst();
  return Boolean(row);
}

/** The firm's live clients with their own due day (null: the firm's). */
export async function liveClients(
  db: Executor,
  companyId: number,
): Promise<{ id: number; name: string; due_day: number | null }[]> {
  return db
    .selectFrom('clients')
    .select(['id', 'name', 'due_day'])
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** Records notices (one per client, month and kind: a repeated one does nothing). */
export async function insertNotices(trx: Executor, rows: Insertable<FirmNoticesTable>[]): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto('firm_notices')
    .values(rows)
    .onConflict((oc) => oc.columns(['client_id', 'period', 'kind']).doNothing())
    .execute();
}
