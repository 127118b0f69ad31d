import { useEffect, useId, useRef, useState } from 'react';
import {
  EmptyState,
  ErrorState,
  Pagination,
  ProgressBar,
  SortHeader,
  Spinner,
  formatBytes,
  formatDate,
  isCancelled,
  saveBlob,
  useDebouncedValue,
  type SortState,
} from '@dosar/shared';
import { useHoldingId } from '../../../lib/use-holding-id';
import { downloadUtil } from '../api/download-util';
import { useUtilsList, type UtilityFile } from '../api/list-utils';

const PER_PAGE = 20;

interface Progress {
  id: number;
  title: string;
  loaded: number;
  total?: number;
}

/** /client/utils (roles 4, 5): the accounting companies' utility files, to read and download. */
export function UtilsPage() {
  const holdingId = useHoldingId();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim());
  const [page, setPage] = useState(1);
  const [order, setOrder] = useState<SortState<'title' | 'created_at'>>({ sort: 'title', direction: 'asc' });
  const [progress, setProgress] = useState<Progress | null>(null);
  const controllerRef = useRef<AbortController | null>(null);

  useEffect(() => setPage(1), [term, order.sort, order.direction]);
  useEffect(() => () => controllerRef.current?.abort(), []);

  const list = useUtilsList(holdingId, { page, per_page: PER_PAGE, search: term || undefined, ...order });

  const onDownload = async (file: UtilityFile) => {
    if (holdingId === null) return;
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    setProgress({ id: file.id, title: file.title, loaded: 0 });
    try {
      const { blob, filename } = await downloadUtil(holdingId, file.media_id, {
        signal: controller.signal,
        onProgress: (loaded, total) =>
          setProgress({ id: file.id, title: file.title, loaded, total: total || undefined }),
      });
      saveBlob(blob, filename ?? file.original_name ?? file.title);
    } catch (err) {
      // The shared HTTP client already showed the server's message; a cancel shows nothing.
      if (!isCancelled(err)) return;
    } finally {
      if (controllerRef.current === controller) {
        controllerRef.current = null;
        setProgress(null);
      }
    }
  };

  const files = list.data?.data ?? [];
  const meta = list.data?.meta;

  let body;
  if (holdingId === null) {
    body = <ErrorState message="Contul tău nu este asociat unui grup." />;
  } else if (list.loading && !list.data) {
    body = <Spinner label="Se încarcă fișierele utile…" />;
  } else if (list.error && !list.data) {
    body = <ErrorState message="Fișierele utile nu au putut fi încărcate." onRetry={list.reload} />;
  } else if (files.length === 0) {
    body = term ? (
      <EmptyState title="Niciun fișier nu corespunde căutării" />
    ) : (
      <EmptyState title="Nu există încă fișiere utile">
        Firmele de contabilitate cu care lucrezi pot publica aici modele și formulare.
      </EmptyState>
    );
  } else {
    body = (
      <>
        <div className="table-wrap">
          <table className="table">
            <caption className="sr-only">Fișiere utile</caption>
            <thead>
              <tr>
                <SortHeader label="Titlu" column="title" state={order} onSort={setOrder} />
                <th scope="col">Firma de contabilitate</th>
                <th scope="col">Fișier</th>
                <SortHeader label="Adăugat" column="created_at" state={order} onSort={setOrder} firstDirection="desc" />
                <th scope="col">
                  <span className="sr-only">Acțiuni</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {files.map((file) => (
                <tr key={file.id}>
                  <th scope="row">
                    {file.title}
                    {file.description ? <div className="muted">{file.description}</div> : null}
                  </th>
                  <td>{file.company.name}</td>
                  <td>
                    {file.original_name ?? '—'}
                    {file.size !== undefined ? <div className="muted">{formatBytes(file.size)}</div> : null}
                  </td>
                  <td>{formatDate(file.created_at)}</td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-ghost"
                      disabled={progress !== null}
                      aria-label={`Descarcă ${file.title}`}
                      onClick={() => void onDownload(file)}
                    >
                      Descarcă
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {meta ? <Pagination page={meta.page} perPage={meta.per_page} total={meta.total} onPage={setPage} /> : null}
      </>
    );
  }

  return (
    <div className="page">
      <div className="page-header">
        <h1>Fișiere utile</h1>
      </div>
      <p className="muted">
        Modele și formulare puse la dispoziție de firmele de contabilitate cu care lucrează grupul.
      </p>
      <div className="toolbar">
        <div className="field">
          <label htmlFor={searchId}>Caută</label>
          <input
            id={searchId}
            type="search"
            className="input"
            placeholder="Titlu sau descriere"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
      </div>
      {progress ? (
        <div className="card" role="status">
          {progress.total ? (
            <ProgressBar value={progress.loaded / progress.total} label={`Se descarcă: ${progress.title}`} />
          ) : (
            <p>{`Se descarcă: ${progress.title} — ${formatBytes(progress.loaded)}`}</p>
          )}
          <button type="button" className="btn btn-ghost" onClick={() => controllerRef.current?.abort()}>
            Anulează descărcarea
          </button>
        </div>
      ) : null}
      <div className="card">{body}</div>
    </div>
  );
}
