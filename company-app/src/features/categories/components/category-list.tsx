import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import type { Category } from '../api/list-categories';

interface CategoryListProps {
  categories: Category[];
  /** The whole list in its new order and the category that moved. */
  onReorder: (ordered: Category[], moved: Category) => void;
  /** Resolves with an error message, or undefined when saved. */
  onRename: (category: Category, name: string) => Promise<string | undefined>;
  onDelete: (category: Category) => void;
}

export function moveItem<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(next.length, to)), 0, item);
  return next;
}

/**
 * The ordered categories: drag a row to move it (HTML5 drag and drop) or use the
 * move up / move down buttons from the keyboard; rename inline; delete.
 */
export function CategoryList({ categories, onReorder, onRename, onDelete }: CategoryListProps) {
  const [dragIndex, setDragIndex] = useState<number | null>(null);
  const [overIndex, setOverIndex] = useState<number | null>(null);
  const [editingId, setEditingId] = useState<number | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement | null>());
  const pendingFocus = useRef<{ id: number; direction: 'up' | 'down' } | null>(null);

  // After a keyboard move, keep the focus on the moved row (on the other button at the ends).
  useEffect(() => {
    const wanted = pendingFocus.current;
    if (!wanted) return;
    pendingFocus.current = null;
    const same = buttons.current.get(`${wanted.id}-${wanted.direction}`);
    const other = buttons.current.get(`${wanted.id}-${wanted.direction === 'up' ? 'down' : 'up'}`);
    (same && !same.disabled ? same : other)?.focus();
  }, [categories]);

  const move = (index: number, direction: 'up' | 'down') => {
    const to = direction === 'up' ? index - 1 : index + 1;
    if (to < 0 || to >= categories.length) return;
    pendingFocus.current = { id: categories[index].id, direction };
    onReorder(moveItem(categories, index, to), categories[index]);
  };

  const onDrop = (event: DragEvent<HTMLLIElement>, index: number) => {
    event.preventDefault();
    const from = dragIndex;
    setDragIndex(null);
    setOverIndex(null);
    if (from === null || from === index) return;
    onReorder(moveItem(categories, from, index), categories[from]);
  };

  return (
    <ol className="card category-list" aria-label="Categorii, în ordinea afișării" style={listStyle}>
      {categories.map((category, index) => (
        <li
          key={category.id}
          draggable={editingId !== category.id}
          onDragStart={(e) => {
            setDragIndex(index);
            e.dataTransfer?.setData('text/plain', String(category.id));
            if (e.dataTransfer) e.dataTransfer.effectAllowed = 'move';
          }}
          onDragOver={(e) => {
            if (dragIndex === null) return;
            e.preventDefault();
            if (e.dataTransfer) e.dataTransfer.dropEffect = 'move';
            setOverIndex(index);
          }}
          onDrop={(e) => onDrop(e, index)}
          onDragEnd={() => {
            setDragIndex(null);
            setOverIndex(null);
          }}
          className="category-item"
          style={{
            ...itemStyle,
            opacity: dragIndex === index ? 0.5 : 1,
            borderTop:
              overIndex === index && dragIndex !== index ? '2px solid var(--c-primary, #1d4ed8)' : itemStyle.borderTop,
          }}
          data-testid={`category-${category.id}`}
        >
          <span aria-hidden="true" title="Trage pentru a muta" style={{ cursor: 'grab', padding: '0 6px' }}>
            ⠿
          </span>
          <span className="muted" style={{ minWidth: '2ch' }}>
            {index + 1}.
          </span>
          {editingId === category.id ? (
            <RenameForm
              category={category}
              onCancel={() => setEditingId(null)}
              onSave={async (name) => {
                const error = await onRename(category, name);
                if (!error) setEditingId(null);
                return error;
              }}
            />
          ) : (
            <>
              <span className="category-name">{category.name}</span>
              <button
                type="button"
                className="btn btn-ghost"
                ref={(el) => buttons.current.set(`${category.id}-up`, el)}
                disabled={index === 0}
                aria-label={`Mută „${category.name}” în sus`}
                onClick={() => move(index, 'up')}
              >
                ↑
              </button>
              <button
                type="button"
                className="btn btn-ghost"
                ref={(el) => buttons.current.set(`${category.id}-down`, el)}
                disabled={index === categories.length - 1}
                aria-label={`Mută „${category.name}” în jos`}
                onClick={() => move(index, 'down')}
              >
                ↓
              </button>
              <button
                type="button"
                className="btn btn-ghost"
                aria-label={`Redenumește „${category.name}”`}
                onClick={() => setEditingId(category.id)}
              >
                Redenumește
              </button>
              <button
                type="button"
                className="btn btn-danger"
                aria-label={`Șterge „${category.name}”`}
                onClick={() => onDelete(category)}
              >
                Șterge
              </button>
            </>
          )}
        </li>
      ))}
    </ol>
  );
}

interface RenameFormProps {
  category: Category;
  onSave: (name: string) => Promise<string | undefined>;
  onCancel: () => void;
}

function RenameForm({ category, onSave, onCancel }: RenameFormProps) {
  const [name, setName] = useState(category.name);
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const inputId = `category-rename-${category.id}`;

  const save = async () => {
    const trimmed = name.trim();
    if (!trimmed) {
      setError('Numele nu poate fi gol.');
      return;
    }
    if (trimmed === category.name) {
      onCancel();
      return;
    }
    setPending(true);
    const problem = await onSave(trimmed);
    setPending(false);
    setError(problem);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    }
  };

  return (
    <div style={{ flex: 1, display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
      <label htmlFor={inputId} className="sr-only">
        {`Numele nou pentru „${category.name}”`}
      </label>
      <input
        id={inputId}
        className="input"
        style={{ flex: 1, minWidth: 180 }}
        value={name}
        maxLength={120}
        autoFocus
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        onChange={(e) => {
          setName(e.target.value);
          setError(undefined);
        }}
        onKeyDown={onKeyDown}
      />
      <button type="button" className="btn btn-primary" disabled={pending} onClick={() => void save()}>
        Salvează
      </button>
      <button type="button" className="btn btn-ghost" onClick={onCancel}>
        Renunță
      </button>
      {error && (
        <p id={`${inputId}-error`} className="field-error" role="alert" style={{ width: '100%' }}>
          {error}
        </p>
      )}
    </div>
  );
}

const listStyle = { listStyle: 'none', padding: 0, margin: 0 } as const;
const itemStyle = {
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: 8,
  padding: '8px 12px',
  borderTop: '1px solid var(--c-border, #e2e8f0)',
} as const;
