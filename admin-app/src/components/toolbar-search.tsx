export interface ToolbarSearchProps {
  id: string;
  /** Read by screen readers only: the placeholder says it on screen. */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}

/** The admin lists' search box: it takes the toolbar's free width, beside the list's filters. */
export function ToolbarSearch({ id, label, placeholder, value, onChange }: ToolbarSearchProps) {
  return (
    <div className="grow">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        className="input"
        type="search"
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
