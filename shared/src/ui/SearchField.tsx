import { useId, type ReactNode } from 'react';

export interface SearchFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** The input's id; one is made up when absent. */
  id?: string;
  /** The list's other filters, beside the search box in the same toolbar. */
  children?: ReactNode;
}

/** A list's search box: a labelled search input in a toolbar that assistive technology announces as search. */
export function SearchField({ label, value, onChange, placeholder, id, children }: SearchFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className="toolbar" role="search">
      <div className="field">
        <label htmlFor={inputId}>{label}</label>
        <input
          id={inputId}
          type="search"
          className="input"
          placeholder={placeholder}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
      {children}
    </div>
  );
}
