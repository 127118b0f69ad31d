import { sql, type Insertable } from 'kysely';
import { clientSearch } from '../../db/client-search.js';
import type { FiscalProfile } from '../../db/schema-obligations.js';
import type { ObligationFilingsTable } from '../../db/schema-obligations.js';
import type { Executor } from '../../infra/db.js';
import { fold } from '../../lib/search-text.js';
import { clientVisibleTo, type Tenant } from '../access/index.js';
import type { Rule } from './calendar.js';

/**
 * The declaration calendar's reads and writes: the dated rules, the clients' fiscal profiles, the
 * filings with their receipts. Every query of a tenant's rows names its company (and client); the firm's
 * grid takes its clients through the access feature's clientVisibleTo.
 */

const day = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

/** Every row of the rules table (a few dozen): the calendar picks the rows in force per period. */
export async function listRules(db: Executor): Promise<Rule[]> {
  return db
    .selectFrom('obligation_rules as r')
    .select([
      'r.code',
      'r.name',
      'r.profile_key',
      'r.profile_value',
      'r.frequency',
      'r.due_rule',
      'r.due_day',
      'r.due_month',
      day('r.valid_from').as('valid_from'),
      sql<string | null>`case when r.valid_to is null then null else to_char(r.valid_to, 'YYYY-MM-DD') end`.as(
        'valid_to',
      ),
      'r.note',
    ])
    .orderBy('r.code')
    .orderBy('r.valid_from')
    .execute();
}

/** The client's fiscal profile (null until the firm fills it in). */
export async function fiscalProfileOf(
  db: Executor,
  ids: { companyId: number; clientId: number },
): Promise<FiscalProfile | null> {
  const row = await db
    .selectFrom('clients')
    .select('fiscal_profile')
    .where('id', '=', ids.clientId)
    .where('company_id', '=', ids.companyId)
    .executeTakeFirst();
  return row?.fiscal_profile ?? null;
}

export interface FiscalClient {
  id: number;
  name: string;
  cui: string | null;
  fiscal_profile: FiscalProfile | null;
}

/** A page of the firm's live clients by name (searched as the client list is), with their profiles. */
export async function firmClientsPage(
  db: Executor,
  tenant: Tenant,
  page: { offset: number; limit: number; search: string },
): Promise<{ rows: FiscalClient[]; total: number }> {
  let query = db.selectFrom('clients as c').where(clientVisibleTo(tenant, 'c'));
  if (page.search) query = query.where(clientSearch('c', fold(page.search)));
  const [rows, count] = await Promise.all([
    query
      .select(['c.id', 'c.name', 'c.cui', 'c.fiscal_profile'])
      .orderBy('c.name_folded')
      .orderBy('c.id')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export interface FilingRow {
  client_id: number;
  code: string;
  period: string;
  filed_at: Date;
  filed_by: string | null;
  media_id: number | null;
  /** The receipt's name while the document is live (a trashed receipt is no longer shown). */
  receipt_name: string | null;
}

/** The live filings of the company's clients `clientIds` for the months `from`–`to`. */
export async function listFilings(
  db: Executor,
  q: { companyId: number; clientIds: number[]; from: string; to: string },
): Promise<FilingRow[]> {
  if (q.clientIds.length === 0) return [];
  return db
    .selectFrom('obligation_filings as f')
    .leftJoin('users as u', 'u.id', 'f.filed_by')
    .leftJoin('media as m', (join) =>
      join.onRef('m.id', '=', 'f.media_id').onRef('m.client_id', '=', 'f.client_id').on('m.deleted_at', 'is', null),
    )
    .select([
      'f.client_id',
      'f.code',
      'f.period',
      'f.filed_at',
      'u.name as filed_by',
      'm.id as media_id',
      'm.original_name as receipt_name',
    ])
    .where('f.company_id', '=', q.companyId)
    .where('f.client_id', 'in', q.clientIds)
    .where('f.period', '>=', q.from)
    .where('f.period', '<=', q.to)
    .where('f.deleted_at', 'is', null)
    .execute();
}

/** Records a filing; false when the declaration is already filed (the live filing is unique). */
export async function insertFiling(db: Executor, row: Insertable<ObligationFilingsTable>): Promise<boolean> {
  const inserted = await db
    .insertInto('obligation_filings')
    .values(row)
    .onConflict((oc) => oc.columns(['client_id', 'code', 'period']).where('deleted_at', 'is', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  return Boolean(inserted);
}

/** Undoes the live filing (a soft delete); answers its receipt's document id, or undefined when none was live. */
export async function deleteFiling(
  db: Executor,
  q: { companyId: number; clientId: number; code: string; period: string; by: number },
): Promise<{ media_id: number | null } | undefined> {
  return db
    .updateTable('obligation_filings')
    .set({ deleted_at: new Date(), deleted_by: q.by })
    .where('company_id', '=', q.companyId)
    .where('client_id', '=', q.clientId)
    .where('code', '=', q.code)
    .where('period', '=', q.period)
    .where('deleted_at', 'is', null)
    .returning('media_id')
    .executeTakeFirst();
}
