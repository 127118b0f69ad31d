import { countOf } from '../lib/plural';

export interface PaginationProps {
  page: number;
  perPage: number;
  total: number;
  onPage: (page: number) => void;
}

/** Page numbers around the current one, with gaps: 1 … 4 5 6 … 20. */
function pageWindow(page: number, pages: number): (number | 'gap')[] {
  const wanted = new Set([1, pages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push('gap');
    out.push(p);
  });
  return out;
}

export function Pagination({ page, perPage, total, onPage }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / Math.max(1, perPage)));
  if (total <= perPage && page <= 1) {
    return <div className="pagination muted">{countOf(total, 'rezultat', 'rezultate')}</div>;
  }
  const from = total === 0 ? 0 : (page - 1) * perPage + 1;
  const to = Math.min(total, page * perPage);
  return (
    <nav className="pagination" aria-label="Paginare">
      <span className="muted">
        {from}–{to} din {total}
      </span>
      <div className="pagination-pages">
        <button type="button" className="btn btn-ghost" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          ‹ Înapoi
        </button>
        {pageWindow(page, pages).map((p, i) =>
          p === 'gap' ? (
            <span key={`gap-${i}`} className="muted" aria-hidden="true">
              …
            </span>
          ) : (
            <button
              type="button"
              key={p}
              className={p === page ? 'btn btn-primary' : 'btn btn-ghost'}
              aria-current={p === page ? 'page' : undefined}
              aria-label={`Pagina ${p}`}
              onClick={() => onPage(p)}
            >
              {p}
            </button>
          ),
        )}
        <button type="button" className="btn btn-ghost" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Înainte ›
        </button>
      </div>
    </nav>
  );
}
