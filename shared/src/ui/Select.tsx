import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';

export type SelectValue = string | number;

export interface SelectOption<V extends SelectValue = SelectValue> {
  value: V;
  label: string;
}

export interface SelectProps<V extends SelectValue = SelectValue> {
  options: SelectOption<V>[];
  value: V | null | undefined;
  onChange: (value: V) => void;
  placeholder?: string;
  inputId?: string;
  'aria-label'?: string;
  disabled?: boolean;
}

/** The fixed text every select shows when its search matches nothing. */
export const NO_OPTIONS_MESSAGE = 'Sorry, no matching options.';

const normalize = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * A searchable select (ARIA combobox with a listbox): type to filter, arrows to move,
 * Enter selects, Escape closes. No match shows 'Sorry, no matching options.'.
 */
export function Select<V extends SelectValue = SelectValue>({
  options,
  value,
  onChange,
  placeholder = 'Alege…',
  inputId,
  'aria-label': ariaLabel,
  disabled = false,
}: SelectProps<V>) {
  const autoId = useId();
  const id = inputId ?? `select-${autoId}`;
  const listId = `${id}-listbox`;
  const selected = options.find((o) => o.value === value) ?? null;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);

  const filtered = useMemo(() => {
    const q = normalize(query.trim());
    return q ? options.filter((o) => normalize(o.label).includes(q)) : options;
  }, [options, query]);

  useEffect(() => {
    if (active >= filtered.length) setActive(Math.max(0, filtered.length - 1));
  }, [filtered.length, active]);

  useEffect(() => {
    if (!open) return;
    const node = listRef.current?.querySelector<HTMLElement>(`[data-index="${active}"]`);
    node?.scrollIntoView?.({ block: 'nearest' });
  }, [active, open]);

  const openList = (): void => {
    if (disabled) return;
    setOpen(true);
    const index = selected ? filtered.findIndex((o) => o.value === selected.value) : 0;
    setActive(index >= 0 ? index : 0);
  };

  const close = (): void => {
    setOpen(false);
    setQuery('');
  };

  const choose = (option: SelectOption<V> | undefined): void => {
    if (!option) return;
    onChange(option.value);
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openList();
        else setActive((i) => Math.min(filtered.length - 1, i + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openList();
        else setActive((i) => Math.max(0, i - 1));
        break;
      case 'Home':
        if (open) {
          event.preventDefault();
          setActive(0);
        }
        break;
      case 'End':
        if (open) {
          event.preventDefault();
          setActive(Math.max(0, filtered.length - 1));
        }
        break;
      case 'Enter':
        // Enter selects the highlighted option and never submits the surrounding form.
        event.preventDefault();
        if (open) choose(filtered[active]);
        else openList();
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          close();
        }
        break;
      case 'Tab':
        close();
        break;
      default:
        break;
    }
  };

  const activeId = open && filtered[active] ? `${id}-option-${active}` : undefined;

  return (
    <div className={`select${open ? ' select-open' : ''}${disabled ? ' select-disabled' : ''}`}>
      <input
        id={id}
        type="text"
        role="combobox"
        className="select-input"
        aria-label={ariaLabel}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        autoComplete="off"
        disabled={disabled}
        placeholder={selected ? selected.label : placeholder}
        value={open ? query : (selected?.label ?? '')}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          if (!open) setOpen(true);
        }}
        onClick={() => (open ? undefined : openList())}
        onBlur={close}
        onKeyDown={onKeyDown}
      />
      <span className="select-caret" aria-hidden="true">
        ▾
      </span>
      {open ? (
        <ul id={listId} role="listbox" className="select-menu" ref={listRef} aria-label={ariaLabel}>
          {filtered.length === 0 ? (
            <li className="select-empty" role="presentation">
              {NO_OPTIONS_MESSAGE}
            </li>
          ) : (
            filtered.map((option, index) => (
              <li
                key={String(option.value)}
                id={`${id}-option-${index}`}
                data-index={index}
                role="option"
                aria-selected={selected?.value === option.value}
                className={`select-option${index === active ? ' select-option-active' : ''}${
                  selected?.value === option.value ? ' select-option-selected' : ''
                }`}
                // mousedown, not click: the input keeps focus and does not blur-close first.
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(option);
                }}
                onMouseEnter={() => setActive(index)}
              >
                {option.label}
              </li>
            ))
          )}
        </ul>
      ) : null}
    </div>
  );
}
