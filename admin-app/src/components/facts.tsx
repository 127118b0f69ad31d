import type { CSSProperties, ReactNode } from 'react';

const listStyle: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: '6px 16px',
  margin: 0,
};
const valueStyle: CSSProperties = { margin: 0 };

/** A two-column list of labelled facts. */
export function Facts({ items }: { items: [label: string, value: ReactNode][] }) {
  return (
    <dl style={listStyle}>
      {items.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt className="muted">{label}</dt>
          <dd style={valueStyle}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
