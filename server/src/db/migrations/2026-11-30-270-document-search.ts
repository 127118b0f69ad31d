import { type Kysely, sql } from 'kysely';

/**
 * Searching a firm's documents (`POST documents/search`, docs/PRODUCT.md „Căutarea documentelor”) at
 * 1,000,000 documents: each thing a search matches has an index that finds its rows without reading
 * the firm's others.
 *
 * - dosar_words(text): the text's words for a full-text index, as one IMMUTABLE SQL function, so a
 *   search and an index use the same expression: folded as dosar_fold folds (written out: an index is
 *   built with only pg_catalog on the search path, where dosar_fold is not), every run of characters
 *   other than a–z and 0–9 a word break. The search asks for the typed words as whole words (the last
 *   one, when a number, as a start: `fct & 0042:*`), which the index answers from the rarest one:
 *   trigrams (pg_trgm) read the long lists of the trigrams every invoice shares ("fct", "srl", "xml")
 *   and slowed down with the table (0.04 s a search at 200,000 documents).
 * - media_words: the file name's words.
 * - invoices.search_words: the invoice's number, both parties' names and CUIs, in one stored generated
 *   column with its GIN index: one index answers "number, name or CUI" instead of five.
 * - invoices_payable: the amount payable, for "1234,50".
 * Core PostgreSQL only (no extension), the same on PGlite.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function dosar_words(value text) returns tsvector
    language sql immutable parallel safe
    as $$ select to_tsvector('simple'::regconfig,
      regexp_replace(lower(translate(value, 'ăâîșşțţĂÂÎȘŞȚŢ', 'aaissttAAISSTT')), '[^a-z0-9]+', ' ', 'g')) $$`.execute(
    db,
  );
  await sql`create index media_words on media using gin (dosar_words(original_name)) with (fastupdate = off)`.execute(
    db,
  );
  await sql`
    alter table invoices add column search_words tsvector generated always as (
      dosar_words(
        number || ' ' || coalesce(supplier_name, '') || ' ' || coalesce(buyer_name, '') || ' ' ||
        supplier_cui || ' ' || coalesce(buyer_cui, '')
      )
    ) stored not null`.execute(db);
  await sql`create index invoices_search_words on invoices using gin (search_words) with (fastupdate = off)`.execute(
    db,
  );
  await sql`create index invoices_payable on invoices (total_payable) where media_id is not null and deleted_at is null`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists invoices_payable`.execute(db);
  await sql`drop index if exists invoices_search_words`.execute(db);
  await sql`alter table invoices drop column if exists search_words`.execute(db);
  await sql`drop index if exists media_words`.execute(db);
  await sql`drop function if exists dosar_words(text)`.execute(db);
}
