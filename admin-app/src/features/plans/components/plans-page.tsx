import { useState } from 'react';
import {
  ActionsHeader,
  DataTable,
  EmptyState,
  ErrorState,
  PageHeader,
  RowAction,
  Spinner,
  formatBytes,
  formatRon,
} from '@dosar/shared';
import { usePlans, type Plan } from '../api/list-plans';
import { PlanFormDialog } from './plan-form-dialog';

const AUDIENCES = [
  { audience: 'company' as const, title: 'Planuri pentru companii de contabilitate' },
  { audience: 'holding' as const, title: 'Planuri pentru holdinguri' },
];

const unlimited = (value: number | null, format: (n: number) => string = String) =>
  value === null ? 'nelimitat' : format(value);

/** /admin/plans: the plan catalogue (price and limits) the subscription screens offer. */
export function PlansPage() {
  const { data, error, loading, reload, setData } = usePlans();
  const [editing, setEditing] = useState<{ plan: Plan | null; audience: 'company' | 'holding' } | null>(null);

  const saved = (plan: Plan) => {
    setData((plans = []) =>
      plans.some((p) => p.id === plan.id) ? plans.map((p) => (p.id === plan.id ? plan : p)) : [...plans, plan],
    );
    setEditing(null);
  };

  if (loading && !data) return <Spinner />;
  return (
    <div className="page">
      <PageHeader title="Planuri" />
      {error || !data ? (
        <ErrorState message="Planurile nu au putut fi încărcate." onRetry={reload} />
      ) : (
        AUDIENCES.map(({ audience, title }) => {
          const plans = data
            .filter((p) => p.audience === audience)
            .sort((a, b) => a.position - b.position || a.id - b.id);
          return (
            <section key={audience} className="card" aria-label={title}>
              <div className="page-header">
                <h2>{title}</h2>
                <button type="button" className="btn" onClick={() => setEditing({ plan: null, audience })}>
                  Plan nou
                </button>
              </div>
              {plans.length === 0 ? (
                <EmptyState title="Niciun plan">Adaugă unul cu „Plan nou”.</EmptyState>
              ) : (
                <DataTable
                  caption={`${title}: ${plans.length}`}
                  head={
                    <>
                      <th scope="col">Plan</th>
                      <th scope="col">Preț / lună</th>
                      <th scope="col">Clienți</th>
                      <th scope="col">Utilizatori</th>
                      <th scope="col">Stocare</th>
                      <th scope="col">Stare</th>
                      <ActionsHeader />
                    </>
                  }
                >
                  {plans.map((p) => (
                    <tr key={p.id}>
                      <td>
                        {p.name} {p.is_trial && <span className="badge badge-warning">probă</span>}
                      </td>
                      <td>{formatRon(p.price_ron)}</td>
                      <td>{unlimited(p.max_clients)}</td>
                      <td>{unlimited(p.max_users)}</td>
                      <td>{unlimited(p.max_storage_bytes, formatBytes)}</td>
                      <td>
                        {p.active ? (
                          <span className="badge badge-success">Activ</span>
                        ) : (
                          <span className="badge badge-muted">Inactiv</span>
                        )}
                      </td>
                      <td>
                        <RowAction
                          action="Editează"
                          target={p.name}
                          onClick={() => setEditing({ plan: p, audience })}
                        />
                      </td>
                    </tr>
                  ))}
                </DataTable>
              )}
            </section>
          );
        })
      )}
      {editing && (
        <PlanFormDialog
          plan={editing.plan}
          audience={editing.audience}
          onClose={() => setEditing(null)}
          onSaved={saved}
        />
      )}
    </div>
  );
}
