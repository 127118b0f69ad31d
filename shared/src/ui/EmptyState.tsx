import type { ReactNode } from 'react';

export interface EmptyStateProps {
  title: string;
  /** What to do about it (add the first one, change the filter…). */
  children?: ReactNode;
}

/** An empty list says so and what to do; its picture (CSS) is an empty tray, never a spinner look-alike. */
export function EmptyState({ title, children }: EmptyStateProps) {
  return (
    <div className="empty-state">
      <span className="empty-state-icon" aria-hidden="true" />
      <p className="empty-state-title">{title}</p>
      {children ? <div className="muted">{children}</div> : null}
    </div>
  );
}
