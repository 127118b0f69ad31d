import type { ReactNode } from 'react';
import type { Paged } from '../types';
import { DataTable, Pager, type DataTableProps } from './DataTable';
import { ListStates, type ListStatesProps } from './ListStates';

type PagedAnswer = { data: unknown[]; meta?: Paged<unknown>['meta'] };

export type ListTableProps<D extends PagedAnswer> = Omit<ListStatesProps<D>, 'children'> &
  Omit<DataTableProps, 'children' | 'footer' | 'after'> & {
    /** One item's <tr>. */
    row: (item: D['data'][number]) => ReactNode;
    /** Shows the pager, fed by the answer's meta. */
    onPage?: (page: number) => void;
    /** The pager inside the table's wrapper; otherwise after it. */
    pagerInside?: boolean;
    /**
     * The table is its own card ("card table-wrap"): aria-busy while a newer page loads over
     * the rows shown, and the pager inside the card.
     */
    card?: boolean;
  };

/** A paged list screen's body: ListStates around a DataTable with its Pager. */
export function ListTable<D extends PagedAnswer>({
  list,
  errorText,
  serverError,
  keepRowsOnError,
  loadingLabel,
  empty,
  row,
  onPage,
  card = false,
  pagerInside = card,
  ...table
}: ListTableProps<D>) {
  if (card) {
    table.className ??= 'card table-wrap';
    table.busy ??= list.loading;
  }
  return (
    <ListStates
      list={list}
      errorText={errorText}
      serverError={serverError}
      keepRowsOnError={keepRowsOnError}
      loadingLabel={loadingLabel}
      empty={empty}
    >
      {(rows, data) => {
        const pager = onPage ? <Pager meta={data.meta} onPage={onPage} /> : undefined;
        return (
          <DataTable {...table} footer={pagerInside ? pager : undefined} after={pagerInside ? undefined : pager}>
            {rows.map((item) => row(item))}
          </DataTable>
        );
      }}
    </ListStates>
  );
}
