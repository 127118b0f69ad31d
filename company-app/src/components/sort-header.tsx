import type { SortDirection } from '../lib/company-api';

export interface SortState {
  sort: string;
  direction: SortDirection;
}

interface SortHeaderProps {
  label: string;
  field: string;
  state: SortState;
  onChange: (next: SortState) => void;
}

/** A column header that sorts on the server; a second press flips the direction. */
export function SortHeader({ label, field, state, onChange }: SortHeaderProps) {
  const active = state.sort === field;
  const ariaSort = active ? (state.direction === 'asc' ? 'ascending' : 'descending') : 'none';
  const next: SortState = {
    sort: field,
    direction: active && state.direction === 'asc' ? 'desc' : 'asc',
  };
  return (
    <th scope="col" aria-sort={ariaSort}>
      <button type="button" className="btn-ghost sort-button" onClick={() => onChange(next)}>
        {label}
        <span aria-hidden="true">{active ? (state.direction === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
      </button>
    </th>
  );
}
