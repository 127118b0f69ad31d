import { useId, type ReactNode } from 'react';
import type { Paged } from '../types';
import { Pagination } from './Pagination';
import { TableScroll } from './TableScroll';

/** The header cell of a row's buttons: no visible text, a name for screen readers. */
export function ActionsHeader() {
  return (
    <th scope="col">
      <span className="sr-only">Acțiuni</span>
    </th>
  );
}

export interface PagerProps {
  /** The answer's meta; nothing is shown before there is one. */
  meta: Paged<unknown>['meta'] | undefined;
  onPage: (page: number) => void;
}

/** Pagination fed by a paged answer's meta. */
export function Pager({ meta, onPage }: PagerProps) {
  return meta ? <Pagination page={meta.page} perPage={meta.per_page} total={meta.total} onPage={onPage} /> : null;
}

export interface DataTableProps {
  /** The header cells (th), in one row. */
  head: ReactNode;
  /** The body rows (tr). */
  children: ReactNode;
  /** Names the table and the box it scrolls in. */
  caption?: ReactNode;
  /** The caption's class: by default only screen readers read it. */
  captionClassName?: string;
  /** The wrapper's class: "table-wrap", or "card table-wrap" when the table is its own card. */
  className?: string;
  /** aria-busy on the wrapper while a newer page loads over the rows shown. */
  busy?: boolean;
  /** Below the table, inside the wrapper (e.g. a Pager, when the table is its own card). */
  footer?: ReactNode;
  /** After the wrapper, outside it (e.g. a Pager under a table that sits in a card of the page). */
  after?: ReactNode;
}

/** A list's table: scrolls sideways inside its wrapper (TableScroll) when wider than the screen; header row, rows, optional caption and footer. */
export function DataTable({
  head,
  children,
  caption,
  captionClassName = 'sr-only',
  className = 'table-wrap',
  busy,
  footer,
  after,
}: DataTableProps) {
  const captionId = useId();
  const table = (
    <div className={className} aria-busy={busy}>
      <TableScroll labelledBy={caption === undefined ? undefined : captionId}>
        <table className="table">
          {caption !== undefined && (
            <caption id={captionId} className={captionClassName}>
              {caption}
            </caption>
          )}
          <thead>
            <tr>{head}</tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </TableScroll>
      {footer}
    </div>
  );
  return after === undefined ? (
    table
  ) : (
    <>
      {table}
      {after}
    </>
  );
}
