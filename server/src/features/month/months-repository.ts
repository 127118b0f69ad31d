import { sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { compiledOnce } from '../../db/compiled.js';
import type { TenantScope } from '../doors/index.js';
import {
  documentsQuery,
  oneClient,
  owedQuery,
  periodRowsQuery,
  type CompanyRef,
  type ItemDocumentRow,
  type OwedRow,
  type PeriodRow,
} from './checklist-repository.js';
import { monthClientQuery, type Executor, type MonthClient } from './repository.js';

/**
 * A client's months as the checklist reads them: the requirements they owe, the documents filed in them
 * and their rows (done, closed), in one statement, with or without the client's own lookup.
 */

/** What a client's months show: the requirements they owe, the live documents filed in them, their rows. */
export interface MonthRows {
  owed: OwedRow[];
  /** Newest first; those of requirements the months do not owe are left for the caller to ignore. */
  documents: ItemDocumentRow[];
  periods: PeriodRow[];
}

const dateOf = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

/** The three parts of a client's months, each a JSON array, as the columns of one statement. */
function monthParts(db: Executor, client: { companyId: CompanyRef; clientId: number }, periods: string[]) {
  const documents = documentsQuery(db, client)
    .where('m.requirement_id', 'is not', null)
    .where('m.period', 'in', periods)
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc');
  return [
    sql<
      OwedRow[]
    >`(select coalesce(json_agg(o), '[]') from (${owedQuery(client.companyId, oneClient(client.clientId), periods)}) o)`.as(
      'owed',
    ),
    jsonArrayFrom(documents).as('documents'),
    jsonArrayFrom(periodRowsQuery(db, client.clientId, periods)).as('periods'),
  ] as const;
}

/** The parts as read: JSON has no dates, so times arrive as text. */
function monthRowsOf(row: {
  owed: OwedRow[];
  documents: (Omit<ItemDocumentRow, 'created_at' | 'reviewed_at'> & {
    created_at: Date | string;
    reviewed_at: Date | string | null;
  })[];
  periods: (Omit<PeriodRow, 'done_at' | 'closed_at'> & {
    done_at: Date | string | null;
    closed_at: Date | string | null;
  })[];
}): MonthRows {
  return {
    owed: row.owed,
    documents: row.documents.map((d) => ({
      ...d,
      created_at: new Date(d.created_at),
      reviewed_at: dateOf(d.reviewed_at),
    })),
    periods: row.periods.map((p) => ({ ...p, done_at: dateOf(p.done_at), closed_at: dateOf(p.closed_at) })),
  };
}

/**
 * The client's months in `periods`, in one statement (each part a JSON array) instead of three round
 * trips: the checklist's whole read once its client is known.
 */
export async function readMonthRows(
  db: Executor,
  client: { companyId: number; clientId: number },
  periods: string[],
): Promise<MonthRows> {
  if (periods.length === 0) return { owed: [], documents: [], periods: [] };
  return monthRowsOf(await db.selectNoFrom(monthParts(db, client, periods)).executeTakeFirstOrThrow());
}

/**
 * The statement of readClientMonth, built once per door (db/compiled.ts): a checklist request's whole
 * read. Built by Kysely on every call, building and compiling it took a fifth of the server's thread under
 * a load of checklists (a CPU profile: freeze, visitNode, the CTE's parsers).
 */
const clientMonthRead = compiledOnce(
  (db, p: { scopeId: number; clientId: number; period: string }, door: TenantScope['kind']) =>
    db
      .with('k', () => monthClientQuery(db, { kind: door, id: p.scopeId }, p.clientId))
      .selectFrom('k')
      .select([
        sql<MonthClient & { created_at: string }>`row_to_json(k)`.as('client'),
        ...monthParts(db, { companyId: sql<number>`k.company_id`, clientId: p.clientId }, [p.period]),
      ]),
);

/**
 * The client the scope may see (monthClientQuery) and its month `period`, in one statement: the month is
 * read only when the client is found, and answers for its own company. Undefined: no such client for
 * this scope.
 */
export async function readClientMonth(
  db: Executor,
  scope: Pick<TenantScope, 'kind' | 'id'>,
  clientId: number,
  period: string,
): Promise<{ client: MonthClient; months: MonthRows } | undefined> {
  const [row] = await clientMonthRead(db, { scopeId: scope.id, clientId, period }, scope.kind);
  if (!row) return undefined;
  return { client: { ...row.client, created_at: new Date(row.client.created_at) }, months: monthRowsOf(row) };
}
