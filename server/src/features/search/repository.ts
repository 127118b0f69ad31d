import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../infra/db.js';
import { documentVisibleTo, type Tenant } from '../access/index.js';

/** What a search looks for, already cut into words (search-terms.ts). */
export interface SearchTerms {
  /** A tsquery of the typed words (`fct & 0042:*`); null when nothing typed is a word. */
  query: string | null;
  /** The amount the search names ("1234.50"), matched against the amount payable; null when none. */
  amount: string | null;
}

export interface SearchRow {
  media_id: number;
  original_name: string;
  mime: string;
  size: string | number;
  created_at: Date | string;
  period: string | null;
  client_id: number;
  client_name: string;
  category_id: number | null;
  category_name: string | null;
  invoice_number: string | null;
  invoice_kind: 'received' | 'issued' | null;
  issue_date: Date | string | null;
  supplier_name: string | null;
  supplier_cui: string | null;
  buyer_name: string | null;
  buyer_cui: string | null;
  total_payable: string | null;
  currency: string | null;
}

/** A count that stops here: a broad search ("srl") must not count a million documents to say "many". */
export const COUNT_CAP = 1000;

/**
 * The documents the terms find, each once, with the tenant's rule applied in each branch: by the words
 * of the document's name (media_words), or by the invoice filed as it — number, parties' names and CUIs
 * (invoices.search_words), amount payable (invoices_payable). The rule sits in each branch so the few
 * rows an index finds are checked one by one; applied after a join of all of them, the planner walked
 * every document of the firm instead (0.54 s at 200,000 documents). The second branch leaves out what
 * the first found, so the two add up without a sort to drop duplicates (UNION ALL).
 */
function found(tenant: Tenant, terms: SearchTerms): RawBuilder<unknown> {
  const company = tenant.kind === 'company' ? sql`and m.company_id = ${tenant.id}` : sql``;
  const invoiceCompany = tenant.kind === 'company' ? sql`and i.company_id = ${tenant.id}` : sql``;
  const query = sql`to_tsquery('simple', ${terms.query ?? ''})`;
  const byName = terms.query ? sql`dosar_words(m.original_name) @@ ${query}` : sql`false`;
  const invoiceTerms = terms.query ? [sql`i.search_words @@ ${query}`] : [];
  if (terms.amount) invoiceTerms.push(sql`i.total_payable in (${terms.amount}::numeric, -${terms.amount}::numeric)`);
  if (invoiceTerms.length === 0) invoiceTerms.push(sql`false`);
  return sql`
    select m.id, m.created_at from media m
    where ${byName} and m.client_id is not null ${company} and ${documentVisibleTo(tenant, 'm')}
    union all
    select m.id, m.created_at from invoices i join media m on m.id = i.media_id
    where (${sql.join(invoiceTerms, sql` or `)}) and i.media_id is not null and i.deleted_at is null ${invoiceCompany}
      and not (${byName}) ${company} and ${documentVisibleTo(tenant, 'm')}`;
}

/**
 * One page of the documents found, newest first, and how many there are up to COUNT_CAP + 1 (more reads
 * as "over the cap"): one statement, so the indexes are read once for both. `total` rides on every row;
 * a page past the end is the one row of the count with no document (media_id null).
 */
export async function searchDocuments(
  db: Executor,
  tenant: Tenant,
  terms: SearchTerms,
  page: { limit: number; offset: number },
): Promise<{ rows: SearchRow[]; total: number }> {
  const result = await sql<SearchRow & { total: string | number }>`
    with found as materialized (${found(tenant, terms)}),
    counted as (select count(*) as total from (select 1 from found limit ${COUNT_CAP + 1}) capped),
    page as (select id from found order by created_at desc, id desc limit ${page.limit} offset ${page.offset})
    select counted.total, m.id as media_id, m.original_name, m.mime, m.size, m.created_at, m.period,
           c.id as client_id, c.name as client_name, m.category_id, cat.name as category_name,
           i.number as invoice_number, i.kind as invoice_kind, i.issue_date,
           i.supplier_name, i.supplier_cui, i.buyer_name, i.buyer_cui, i.total_payable::text as total_payable, i.currency
    from counted
    left join page p on true
    left join media m on m.id = p.id
    left join clients c on c.id = m.client_id
    left join categories cat on cat.id = m.category_id
    left join lateral (
      select * from invoices iv where iv.media_id = m.id and iv.deleted_at is null order by iv.id limit 1
    ) i on true
    order by m.created_at desc, m.id desc`.execute(db);
  const total = Number(result.rows[0]?.total ?? 0);
  return { rows: result.rows.filter((row) => row.media_id !== null), total };
}
