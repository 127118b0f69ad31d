import { sql, type Insertable } from 'kysely';
import type { ActivityEventsTable } from '../../db/schema-month.js';
import type { Executor } from '../../infra/db.js';

export async function insertActivity(db: Executor, rows: Insertable<ActivityEventsTable>[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('activity_events').values(rows).execute();
}

/** One client's history (its company and id, as the door's scope resolved them), optionally one month. */
export interface ActivityFilter {
  companyId: number;
  clientId: number;
  period?: string | null;
}

/** An event with the current name of the document it names (renames show the name it has now). */
export interface ActivityRow {
  id: number;
  action: string;
  created_at: Date;
  actor_name: string | null;
  actor_role: number | null;
  ip: string | null;
  user_agent: string | null;
  period: string | null;
  media_id: number | null;
  document_name: string | null;
  details: Record<string, unknown> | null;
}

function historyQuery(db: Executor, filter: ActivityFilter) {
  let query = db
    .selectFrom('activity_events as a')
    .where('a.client_id', '=', filter.clientId)
    .where('a.company_id', '=', filter.companyId);
  if (filter.period) query = query.where('a.period', '=', filter.period);
  return query;
}

function rowsQuery(db: Executor, filter: ActivityFilter) {
  return historyQuery(db, filter)
    .leftJoin('media as m', (join) => join.onRef('m.id', '=', 'a.media_id').onRef('m.company_id', '=', 'a.company_id'))
    .select([
      'a.id',
      'a.action',
      'a.created_at',
      'a.actor_name',
      'a.actor_role',
      'a.ip',
      'a.user_agent',
      'a.period',
      'a.media_id',
      'm.original_name as document_name',
      'a.details',
    ]);
}

/** One page of the history, newest first (activity_events_client / _client_period serve the order). */
export async function listActivity(
  db: Executor,
  filter: ActivityFilter,
  page: { limit: number; offset: number },
): Promise<ActivityRow[]> {
  return rowsQuery(db, filter)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countActivity(db: Executor, filter: ActivityFilter): Promise<number> {
  const row = await historyQuery(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * The whole history in batches, newest first, by keyset (created_at, id): each batch is one indexed
 * query, so an export of any length keeps one batch in memory.
 */
export async function* streamActivity(
  db: Executor,
  filter: ActivityFilter,
  batch = 1000,
): AsyncGenerator<ActivityRow[]> {
  // The cursor keeps created_at as PostgreSQL's text (microseconds), which a JS Date would round.
  let after: { at: string; id: number } | null = null;
  for (;;) {
    let query = rowsQuery(db, filter).select(sql<string>`a.created_at::text`.as('cursor_at'));
    if (after) {
      const { at, id } = after;
      query = query.where(sql<boolean>`(a.created_at, a.id) < (${at}::timestamptz, ${id})`);
    }
    const rows = await query.orderBy('a.created_at', 'desc').orderBy('a.id', 'desc').limit(batch).execute();
    if (rows.length === 0) return;
    yield rows;
    const last = rows[rows.length - 1];
    after = { at: last.cursor_at, id: last.id };
    if (rows.length < batch) return;
  }
}

/** Makes concurrent reads of one document by one person wait for each other (one read session row). */
export async function lockReadSession(trx: Executor, actorId: number, mediaId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`activity-read:${actorId}:${mediaId}`}, 0))`.execute(trx);
}

/** The newest `action` event of this person on this document since `since`, if any. */
export async function findReadSession(
  trx: Executor,
  where: { companyId: number; clientId: number; mediaId: number; actorId: number; action: string; since: Date },
): Promise<{ id: number; details: Record<string, unknown> | null } | undefined> {
  return trx
    .selectFrom('activity_events')
    .select(['id', 'details'])
    .where('client_id', '=', where.clientId)
    .where('company_id', '=', where.companyId)
    .where('media_id', '=', where.mediaId)
    .where('actor_id', '=', where.actorId)
    .where('action', '=', where.action)
    .where('created_at', '>=', where.since)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function updateActivityDetails(
  trx: Executor,
  id: number,
  details: Record<string, unknown>,
): Promise<void> {
  await trx
    .updateTable('activity_events')
    .set({ details: JSON.stringify(details) })
    .where('id', '=', id)
    .execute();
}
