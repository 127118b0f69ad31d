import { EmptyState } from '@dosar/shared';

/** Admin area home (placeholder until the companies feature lands). */
export function CompaniesPage() {
  return (
    <div className="page">
      <div className="page-header">
        <h1>Companii</h1>
      </div>
      <div className="card">
        <EmptyState title="Lista companiilor va apărea aici">
          Aici vei vedea companiile de contabilitate înregistrate pe platformă.
        </EmptyState>
      </div>
    </div>
  );
}
