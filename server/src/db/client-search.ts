import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { fold, likePattern } from '../lib/search-text.js';
import { cuiDigits, planSearch, type ClientSample, type SearchPlan } from './client-search-plan.js';
import type { Database } from './schema.js';
import { clientNameLike } from './search.js';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Searching clients by name or CUI, one rule wherever a client is searched (the company's client list, the
 * month's grid, the holding's client list): the term, folded, is in the name, or its digits (`RO` and
 * spaces dropped) are in the CUI. What the trigram indexes look up is planned on the planner's own sample
 * of the clients (client-search-plan.ts), loaded per database handle in the background.
 */

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
 * load waits as long before the next try. Not in a transaction: its connection is the caller's. Call after
 * the list's own queries: on PGlite's single connection a load started first would hold them up.
 */
export function keepClientSampleFresh(db: Executor): void {
  const entry = samples.get(db);
  if (db.isTransaction || entry?.loading || (entry && Date.now() - entry.loadedAt < SAMPLE_MAX_AGE_MS)) return;
  refreshClientSample(db).catch(() => {});
}

/** How the indexes look up a folded term, on the sample loaded so far (never waiting for one). */
export const clientSearchPlan = (db: Executor, folded: string): SearchPlan =>
  planSearch(folded, samples.get(db)?.sample);

/**
 * Whether the search's plan is the trigram index whatever its term: the sample says few clients match, or
 * the index looks up a part of the term few sampled names hold. Such a search reads and sorts every match
 * anyway, so the page's query counts them too, and its statement is prepared like any other (its generic
 * plan reads the trigram index). A common term, or any term before the sample is loaded, is planned for
 * its term each time: walking the name order and stopping after a page may then pay, and the total is
 * counted apart.
 */
export const byTrigrams = (plan: SearchPlan | null) => plan !== null && (plan.fewMatches || plan.indexPart !== null);

/**
 * The clients named `alias` the folded term finds. The index looks up the part of the name or CUI the plan
 * names, and strpos, which no index takes, checks the whole term on the rows it finds.
 */
export function clientSearch(alias: string, folded: string, plan: SearchPlan | null): RawBuilder<boolean> {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  const name = plan?.indexPart
    ? sql<boolean>`(${clientNameLike(alias, likePattern(plan.indexPart))} and strpos(${column('name_folded')}, ${folded}) > 0)`
    : clientNameLike(alias, likePattern(folded));
  const digits = cuiDigits(folded);
  if (!digits) return name;
  const cui = plan?.cuiPart
    ? sql<boolean>`(${column('cui')} like ${likePattern(plan.cuiPart)} and strpos(${column('cui')}, ${digits}) > 0)`
    : sql<boolean>`${column('cui')} like ${likePattern(digits)}`;
  return sql<boolean>`(${name} or ${cui})`;
}
