import { sql } from 'kysely';
import { compiledOnce } from '../../db/compiled.js';
import { arrayText, isoTimeText, jsonText, namedText, objectText } from '../../db/json.js';
import { plannedEachTime } from '../../db/plans.js';
import type { ReviewStatus } from '../../db/schema-month.js';
import type { Executor } from './repository.js';

/** Review writes and reads: the firm's live client documents, their review, the queue, who hears of it. */

/** A live document of one of the firm's clients, locked for its review. */
export interface ReviewTarget {
  id: number;
  client_id: number;
  period: string | null;
  original_name: string;
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

/** Live people with a verified address: a holding's (roles 4, 5) or a company's (roles 2, 3). */
export async function mailableUsers(
  db: Executor,
  tenant: { holdingId: number } | { companyId: number },
): Promise<{ name: string; email: string }[]> {
  let query = db
    .selectFrom('users')
    .select(['name', 'email'])
    .where('deleted_at', 'is', null)
    .where('email_verified_at', 'is not', null);
  query =
    'holdingId' in tenant
      ? query.where('holding_id', '=', tenant.holdingId).where('role', 'in', [4, 5])
      : query.where('company_id', '=', tenant.companyId).where('role', 'in', [2, 3]);
  return query.orderBy('id').execute();
}

function queueBase(db: Executor, companyId: number, clientId: number | null) {
  let query = db
    .selectFrom('media as m')
    .innerJoin('clients as c', 'c.id', 'm.client_id')
    .where('m.company_id', '=', companyId)
    // A literal, not a parameter: a generic plan can use the partial index only when its predicate shows.
    .where('m.review_status', '=', sql.lit('pending'))
    .where('m.deleted_at', 'is', null)
    .where('m.client_id', 'is not', null)
    .where('c.deleted_at', 'is', null)
    // A document's client is its company's (always so): said here, the planner reads the company's clients
    // only, not every client of every firm (a firm of 50 clients: 3.4 → 0.3 ms for the count).
    .where('c.company_id', '=', companyId);
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

/** The review inbox's page as the answer shows it: rows and done months as JSON arrays, and the total. */
export interface QueuePage {
  data: string;
  /** Null on a page past the end (no row carried it). */
  total: number | null;
  done: string;
}

/** What decides the text of the inbox's statement: one client or all, and the page size. */
type QueueShape = `${'one' | 'all'}|${number}`;

/** How many months marked "Am terminat" the inbox shows. */
const DONE_SHOWN = 50;

/**
 * The review inbox in one statement, written as JSON by the database (db/json.ts) and built once per shape
 * (db/compiled.ts):
 * - a page of the firm's live client documents awaiting review, newest first (index media_review_queue).
 *   The page is chosen first and only its rows are then named (category, uploader, checklist row): naming
 *   every awaiting document before the sort took 0.9 of the statement's 1.0 ms for a firm with 123
 *   awaiting (EXPLAIN ANALYZE). The total is the window count of the same scan, which the sort reads whole;
 * - the months its clients marked "Am terminat" that wait to be closed, newest first.
 * As two statements of parsed rows, serialised again by the server, the inbox took 1.3 ms of PGlite's
 * thread and 0.6 ms of the server's per call under the mixed load's inbox alone.
 */
const queueStatement = compiledOnce(
  (db, v: { companyId: number; clientId: number; offset: number }, shape: QueueShape) => {
    const [clients, limit] = shape.split('|');
    const page = queueBase(db, v.companyId, clients === 'one' ? v.clientId : null)
      .select([
        'm.id',
        'm.original_name',
        'm.mime',
        'm.size',
        'm.created_at',
        'm.period',
        'm.category_id',
        'm.uploaded_by',
        'm.requirement_id',
        'c.id as client_id',
        'c.name as client_name',
        sql<number>`count(*) over ()`.as('total'),
      ])
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .offset(v.offset)
      .limit(sql.lit(Number(limit)));
    const done = doneBase(db, v.companyId)
      .leftJoin('users as u', 'u.id', 'cp.done_by')
      .select(['c.id as client_id', 'c.name as client_name', 'cp.period', 'cp.done_at', 'u.name as done_by_name'])
      .orderBy('cp.done_at', 'desc')
      .orderBy('c.id')
      .orderBy('cp.period')
      .limit(sql.lit(DONE_SHOWN));
    const row = objectText({
      id: sql`p.id`,
      name: jsonText(sql`p.original_name`),
      mime: jsonText(sql`p.mime`),
      size: sql`p.size`,
      created_at: isoTimeText('p.created_at'),
      period: jsonText(sql`p.period::text`),
      category: namedText(sql`p.category_id`, sql`k.name`),
      client: objectText({ id: sql`p.client_id`, name: jsonText(sql`p.client_name`) }),
      item: namedText(sql`ci.id`, sql`r.name`),
      uploaded_by_name: jsonText(sql`u.name`),
    });
    const doneRow = objectText({
      client: objectText({ id: sql`d.client_id`, name: jsonText(sql`d.client_name`) }),
      period: jsonText(sql`d.period::text`),
      done_at: isoTimeText('d.done_at'),
      done_by_name: jsonText(sql`d.done_by_name`),
    });
    const statement = sql<{ data: string; total: number | null; done: string }>`
      with p as (${page}), d as (${done})
      select (
        select ${arrayText(row, sql`p.created_at desc, p.id desc`)}
        from p
        left join categories k on k.id = p.category_id
        left join users u on u.id = p.uploaded_by
        left join requirements r on r.id = p.requirement_id
        left join checklist_items ci on ci.requirement_id = p.requirement_id and ci.period = p.period
      ) as data,
      (select max(p.total)::int from p) as total,
      (select ${arrayText(doneRow, sql`d.done_at desc, d.client_id, d.period`)} from d) as done`;
    return { compile: () => statement.compile(db) };
  },
);

/** The review inbox's page, the total awaiting and the months marked done (queueStatement). */
export async function queuePage(
  db: Executor,
  q: { companyId: number; clientId: number | null; offset: number; limit: number },
): Promise<QueuePage> {
  const shape: QueueShape = `${q.clientId === null ? 'all' : 'one'}|${q.limit}`;
  const [row] = await queueStatement(
    db,
    { companyId: q.companyId, clientId: q.clientId ?? 0, offset: q.offset },
    shape,
  );
  return { data: row.data, total: row.total === null ? null : Number(row.total), done: row.done };
}

/**
 * The number awaiting review. Planned for its company each time: a generic plan prices a company at the
 * average and then walks all its documents (media_company) instead of only those awaiting review
 * (media_review_queue), twice as slow for a large firm.
 */
export async function countQueue(db: Executor, companyId: number, clientId: number | null): Promise<number> {
  const row = await queueBase(db, companyId, clientId)
    .modifyFront(plannedEachTime(true))
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
    | { done_at: Date; done_by: number }
    | { closed_at: Date; closed_by: number }
    | { closed_at: null; closed_by: null; reopened_at: Date; reopened_by: number },
): Promise<void> {
  await db
    .insertInto('client_periods')
    .values({ company_id: ids.companyId, client_id: ids.clientId, period: ids.period, ...change })
    .onConflict((oc) => oc.columns(['client_id', 'period']).doUpdateSet(change))
    .execute();
}
