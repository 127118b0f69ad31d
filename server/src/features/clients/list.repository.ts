import { sql } from 'kysely';
import { foldedLike } from '../../db/search.js';
import { fold, likePattern } from '../../lib/search-text.js';
import type { Executor } from './repository.js';
import { cuiDigits, planSearch, type ClientSample, type SearchPlan } from './search-plan.js';

/**
 * The company's client list (the `clients` call): a page of its live clients with their holding,
 * searched by name or CUI through the trigram indexes, the total from the trigger-kept counters.
 */

export type ClientSort = 'name' | 'created_at' | 'last_upload';

export interface ClientListQuery {
  companyId: number;
  offset: number;
  limit: number;
  /** Already folded (lower case, no Romanian diacritics). */
  search: string;
  /** A holding id, 0 for clients outside any holding, undefined for all. */
  holdingId?: number;
  /** The archived clients instead of the live ones. */
  archived?: boolean;
  sort: ClientSort;
  direction: 'asc' | 'desc';
}

export interface ClientListRow {
  id: number;
  company_id: number;
  name: string;
  cui: string | null;
  email: string | null;
  phone: string | null;
  holding_id: number | null;
  holding_name: string | null;
  documents_count: number;
  last_upload_at: Date | null;
  created_at: Date;
  archived_at: Date | null;
}

function filtered(
  db: Executor,
  q: Pick<ClientListQuery, 'companyId' | 'search' | 'holdingId' | 'archived'>,
  plan: SearchPlan | null,
) {
  let query = db
    .selectFrom('clients as c')
    .where('c.company_id', '=', q.companyId)
    .where('c.deleted_at', q.archived ? 'is not' : 'is', null);
  if (q.holdingId !== undefined) {
    const linked = sql<boolean>`exists (select 1 from company_holding ch where ch.company_id = c.company_id and ch.holding_id = c.holding_id)`;
    query =
      q.holdingId === 0
        ? query.where((eb) => eb.or([eb('c.holding_id', 'is', null), eb.not(linked)]))
        : query.where('c.holding_id', '=', q.holdingId).where(linked);
  }
  if (q.search) {
    const digits = cuiDigits(q.search);
    query = query.where((eb) => {
      // The index looks up one word; strpos, which no index takes, checks the whole term on the rows it finds.
      const name = plan?.indexWord
        ? eb.and([
            foldedLike('c.name', likePattern(plan.indexWord)),
            sql<boolean>`strpos(dosar_fold(c.name), ${q.search}) > 0`,
          ])
        : foldedLike('c.name', likePattern(q.search));
      return eb.or([name, ...(digits ? [sql<boolean>`c.cui like ${likePattern(digits)}`] : [])]);
    });
  }
  return query;
}

/**
 * The number of clients matching the filter. Without a search it sums the trigger-kept counters
 * (client_counts: a few rows per company, whatever its size); a search, or the archived clients
 * (which the counters leave out), counts the rows.
 */
async function countClients(db: Executor, q: ClientListQuery, plan: SearchPlan | null): Promise<number> {
  if (q.search || q.archived) {
    const row = await filtered(db, q, plan)
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }
  const row = await fromCounters(db, q).executeTakeFirstOrThrow();
  return Number(row.total);
}

/** The live clients matching the holding filter, summed from client_counts (no search, not archived). */
function fromCounters(db: Executor, q: ClientListQuery) {
  const linked = sql<boolean>`exists (select 1 from company_holding ch where ch.company_id = k.company_id and ch.holding_id = k.holding_id)`;
  let query = db.selectFrom('client_counts as k').where('k.company_id', '=', q.companyId);
  if (q.holdingId !== undefined) {
    query =
      q.holdingId === 0
        ? query.where((eb) => eb.or([eb('k.holding_id', '=', 0), eb.not(linked)]))
        : query.where('k.holding_id', '=', q.holdingId).where(linked);
  }
  return query.select(sql<number>`coalesce(sum(k.live), 0)::int`.as('total'));
}

const SAMPLE_MAX_AGE_MS = 10 * 60 * 1000;

/** The client sample per database handle: the last one loaded, when, and whether a load is under way. */
const samples = new WeakMap<Executor, { sample?: ClientSample; loadedAt: number; loading: boolean }>();

/** The sample pg_stats keeps of clients.name and clients.cui; undefined when the table was never analyzed. */
async function loadClientSample(db: Executor): Promise<ClientSample | undefined> {
  const { rows } = await sql<{ attname: string; mcv: string[] | null; hist: string[] | null }>`
    select attname, most_common_vals::text::text[] as mcv, histogram_bounds::text::text[] as hist
    from pg_stats where schemaname = current_schema() and tablename = 'clients' and attname in ('name', 'cui')`.execute(
    db,
  );
  const values = (column: string) =>
    rows.filter((r) => r.attname === column).flatMap((r) => [...(r.mcv ?? []), ...(r.hist ?? [])]);
  const names = values('name').map(fold);
  return names.length ? { names, cuis: values('cui') } : undefined;
}

/** Loads the client sample of this handle now (a search only ever starts it in the background). */
export async function refreshClientSample(db: Executor): Promise<void> {
  const entry = samples.get(db) ?? { loadedAt: 0, loading: false };
  samples.set(db, entry);
  entry.loading = true;
  try {
    entry.sample = await loadClientSample(db);
  } finally {
    entry.loading = false;
    entry.loadedAt = Date.now();
  }
}

/**
 * Starts loading the sample when the handle has none yet or it is older than SAMPLE_MAX_AGE_MS; a failed
 * load waits as long before the next try. Not in a transaction: its connection is the caller's.
 */
function refreshStaleSample(db: Executor): void {
  const entry = samples.get(db);
  if (db.isTransaction || entry?.loading || (entry && Date.now() - entry.loadedAt < SAMPLE_MAX_AGE_MS)) return;
  refreshClientSample(db).catch(() => {});
}

/**
 * One page of the company's live clients and the total matching the filter. A search is planned on the
 * client sample as loaded so far (search-plan.ts); it never waits for one, and without one it runs as it
 * always did.
 */
export async function listClients(db: Executor, q: ClientListQuery): Promise<{ rows: ClientListRow[]; total: number }> {
  const plan = q.search ? planSearch(q.search, samples.get(db)?.sample) : null;
  try {
    return await listPage(db, q, plan);
  } finally {
    // After the search's own queries: on PGlite's single connection a load started first would hold them up.
    refreshStaleSample(db);
  }
}

/**
 * A page and its total. Without a search the page carries the counters' sum (one statement). When few
 * clients match a search, the page query counts them too (count(*) over ()), so the
 * index is read once; a page past the end has no row to carry the total, so the count runs on its own.
 * Many matches (e.g. "srl") keep the separate count: the page then walks clients_company_name and stops
 * after one page, which a window over every match would not.
 */
async function listPage(
  db: Executor,
  q: ClientListQuery,
  plan: SearchPlan | null,
): Promise<{ rows: ClientListRow[]; total: number }> {
  const counted = plan?.fewMatches === true;
  const fromCounterSum = !q.search && !q.archived;
  const total = counted || fromCounterSum ? null : await countClients(db, q, plan);
  const dir = q.direction === 'desc' ? sql`desc` : sql`asc`;
  let query = filtered(db, q, plan)
    // The holding only while it is linked to the company: an unlink (from either side) keeps
    // clients.holding_id, so relinking brings the client back, but meanwhile it is outside any holding.
    .leftJoin('company_holding as ch', (join) =>
      join.onRef('ch.company_id', '=', 'c.company_id').onRef('ch.holding_id', '=', 'c.holding_id'),
    )
    .leftJoin('holdings as h', (join) => join.onRef('h.id', '=', 'ch.holding_id').on('h.deleted_at', 'is', null))
    .select([
      'c.id',
      'c.company_id',
      'c.name',
      'c.cui',
      'c.email',
      'c.phone',
      'h.id as holding_id',
      'h.name as holding_name',
      'c.documents_count',
      'c.last_upload_at',
      'c.created_at',
      'c.deleted_at as archived_at',
    ])
    .$if(counted, (qb) => qb.select(sql<number>`(count(*) over ())::int`.as('total')))
    .$if(fromCounterSum, (qb) => qb.select(fromCounters(db, q).as('total')));
  if (q.sort === 'name') query = query.orderBy(sql`lower(c.name) ${dir}`).orderBy(sql`c.id ${dir}`);
  else if (q.sort === 'created_at') query = query.orderBy(sql`c.created_at ${dir}`).orderBy(sql`c.id ${dir}`);
  else query = query.orderBy(sql`c.last_upload_at ${dir} nulls last`).orderBy(sql`c.id ${dir}`);
  const page = await query.offset(q.offset).limit(q.limit).execute();
  const rows = page.map(({ total: _total, ...r }) => ({ ...r, documents_count: Number(r.documents_count) }));
  if (total !== null) return { rows, total };
  if (page.length || q.offset === 0) return { rows, total: Number(page[0]?.total ?? 0) };
  return { rows, total: await countClients(db, q, plan) };
}
