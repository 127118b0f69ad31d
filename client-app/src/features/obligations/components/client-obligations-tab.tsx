import {
  DataTable,
  DownloadStatus,
  EmptyState,
  ErrorState,
  Spinner,
  downloadDocument,
  periodFromNow,
  useDownload,
  useRequest,
} from '@dosar/shared';
import { getClientObligations, type ObligationStatus } from '../api/client-obligations';

const STATUS: Record<ObligationStatus, { label: string; className: string }> = {
  due: { label: 'De depus', className: 'badge badge-warning' },
  late: { label: 'Întârziată', className: 'badge badge-danger' },
  filed: { label: 'Depusă', className: 'badge badge-success' },
};

/** '2026-12-28' → '28.12.2026'. */
const romanianDay = (day: string): string => {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : day;
};

/**
 * The client page's „Declarații” tab: what the accounting firm files for this client over the last six
 * months, with due dates and statuses, and each filed declaration's receipt to download. Read only: the
 * firm marks declarations filed.
 */
export function ClientObligationsTab({ clientUrl }: { clientUrl: string }) {
  const range = { from: periodFromNow(-6), to: periodFromNow(0) };
  const answer = useRequest(
    (signal) => getClientObligations(clientUrl, range, signal),
    [clientUrl, range.from, range.to],
  );
  const download = useDownload();

  if (answer.error && !answer.data)
    return <ErrorState message="Declarațiile nu au putut fi încărcate." onRetry={answer.reload} />;
  if (!answer.data) return <Spinner label="Se încarcă declarațiile…" />;
  if (answer.data.data.length === 0) {
    return answer.data.fiscal_profile === null ? (
      <EmptyState title="Calendarul declarațiilor nu este pregătit încă.">
        Firma de contabilitate nu a completat încă profilul fiscal al acestei firme.
      </EmptyState>
    ) : (
      <EmptyState title="Nicio declarație în ultimele luni." />
    );
  }
  const rows = [...answer.data.data].sort(
    (a, b) => b.due_date.localeCompare(a.due_date) || a.code.localeCompare(b.code),
  );
  return (
    <section className="card">
      <h2>Declarații</h2>
      <p className="muted">Declarațiile pe care firma de contabilitate le depune pentru tine, cu recipisele lor.</p>
      <DataTable
        caption="Declarațiile firmei"
        head={
          <>
            <th scope="col">Declarația</th>
            <th scope="col">Perioada</th>
            <th scope="col">Termen</th>
            <th scope="col">Stare</th>
            <th scope="col">Recipisa</th>
          </>
        }
      >
        {rows.map((o) => (
          <tr key={`${o.code}-${o.period}`}>
            <td>
              <strong>{o.code}</strong>
              <div className="muted">{o.name}</div>
            </td>
            <td>{o.period_label}</td>
            <td>{romanianDay(o.due_date)}</td>
            <td>
              <span className={STATUS[o.status].className}>{STATUS[o.status].label}</span>
            </td>
            <td>
              {o.receipt ? (
                <button
                  type="button"
                  className="btn btn-ghost"
                  aria-label={`Descarcă recipisa ${o.code}, ${o.period_label}`}
                  onClick={() => {
                    const receipt = o.receipt as { id: number; name: string };
                    void download.run(receipt.name, receipt.name, (options) =>
                      downloadDocument(clientUrl, receipt.id, options),
                    );
                  }}
                >
                  Descarcă
                </button>
              ) : (
                <span className="muted">—</span>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
      {download.progress ? <DownloadStatus progress={download.progress} onCancel={download.cancel} /> : null}
    </section>
  );
}
