import { useState } from 'react';
import { errorMessage } from '../lib/errors';
import { formatDate } from '../lib/format';
import { formatPeriod } from '../lib/months';
import { useRequest } from '../lib/use-request';
import { EmptyState } from '../ui/EmptyState';
import { ErrorState } from '../ui/ErrorState';
import { Spinner } from '../ui/Spinner';
import { TableScroll } from '../ui/TableScroll';
import { toast } from '../ui/toast';
import { getTrash, restoreDocument, type TrashedDocument } from './api/trash';

export interface TrashPanelProps {
  clientUrl: string;
  /** After a restore: the document list reloads. */
  onRestored: () => void;
}

/**
 * „Coș de gunoi”: the client's deleted documents (who deleted them, when, until when they can come
 * back) with „Restaurează”. The company's owner sees all; a holding's administrator its side's.
 */
export function TrashPanel({ clientUrl, onRestored }: TrashPanelProps) {
  const trash = useRequest((signal) => getTrash(clientUrl, signal), [clientUrl]);
  const [busy, setBusy] = useState<number | null>(null);

  const restore = async (doc: TrashedDocument) => {
    setBusy(doc.id);
    try {
      const result = await restoreDocument(clientUrl, doc.id);
      void toast.success(result?.message ?? 'Documentul a fost restaurat.');
      const current = trash.data;
      if (current) trash.setData({ ...current, data: current.data.filter((d) => d.id !== doc.id) });
      onRestored();
    } catch {
      // The shared HTTP client already showed the server's message (410 once purged, 402 without room).
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="card" aria-labelledby="trash-title" aria-busy={trash.loading}>
      <h2 id="trash-title">Coș de gunoi</h2>
      {trash.error && !trash.data ? (
        <ErrorState
          message={errorMessage(trash.error, 'Coșul de gunoi nu a putut fi încărcat.')}
          onRetry={trash.reload}
        />
      ) : !trash.data ? (
        <Spinner label="Se încarcă coșul de gunoi…" />
      ) : trash.data.data.length === 0 ? (
        <EmptyState title="Coșul de gunoi este gol">
          {`Documentele șterse stau aici ${trash.data.retention_days} de zile, apoi sunt șterse definitiv.`}
        </EmptyState>
      ) : (
        <>
          <p className="muted">
            {`Documentele șterse pot fi restaurate ${trash.data.retention_days} de zile, apoi sunt șterse definitiv.`}
          </p>
          <TableScroll label="Documente șterse">
            <table className="table">
              <caption className="sr-only">Documente șterse</caption>
              <thead>
                <tr>
                  <th scope="col">Fișier</th>
                  <th scope="col">Categorie, luna</th>
                  <th scope="col">Șters de</th>
                  <th scope="col">Șters la</th>
                  <th scope="col">Se șterge definitiv</th>
                  <th scope="col">
                    <span className="sr-only">Acțiuni</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {trash.data.data.map((doc) => (
                  <tr key={doc.id}>
                    <td className="cell-long">{doc.name}</td>
                    <td>{`${doc.category?.name ?? 'Fără categorie'}, ${formatPeriod(doc.period)}`}</td>
                    <td>{doc.deleted_by?.name ?? '—'}</td>
                    <td>{formatDate(doc.deleted_at, { time: true })}</td>
                    <td>{formatDate(doc.purges_at)}</td>
                    <td className="actions">
                      <button
                        type="button"
                        className="btn"
                        disabled={busy !== null}
                        aria-label={`Restaurează ${doc.name}`}
                        onClick={() => void restore(doc)}
                      >
                        {busy === doc.id ? 'Se restaurează…' : 'Restaurează'}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </>
      )}
    </section>
  );
}
