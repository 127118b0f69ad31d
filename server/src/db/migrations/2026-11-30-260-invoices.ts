import { type Kysely, sql } from 'kysely';

/**
 * e-Factura invoices (docs/PRODUCT.md, „e-Factura”): one row per filed copy of an invoice — a received copy
 * under its buyer client, an issued copy under its supplier client, each pointing at the document (media)
 * holding the XML — or one „De sortat” row (kind `unsorted`, no client, no document yet) when neither party
 * is a client of the firm. The parsed invoice is kept as JSON; the SPV zip, when it came in one, is kept
 * unchanged beside it (zip_storage_key). An invoice is the same invoice when its supplier CUI, number and
 * issue date are: the unique index lets each kind of copy exist once per firm.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table invoices (
      id serial primary key,
      company_id integer not null references companies(id),
      client_id integer references clients(id),
      media_id integer references media(id),
      kind text not null check (kind in ('received', 'issued', 'unsorted')),
      number text not null,
      type_code smallint not null,
      issue_date date not null,
      due_date date,
      currency text not null,
      supplier_cui text not null,
      supplier_name text,
      buyer_cui text,
      buyer_name text,
      total_without_vat numeric(18, 2) not null,
      total_vat numeric(18, 2) not null,
      total_payable numeric(18, 2) not null,
      signature_verified boolean,
      parsed jsonb not null,
      file_name text not null,
      xml_storage_key text not null,
      xml_size bigint not null,
      xml_sha256 text not null,
      zip_storage_key text,
      zip_size bigint,
      created_by integer references users(id),
      created_at timestamptz not null default now(),
      deleted_at timestamptz,
      constraint invoices_unsorted_has_no_client check ((kind = 'unsorted') = (client_id is null)),
      constraint invoices_filed_has_document check (kind = 'unsorted' or media_id is not null)
    )`.execute(db);
  await sql`create unique index invoices_dedupe on invoices (company_id, supplier_cui, number, issue_date, kind)
    where deleted_at is null`.execute(db);
  // What a search by CUI or number reads (exact values, per firm).
  await sql`create index invoices_supplier_cui on invoices (company_id, supplier_cui) where deleted_at is null`.execute(
    db,
  );
  await sql`create index invoices_buyer_cui on invoices (company_id, buyer_cui) where deleted_at is null`.execute(db);
  await sql`create index invoices_number on invoices (company_id, number) where deleted_at is null`.execute(db);
  await sql`create index invoices_media on invoices (media_id) where media_id is not null`.execute(db);
  await sql`create index invoices_client on invoices (client_id, issue_date) where client_id is not null`.execute(db);
  await sql`create index invoices_unsorted on invoices (company_id, created_at desc, id desc)
    where kind = 'unsorted' and deleted_at is null`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists invoices`.execute(db);
}
