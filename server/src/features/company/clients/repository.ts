import { sql, type Transaction } from 'kysely';
import type { Db } from '../../../infra/db.js';
import type { Database } from '../../../db/schema.js';
import { foldedLike, likePattern } from '../schemas.js';

type Executor = Db | Transaction<Database>;

export type ClientSort = 'name' | 'created_at' | 'last_upload';

export interface ClientListQuery {
  companyId: number;
  offset: number;
  limit: number;
  /** Already folded (lower case, no Romanian diacritics). */
  search: string;
  /** A holding id, 0 for clients outside any holding, undefined for all. */
  holdingId?: number;
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
}

function filtered(db: Executor, q: Pick<ClientListQuery, 'companyId' | 'search' | 'holdingId'>) {
  let query = db.selectFrom('clients as c').where('c.company_id', '=', q.companyId).where('c.deleted_at', 'is', null);
  if (q.holdingId !== undefined) {
    const linked = sql<boolean>`exists (select 1 from company_holding ch where ch.company_id = c.company_id and ch.holding_id = c.holding_id)`;
    query =
      q.holdingId === 0
        ? query.where((eb) => eb.or([eb('c.holding_id', 'is', null), eb.not(linked)]))
        : query.where('c.holding_id', '=', q.holdingId).where(linked);
  }
  if (q.search) {
    const name = likePattern(q.search);
    const digits = q.search.replace(/^ro/, '').replace(/\s+/g, '');
    query = query.where((eb) =>
      eb.or([
        foldedLike('c.name', name),
        ...(/^[0-9]{2,}$/.test(digits) ? [sql<boolean>`c.cui like ${likePattern(digits)}`] : []),
      ]),
    );
  }
  return query;
}

/**
 * The number of clients matching the filter. Without a search it sums the trigger-kept counters
 * (client_counts: a few rows per company, whatever its size); a search counts the rows the trigram
 * index finds.
 */
async function countClients(db: Executor, q: ClientListQuery): Promise<number> {
  if (q.search) {
    const row = await filtered(db, q)
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }
  const linked = sql<boolean>`exists (select 1 from company_holding ch where ch.company_id = k.company_id and ch.holding_id = k.holding_id)`;
  let query = db.selectFrom('client_counts as k').where('k.company_id', '=', q.companyId);
  if (q.holdingId !== undefined) {
    query =
      q.holdingId === 0
        ? query.where((eb) => eb.or([eb('k.holding_id', '=', 0), eb.not(linked)]))
        : query.where('k.holding_id', '=', q.holdingId).where(linked);
  }
  const row = await query.select(sql<number>`coalesce(sum(k.live), 0)::int`.as('total')).executeTakeFirstOrThrow();
  return Number(row.total);
}

/** One page of the company's live clients and the total matching the filter. */
export async function listClients(db: Executor, q: ClientListQuery): Promise<{ rows: ClientListRow[]; total: number }> {
  const total = await countClients(db, q);
  const dir = q.direction === 'desc' ? sql`desc` : sql`asc`;
  let query = filtered(db, q)
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
    ]);
  if (q.sort === 'name') query = query.orderBy(sql`lower(c.name) ${dir}`).orderBy(sql`c.id ${dir}`);
  else if (q.sort === 'created_at') query = query.orderBy(sql`c.created_at ${dir}`).orderBy(sql`c.id ${dir}`);
  else query = query.orderBy(sql`c.last_upload_at ${dir} nulls last`).orderBy(sql`c.id ${dir}`);
  const rows = await query.offset(q.offset).limit(q.limit).execute();
  return {
    rows: rows.map((r) => ({ ...r, documents_count: Number(r.documents_count) })),
    total,
  };
}

export interface ClientRow extends ClientListRow {
  notes: string | null;
}

/** A live client of the company, or undefined (also for another company's client). */
export async function findClient(db: Executor, companyId: number, clientId: number): Promise<ClientRow | undefined> {
  const row = await db
    .selectFrom('clients as c')
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
      'c.notes',
      'h.id as holding_id',
      'h.name as holding_name',
      'c.documents_count',
      'c.last_upload_at',
      'c.created_at',
    ])
    .where('c.company_id', '=', companyId)
    .where('c.id', '=', clientId)
    .where('c.deleted_at', 'is', null)
    .executeTakeFirst();
  return row ? { ...row, documents_count: Number(row.documents_count) } : undefined;
}

/** Whether a live client of the company has this CUI (compared on its digits, with or without RO). */
export async function clientCuiTaken(db: Executor, companyId: number, cuiDigits: string): Promise<boolean> {
  const row = await db
    .selectFrom('clients')
    .select('id')
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .where(sql<string>`regexp_replace(coalesce(cui, ''), '[^0-9]', '', 'g')`, '=', cuiDigits)
    .executeTakeFirst();
  return Boolean(row);
}

export async function insertClient(
  db: Executor,
  client: {
    company_id: number;
    holding_id: number | null;
    name: string;
    cui: string;
    email: string | null;
    phone: string | null;
    notes: string | null;
  },
): Promise<number> {
  const row = await db.insertInto('clients').values(client).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function findCompanyName(db: Executor, companyId: number): Promise<string> {
  const row = await db.selectFrom('companies').select('name').where('id', '=', companyId).executeTakeFirst();
  return row?.name ?? 'Dosar';
}
