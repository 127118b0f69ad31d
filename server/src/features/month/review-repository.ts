import { sql } from 'kysely';
import type { ReviewStatus } from '../../db/schema-month.js';
import type { Executor } from '../../infra/db.js';

/** Review writes and reads: the firm's live client documents, their review, the queue, who hears of it. */

/** A live document of one of the firm's clients, locked for its review. */
export interface ReviewTarget {
  id: number;
  client_id: number;
  period: string | null;
  original_name: string;
}

/** The checklist item each document answers (by its requirement and month), for the links of its mails. */
export async function itemsOfMedia(db: Executor, clientId: number, mediaIds: number[]): Promise<Map<number, number>> {
  if (mediaIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('media as m')
    .innerJoin('checklist_items as ci', (join) =>
      join
        .onRef('ci.requirement_id', '=', 'm.requirement_id')
        .onRef('ci.period', '=', 'm.period')
        .onRef('ci.client_id', '=', 'm.client_id'),
    )
    .select(['m.id as media_id', 'ci.id as item_id'])
    .where('m.client_id', '=', clientId)
    .where('m.id', 'in', mediaIds)
    .execute();
  return new Map(rows.map((r) => [Number(r.media_id), Number(r.item_id)]));
}

export async function lockFirmMedia(
  db: Executor,
  companyId: number,
  ids: number[],
  lock = true,
): Promise<ReviewTarget[]> {
  if (ids.length === 0) return [];
  const query = db
    .selectFrom('media as m')
    .innerJoin('clients as c', 'c.id', 'm.client_id')
    .select([
      'm.id',
      sql<number>`m.client_id`.as('client_id'),
      sql<string | null>`m.period::text`.as('period'),
      'm.original_name',
    ])
    .where('m.company_id', '=', companyId)
    .where('c.company_id', '=', companyId)
    .where('c.deleted_at', 'is', null)
    .where('m.deleted_at', 'is', null)
    .where('m.id', 'in', ids)
    .orderBy('m.id');
  return (lock ? query.forUpdate('m') : query).execute();
}

export async function setReview(
  db: Executor,
  companyId: number,
  ids: number[],
  review: { status: Exclude<ReviewStatus, 'pending'>; reason: string | null; by: number },
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('media')
    .set({
      review_status: review.status,
      review_reason: review.reason,
      reviewed_by: review.by,
      reviewed_at: new Date(),
    })
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * „Nu se aplică” with the item's documents kept: they answer no requirement any more (extras of the
 * month, outside the checklist) and count as accepted by `by`, who looked at them when deciding.
 */
export async function keepOutsideChecklist(db: Executor, companyId: number, ids: number[], by: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('media')
    .set({
      requirement_id: null,
      review_status: 'accepted',
      review_reason: null,
      reviewed_by: by,
      reviewed_at: new Date(),
    })
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .where('id', 'in', ids)
    .execute();
}

/** The clients' names and holdings, and their company's name. */
export async function clientsOf(
  db: Executor,
  companyId: number,
  ids: number[],
): Promise<{ id: number; name: string; holding_id: number | null; company_name: string }[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('clients as c')
    .innerJoin('companies as co', 'co.id', 'c.company_id')
    .select(['c.id', 'c.name', 'c.holding_id', 'co.name as company_name'])
    .where('c.company_id', '=', companyId)
    .where('c.id', 'in', ids)
    .execute();
}

/** Live people with a verified address: a holding's (roles 4, 5) or a company's (roles 2, 3), with their role. */
export async function mailableUsers(
  db: Executor,
  tenant: { holdingId: number } | { companyId: number },
): Promise<{ name: string; email: string; role: number }[]> {
  let query = db
    .selectFrom('users')
    .select(['name', 'email', 'role'])
    .where('deleted_at', 'is', null)
    .where('email_verified_at', 'is not', null);
  query =
    'holdingId' in tenant
      ? query.where('holding_id', '=', tenant.holdingId).where('role', 'in', [4, 5])
      : query.where('company_id', '=', tenant.companyId).where('role', 'in', [2, 3]);
  return query.orderBy('id').execute();
}

/**
 * The firm's live client documents awaiting review that can be reviewed: none of a closed month (a month
 * closed before it had to be whole may hold one; reopening the month brings it back).
 */
function queueBase(db: Executor, companyId: number, clientId: number | null) {
  let query = db
    .selectFrom('media as m')
    .innerJoin('clients as c', 'c.id', 'm.client_id')
    .where('m.company_id', '=', companyId)
    .where('m.review_status', '=', 'pending')
    .where('m.deleted_at', 'is', null)
    .where('m.client_id', 'is not', null)
    .where('c.deleted_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('client_periods as cp')
            .select('cp.client_id')
            .whereRef('cp.client_id', '=', 'm.client_id')
            .whereRef('cp.period', '=', 'm.period')
            .where('cp.closed_at', 'is not', null),
        ),
      ),
    );
  if (clientId !== null) query = query.where('m.client_id', '=', clientId);
  return query;
}

/** Months a client marked "Am terminat" since the last reopen and the firm has not closed, newest first. */
const doneBase = (db: Executor, companyId: number) =>
  db
    .selectFrom('client_periods as cp')
    .innerJoin('clients as c', 'c.id', 'cp.client_id')
    .where('cp.company_id', '=', companyId)
    .where('c.deleted_at', 'is', null)
    .where('cp.done_at', 'is not', null)
    .where('cp.closed_at', 'is', null)
    .where((eb) => eb.or([eb('cp.reopened_at', 'is', null), eb('cp.done_at', '>', eb.ref('cp.reopened_at'))]));

/** A document awaiting review, with what the inbox names: its category, client, checklist item, uploader. */
export interface QueueRow {
  id: number;
  original_name: string;
  mime: string;
  size: number | string;
  created_at: Date;
  period: string | null;
  category_id: number | null;
  category_name: string | null;
  client_id: number;
  client_name: string;
  item_id: number | null;
  requirement_name: string | null;
  uploaded_by_name: string | null;
}

/** A page of the firm's live client documents awaiting review (one client's, given one), newest first. */
export async function queuePage(
  db: Executor,
  q: { companyId: number; clientId: number | null; offset: number; limit: number },
): Promise<QueueRow[]> {
  return queueBase(db, q.companyId, q.clientId)
    .leftJoin('categories as k', 'k.id', 'm.category_id')
    .leftJoin('users as u', 'u.id', 'm.uploaded_by')
    .leftJoin('requirements as r', 'r.id', 'm.requirement_id')
    .leftJoin('checklist_items as ci', (join) =>
      join.onRef('ci.requirement_id', '=', 'm.requirement_id').onRef('ci.period', '=', 'm.period'),
    )
    .select([
      'm.id',
      'm.original_name',
      'm.mime',
      'm.size',
      'm.created_at',
      sql<string | null>`m.period::text`.as('period'),
      'm.category_id',
      'k.name as category_name',
      'c.id as client_id',
      'c.name as client_name',
      'ci.id as item_id',
      'r.name as requirement_name',
      'u.name as uploaded_by_name',
    ])
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .offset(q.offset)
    .limit(q.limit)
    .execute();
}

/** How many months marked "Am terminat" the inbox shows. */
const DONE_SHOWN = 50;

/** A month its client marked "Am terminat" and the firm has not closed. */
export interface DoneMonthRow {
  client_id: number;
  client_name: string;
  period: string;
  done_at: Date;
  done_by_name: string | null;
}

/** The months the firm's clients marked "Am terminat" that wait to be closed, newest first (DONE_SHOWN). */
export async function listDoneMonths(db: Executor, companyId: number): Promise<DoneMonthRow[]> {
  return doneBase(db, companyId)
    .leftJoin('users as u', 'u.id', 'cp.done_by')
    .select([
      'c.id as client_id',
      'c.name as client_name',
      sql<string>`cp.period::text`.as('period'),
      sql<Date>`cp.done_at`.as('done_at'),
      'u.name as done_by_name',
    ])
    .orderBy('cp.done_at', 'desc')
    .orderBy('c.id')
    .orderBy('cp.period')
    .limit(DONE_SHOWN)
    .execute();
}

/** The number awaiting review. */
export async function countQueue(db: Executor, companyId: number, clientId: number | null): Promise<number> {
  const row = await queueBase(db, companyId, clientId)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countDone(db: Executor, companyId: number): Promise<number> {
  const row = await doneBase(db, companyId)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A client's month: "Am terminat", close, reopen (the row is created on the first act). */
export async function upsertPeriod(
  db: Executor,
  ids: { companyId: number; clientId: number; period: string },
  change:
    | { done_at: Date; done_by: number | null; done_mailed_at?: Date }
    | { closed_at: Date; closed_by: number }
    | { closed_at: null; closed_by: null; reopened_at: Date; reopened_by: number },
): Promise<void> {
  await db
    .insertInto('client_periods')
    .values({ company_id: ids.companyId, client_id: ids.clientId, period: ids.period, ...change })
    .onConflict((oc) => oc.columns(['client_id', 'period']).doUpdateSet(change))
    .execute();
}

/** When the firm was e-mailed that the client finished `period` (null: never), the row locked. */
export async function doneMailedAt(db: Executor, clientId: number, period: string): Promise<Date | null> {
  const row = await db
    .selectFrom('client_periods')
    .select('done_mailed_at')
    .where('client_id', '=', clientId)
    .where('period', '=', period)
    .forUpdate()
    .executeTakeFirst();
  return row?.done_mailed_at ?? null;
}
