import { sql, type RawBuilder } from 'kysely';
import type { Frequency, ReviewStatus } from '../../db/schema-month.js';
import type { Executor } from '../../infra/db.js';

/**
 * The checklist's reads and writes: which requirements a month owes, their items and statuses, the
 * documents answering them, the month's row (done, closed) and the "not applicable" marks.
 */

export type ItemStatus = 'missing' | 'uploaded' | 'accepted' | 'rejected' | 'not_applicable';

/** A requirement owed in a month, with its item (if created) and status. */
export interface OwedRow {
  client_id: number;
  period: string;
  requirement_id: number;
  name: string;
  details: string | null;
  frequency: Frequency;
  category_id: number | null;
  category_name: string | null;
  position: number;
  item_id: number | null;
  not_applicable_note: string | null;
  status: ItemStatus;
}

/** The months as an array of char(7), as the tables keep them, one parameter each. */
const monthsArray = (periods: string[]) => sql`array[${sql.join(periods.map((p) => sql`cast(${p} as char(7))`))}]`;

/** Whether requirement `r` is owed in month `p` (docs/PRODUCT.md, "The month": frequency and its months). */
const OWED = sql<boolean>`r.starts_period <= p.period and (r.ends_period is null or p.period < r.ends_period)
  and (r.frequency = 'monthly'
    or (r.frequency = 'quarterly' and right(p.period, 2) in ('03', '06', '09', '12'))
    or (r.frequency = 'yearly' and right(p.period, 2) = '12'))`;

/**
 * The status of requirement `r` in month `p` from its item `ci` and the live documents answering it
 * (`m`: pending / accepted flags and their number): the SQL twin of statusOf in checklist-status.ts.
 */
const STATUS = sql<ItemStatus>`case
  when ci.not_applicable_at is not null then 'not_applicable'
  when m.pending then 'uploaded'
  when m.accepted then 'accepted'
  when m.n > 0 then 'rejected'
  else 'missing' end`;

/**
 * What STATUS reads of the live documents of requirement `r` in month `p`: whether one awaits review, one
 * was accepted, how many.
 */
const MEDIA_SUMMARY = sql`left join lateral (
    select bool_or(x.review_status = 'pending') as pending, bool_or(x.review_status = 'accepted') as accepted,
      count(*)::int as n
    from media x where x.requirement_id = r.id and x.period = p.period and x.deleted_at is null) m on true`;

/** Every requirement owed by the company's clients matching `clients` (a condition on `r`) in `periods`, as a query. */
export function owedQuery(companyId: number, clients: RawBuilder<boolean>, periods: string[]) {
  return sql<OwedRow>`
    select r.client_id, p.period::text as period, r.id as requirement_id, r.name, r.details, r.frequency,
      r.category_id, cat.name as category_name, r.position, ci.id as item_id, ci.not_applicable_note, ${STATUS} as status
    from requirements r
    cross join unnest(${monthsArray(periods)}) as p(period)
    left join checklist_items ci on ci.requirement_id = r.id and ci.period = p.period
    left join categories cat on cat.id = r.category_id
    ${MEDIA_SUMMARY}
    where r.company_id = ${companyId} and ${clients} and ${OWED}
    order by r.client_id, p.period, r.position, r.id`;
}

/** Every requirement owed by the company's clients matching `clients` (a condition on `r`) in `periods`. */
export async function listOwed(
  db: Executor,
  companyId: number,
  clients: RawBuilder<boolean>,
  periods: string[],
): Promise<OwedRow[]> {
  if (periods.length === 0) return [];
  const { rows } = await owedQuery(companyId, clients, periods).execute(db);
  return rows;
}

export const oneClient = (clientId: number) => sql<boolean>`r.client_id = ${clientId}`;

/**
 * Creates the missing items of the client's owed requirements in `periods` (parallel first reads both
 * insert; the unique (requirement_id, period) keeps one row, the other does nothing).
 */
export async function insertMissingItems(
  db: Executor,
  client: { companyId: number; clientId: number },
  periods: string[],
): Promise<void> {
  await sql`
    insert into checklist_items (company_id, client_id, requirement_id, period)
    select r.company_id, r.client_id, r.id, p.period
    from requirements r cross join unnest(${monthsArray(periods)}) as p(period)
    where r.company_id = ${client.companyId} and r.client_id = ${client.clientId} and ${OWED}
      and not exists (select 1 from checklist_items ci where ci.requirement_id = r.id and ci.period = p.period)
    on conflict (requirement_id, period) do nothing`.execute(db);
}

/** A live document of the client's month as the checklist shows it: under the item it answers, else as an extra. */
export interface ItemDocumentRow {
  id: number;
  /** The requirement it answers; null for a document outside the checklist. */
  requirement_id: number | null;
  period: string;
  original_name: string;
  mime: string;
  size: number | string;
  created_at: Date;
  uploader_name: string | null;
  review_status: ReviewStatus;
  review_reason: string | null;
  reviewed_at: Date | null;
  reviewer_name: string | null;
}

function documentsQuery(db: Executor, client: { companyId: number; clientId: number }) {
  return db
    .selectFrom('media as m')
    .leftJoin('users as u', 'u.id', 'm.uploaded_by')
    .leftJoin('users as v', 'v.id', 'm.reviewed_by')
    .select([
      'm.id',
      sql<number | null>`m.requirement_id`.as('requirement_id'),
      sql<string>`m.period::text`.as('period'),
      'm.original_name',
      'm.mime',
      'm.size',
      'm.created_at',
      'u.name as uploader_name',
      'm.review_status',
      'm.review_reason',
      'm.reviewed_at',
      'v.name as reviewer_name',
    ])
    .where('m.company_id', '=', client.companyId)
    .where('m.client_id', '=', client.clientId)
    .where('m.deleted_at', 'is', null);
}

/** One live document of the client as the checklist shows it. */
export async function findItemDocument(
  db: Executor,
  client: { companyId: number; clientId: number },
  mediaId: number,
): Promise<ItemDocumentRow | undefined> {
  return documentsQuery(db, client).where('m.id', '=', mediaId).executeTakeFirst();
}

/** A client's month acted on as a whole. */
export interface PeriodRow {
  period: string;
  done_at: Date | null;
  done_by_name: string | null;
  closed_at: Date | null;
}

export async function listPeriodRows(db: Executor, clientId: number, periods: string[]): Promise<PeriodRow[]> {
  if (periods.length === 0) return [];
  return db
    .selectFrom('client_periods as cp')
    .leftJoin('users as u', 'u.id', 'cp.done_by')
    .select([sql<string>`cp.period::text`.as('period'), 'cp.done_at', 'u.name as done_by_name', 'cp.closed_at'])
    .where('cp.client_id', '=', clientId)
    .where('cp.period', 'in', periods)
    .execute();
}

/**
 * The client's months in `periods`: the requirements they owe, the live documents filed in them (newest
 * first; those answering none of the months' items are the caller's extras), their rows.
 */
export async function readMonthRows(db: Executor, client: { companyId: number; clientId: number }, periods: string[]) {
  const owed = await listOwed(db, client.companyId, oneClient(client.clientId), periods);
  if (periods.length === 0) return { owed, documents: [] as ItemDocumentRow[], periods: [] as PeriodRow[] };
  const documents = await documentsQuery(db, client)
    .where('m.period', 'in', periods)
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .execute();
  return { owed, documents, periods: await listPeriodRows(db, client.clientId, periods) };
}

/** The closed months among `periods` of the client, in order. */
export async function closedPeriods(db: Executor, clientId: number, periods: string[]): Promise<string[]> {
  if (periods.length === 0) return [];
  const rows = await db
    .selectFrom('client_periods')
    .select(sql<string>`period::text`.as('period'))
    .where('client_id', '=', clientId)
    .where('period', 'in', periods)
    .where('closed_at', 'is not', null)
    .orderBy('period')
    .execute();
  return rows.map((r) => r.period);
}

/** An item of the client (any requirement, live or not), with its requirement's category and name. */
export async function findItem(
  db: Executor,
  client: { companyId: number; clientId: number },
  itemId: number,
): Promise<
  { id: number; requirement_id: number; period: string; category_id: number | null; name: string } | undefined
> {
  return db
    .selectFrom('checklist_items as ci')
    .innerJoin('requirements as r', 'r.id', 'ci.requirement_id')
    .select(['ci.id', 'ci.requirement_id', sql<string>`ci.period::text`.as('period'), 'r.category_id', 'r.name'])
    .where('ci.id', '=', itemId)
    .where('ci.company_id', '=', client.companyId)
    .where('ci.client_id', '=', client.clientId)
    .executeTakeFirst();
}

/** The live documents answering the item that await review, locked, oldest first. */
export async function lockPendingItemDocuments(
  db: Executor,
  client: { companyId: number; clientId: number },
  item: { requirement_id: number; period: string },
): Promise<{ id: number; client_id: number; period: string | null; original_name: string }[]> {
  return db
    .selectFrom('media')
    .select([
      'id',
      sql<number>`client_id`.as('client_id'),
      sql<string | null>`period::text`.as('period'),
      'original_name',
    ])
    .where('company_id', '=', client.companyId)
    .where('client_id', '=', client.clientId)
    .where('requirement_id', '=', item.requirement_id)
    .where('period', '=', item.period)
    .where('deleted_at', 'is', null)
    .where('review_status', '=', 'pending')
    .orderBy('id')
    .forUpdate()
    .execute();
}

export async function setNotApplicable(
  db: Executor,
  itemId: number,
  mark: { by: number; note: string } | null,
): Promise<void> {
  await db
    .updateTable('checklist_items')
    .set(
      mark
        ? { not_applicable_at: new Date(), not_applicable_by: mark.by, not_applicable_note: mark.note }
        : { not_applicable_at: null, not_applicable_by: null, not_applicable_note: null },
    )
    .where('id', '=', itemId)
    .execute();
}

/** The first requirement (by position) of the client with `categoryId` owed in `period`; null when none. */
export async function matchRequirement(
  db: Executor,
  client: { companyId: number; clientId: number },
  categoryId: number | null,
  period: string | null,
): Promise<number | null> {
  if (categoryId === null || period === null) return null;
  const { rows } = await sql<{ id: number }>`
    select r.id from requirements r cross join (select cast(${period} as char(7)) as period) p
    where r.company_id = ${client.companyId} and r.client_id = ${client.clientId} and r.category_id = ${categoryId}
      and ${OWED}
    order by r.position, r.id limit 1`.execute(db);
  return rows[0]?.id ?? null;
}

/** The first month the client owes anything (its oldest requirement's start), or null. */
export async function firstOwedPeriod(db: Executor, clientId: number): Promise<string | null> {
  const row = await db
    .selectFrom('requirements')
    .select(sql<string | null>`min(starts_period)::text`.as('first'))
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return row?.first ?? null;
}
