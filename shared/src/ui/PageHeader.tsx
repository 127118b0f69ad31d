import type { ReactNode } from 'react';

export interface PageHeaderProps {
  /** The screen's h1. */
  title: ReactNode;
  /** The screen's main actions, beside the title ("Utilizator nou", "Exportă CSV"). */
  children?: ReactNode;
}

/** A screen's title row: the h1 and, beside it (below it on a phone), its main actions. */
export function PageHeader({ title, children }: PageHeaderProps) {
  return (
    <div className="page-header">
      <h1>{title}</h1>
      {children}
    </div>
  );
}
