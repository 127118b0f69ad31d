import { sql, type Insertable } from 'kysely';
import type { InvoicesTable } from '../../db/schema-invoices.js';
import type { Executor } from '../../infra/db.js';

/** The firm's live clients that have a CUI, by its digits: what an invoice's parties are matched with. */
export async function clientsByCui(
  db: Executor,
  companyId: number,
): Promise<Map<string, { id: number; name: string; holding_id: number | null }>> {
  const rows = await db
    .selectFrom('clients')
    .select(['id', 'name', 'holding_id', 'cui'])
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .where('cui', 'is not', null)
    .orderBy('id')
    .execute();
  const map = new Map<string, { id: number; name: string; holding_id: number | null }>();
  for (const row of rows) {
    const digits = (row.cui ?? '').replace(/[^0-9]/g, '');
    if (digits && !map.has(digits)) map.set(digits, { id: row.id, name: row.name, holding_id: row.holding_id });
  }
  return map;
}

export interface InvoiceKey {
  supplier_cui: string;
  number: string;
  issue_date: string;
}

export interface ExistingInvoice extends InvoiceKey {
  id: number;
  /** Its document went to the trash (or was purged): the invoice may come in again. */
  gone: boolean;
}

/** The firm's live invoice rows with one of `keys` (supplier CUI, number, issue date). */
export async function existingInvoices(
  db: Executor,
  companyId: number,
  keys: InvoiceKey[],
): Promise<ExistingInvoice[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .selectFrom('invoices as i')
    .leftJoin('media as m', 'm.id', 'i.media_id')
    .select([
      'i.id',
      'i.supplier_cui',
      'i.number',
      sql<string>`to_char(i.issue_date, 'YYYY-MM-DD')`.as('issue_date'),
      sql<boolean>`(i.media_id is not null and m.deleted_at is not null)`.as('gone'),
    ])
    .where('i.company_id', '=', companyId)
    .where('i.deleted_at', 'is', null)
    .where('i.supplier_cui', 'in', [...new Set(keys.map((k) => k.supplier_cui))])
    .where('i.number', 'in', [...new Set(keys.map((k) => k.number))])
    .execute();
  return rows;
}

/** Ends invoice rows whose document left (so the same invoice can be filed again). */
export async function endInvoices(db: Executor, companyId: number, ids: number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('invoices')
    .set({ deleted_at: now })
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
}

export type NewInvoice = Insertable<InvoicesTable>;

export async function insertInvoices(db: Executor, rows: NewInvoice[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db.insertInto('invoices').values(rows).returning('id').execute();
  return inserted.map((r) => r.id);
}

/** One invoice row, unless the same copy is already there (unique invoices_dedupe): a parallel upload. */
export async function insertInvoiceIfNew(db: Executor, row: Insertable<InvoicesTable>): Promise<void> {
  await db
    .insertInto('invoices')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

const unsortedColumns = [
  'id',
  'file_name',
  'number',
  'type_code',
  sql<string>`to_char(issue_date, 'YYYY-MM-DD')`.as('issue_date'),
  'currency',
  'supplier_cui',
  'supplier_name',
  'buyer_cui',
  'buyer_name',
  'total_payable',
  'signature_verified',
  'created_at',
] as const;

const unsortedQuery = (db: Executor, companyId: number) =>
  db
    .selectFrom('invoices')
    .where('company_id', '=', companyId)
    .where('kind', '=', 'unsorted')
    .where('deleted_at', 'is', null);

/** „De sortat”: a page, newest first, and how many there are. */
export async function listUnsorted(db: Executor, companyId: number, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    unsortedQuery(db, companyId)
      .select(unsortedColumns)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    unsortedQuery(db, companyId)
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.n };
}

export type UnsortedRow = Awaited<ReturnType<typeof listUnsorted>>['rows'][number];

/** One „De sortat” row, locked for its filing, with what filing it needs. */
export async function lockUnsorted(db: Executor, companyId: number, id: number) {
  return unsortedQuery(db, companyId)
    .where('id', '=', id)
    .select([
      'id',
      'file_name',
      'number',
      'supplier_cui',
      'buyer_cui',
      'xml_storage_key',
      'xml_size',
      'xml_sha256',
      sql<string>`to_char(issue_date, 'YYYY-MM-DD')`.as('issue_date'),
    ])
    .forUpdate()
    .executeTakeFirst();
}

/** Files a „De sortat” row: its client, its kind, its document. */
export async function fileUnsorted(
  db: Executor,
  id: number,
  filing: { client_id: number; kind: 'received' | 'issued'; media_id: number },
): Promise<void> {
  await db.updateTable('invoices').set(filing).where('id', '=', id).where('kind', '=', 'unsorted').execute();
}

/** The invoice of a client's live document, or undefined. */
export async function invoiceOfMedia(db: Executor, ids: { companyId: number; clientId: number; mediaId: number }) {
  return db
    .selectFrom('invoices as i')
    .innerJoin('media as m', 'm.id', 'i.media_id')
    .select(['i.id', 'i.media_id', 'i.client_id', 'i.kind', 'i.parsed', 'i.signature_verified', 'i.file_name'])
    .where('i.company_id', '=', ids.companyId)
    .where('i.client_id', '=', ids.clientId)
    .where('i.media_id', '=', ids.mediaId)
    .where('i.deleted_at', 'is', null)
    .where('m.deleted_at', 'is', null)
    .executeTakeFirst();
}
