import type { ReactNode } from 'react';

export interface EmptyStateProps {
  title: string;
  children?: ReactNode;
}

export function EmptyState({ title, children }: EmptyStateProps) {
  return (
    <div className="empty-state">
      <div className="empty-state-icon" aria-hidden="true">
        ◌
      </div>
      <p className="empty-state-title">{title}</p>
      {children ? <div className="muted">{children}</div> : null}
    </div>
  );
}
