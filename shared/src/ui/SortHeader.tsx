import type { SortDirection } from '../lib/list-query';

export interface SortState<S extends string = string> {
  sort: S;
  direction: SortDirection;
}

export interface SortHeaderProps<S extends string = string> {
  label: string;
  column: S;
  state: SortState<S>;
  onSort: (next: SortState<S>) => void;
  /** Direction on the first press (numbers and dates: newest/largest first). */
  firstDirection?: SortDirection;
}

/** A column header that sorts on the server: a button, with aria-sort on the cell; a second press flips the direction. */
export function SortHeader<S extends string = string>({
  label,
  column,
  state,
  onSort,
  firstDirection = 'asc',
}: SortHeaderProps<S>) {
  const active = state.sort === column;
  const ariaSort = active ? (state.direction === 'asc' ? 'ascending' : 'descending') : 'none';
  const next: SortDirection = active ? (state.direction === 'asc' ? 'desc' : 'asc') : firstDirection;
  return (
    <th scope="col" aria-sort={ariaSort}>
      <button
        type="button"
        className="btn btn-ghost sort-button"
        onClick={() => onSort({ sort: column, direction: next })}
      >
        {label}
        <span aria-hidden="true">{active ? (state.direction === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
      </button>
    </th>
  );
}
