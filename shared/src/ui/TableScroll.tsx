import type { ReactNode } from 'react';

export interface TableScrollProps {
  /** The id of the element that names the table (its caption). */
  labelledBy?: string;
  /** The table's name, when no element on the screen names it. */
  label?: string;
  /** The table. */
  children: ReactNode;
}

/**
 * The box a table scrolls sideways in when it is wider than the screen: its columns keep the width
 * of their longest word instead of being squeezed letter by letter. A named region the keyboard
 * reaches and scrolls with the arrow keys; a shade on an edge, drawn by the stylesheet from the
 * scroll position, shows that columns lie beyond it.
 */
export function TableScroll({ labelledBy, label, children }: TableScrollProps) {
  return (
    <div className="table-scroll">
      <div className="table-scroll-box" role="region" aria-labelledby={labelledBy} aria-label={label} tabIndex={0}>
        {children}
      </div>
    </div>
  );
}
