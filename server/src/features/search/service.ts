import type { AppContext } from '../../infra/context.js';
import { errors } from '../../infra/errors.js';
import { fieldMessages } from '../../infra/error-messages.js';
import { pagedList, paging, toIso } from '../../lib/paging.js';
import type { TenantScope } from '../doors/index.js';
import { COUNT_CAP, searchDocuments, type SearchRow } from './repository.js';
import { MIN_SEARCH_LENGTH, type SearchBody } from './schemas.js';
import { searchTerms } from './search-terms.js';

const dateOnly = (value: Date | string | null): string | null => {
  if (value === null) return null;
  if (typeof value === 'string') return value.slice(0, 10);
  // A DATE column comes back as local midnight from pg: read its calendar date, not its UTC instant.
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
};

function presentHit(row: SearchRow) {
  const received = row.invoice_kind === 'received';
  return {
    client: { id: row.client_id, name: row.client_name },
    document: {
      id: row.media_id,
      name: row.original_name,
      mime: row.mime,
      size: Number(row.size),
      created_at: toIso(row.created_at) ?? '',
    },
    period: row.period === null ? null : row.period.trim(),
    category:
      row.category_id !== null && row.category_name !== null ? { id: row.category_id, name: row.category_name } : null,
    invoice: row.invoice_kind
      ? {
          number: row.invoice_number,
          kind: row.invoice_kind,
          issue_date: dateOnly(row.issue_date),
          partner: received
            ? { name: row.supplier_name, cui: row.supplier_cui }
            : { name: row.buyer_name, cui: row.buyer_cui },
          amount: row.total_payable === null ? null : Number(row.total_payable).toFixed(2),
          currency: row.currency,
        }
      : null,
  };
}

/**
 * The tenant's documents a search finds — by file name, or, for an e-Factura, by its number, a party's
 * name (diacritics or not) or CUI (with or without „RO”), or the amount payable — newest first, paged.
 * The total stops at COUNT_CAP (`meta.capped`). See docs/PRODUCT.md, „Căutarea documentelor”.
 */
export async function searchTenantDocuments(ctx: Pick<AppContext, 'db'>, scope: TenantScope, body: SearchBody) {
  const q = body.q.trim();
  if (Array.from(q).length < MIN_SEARCH_LENGTH)
    throw errors.field('q', fieldMessages.search.tooShort(MIN_SEARCH_LENGTH));
  const p = paging({ page: body.page, per_page: body.per_page });
  const { rows, total: counted } = await searchDocuments(ctx.db, scope, searchTerms(q), {
    limit: p.perPage,
    offset: p.offset,
  });
  const capped = counted > COUNT_CAP;
  return pagedList(rows.map(presentHit), p, capped ? COUNT_CAP : counted, { capped });
}
