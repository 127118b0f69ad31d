export type Direction = 'asc' | 'desc';

export interface SortState<S extends string> {
  sort: S;
  direction: Direction;
}

interface SortHeaderProps<S extends string> {
  label: string;
  column: S;
  state: SortState<S>;
  onSort: (next: SortState<S>) => void;
  /** Direction on the first click (numbers and dates: newest/largest first). */
  firstDirection?: Direction;
}

/** A table header that sorts on the server: a button, with aria-sort on the cell. */
export function SortHeader<S extends string>({
  label,
  column,
  state,
  onSort,
  firstDirection = 'asc',
}: SortHeaderProps<S>) {
  const active = state.sort === column;
  const ariaSort = active ? (state.direction === 'asc' ? 'ascending' : 'descending') : 'none';
  const next: Direction = active ? (state.direction === 'asc' ? 'desc' : 'asc') : firstDirection;
  return (
    <th scope="col" aria-sort={ariaSort}>
      <button
        type="button"
        className="btn btn-ghost sort-button"
        onClick={() => onSort({ sort: column, direction: next })}
      >
        {label}
        <span aria-hidden="true">{active ? (state.direction === 'asc' ? ' ▲' : ' ▼') : ''}</span>
      </button>
    </th>
  );
}
