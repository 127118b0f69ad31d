import { useEffect, useState } from 'react';
import {
  DownloadStatus,
  EmptyState,
  ErrorState,
  Pagination,
  SearchField,
  SortHeader,
  Spinner,
  downloadUtilityFile,
  formatBytes,
  formatDate,
  useDownload,
  useListSearch,
  useUtilityFiles,
  utilityFileName,
  utilityFileSize,
  type SortState,
  type UtilityFile,
} from '@dosar/shared';
import { holdingBase } from '../../../lib/holding-api';
import { useHoldingId } from '../../../lib/use-holding-id';

const PER_PAGE = 20;

/** /client/utils (roles 4, 5): the accounting companies' utility files, to read and download. */
export function UtilityFilesPage() {
  const holdingId = useHoldingId();
  const apiBase = holdingId === null ? null : holdingBase(holdingId);
  const { search, setSearch, term, page, setPage } = useListSearch();
  const [order, setOrder] = useState<SortState<'title' | 'created_at'>>({ sort: 'title', direction: 'asc' });
  const download = useDownload();

  useEffect(() => setPage(1), [order.sort, order.direction, setPage]);

  const list = useUtilityFiles(apiBase, { page, per_page: PER_PAGE, search: term || undefined, ...order });

  const onDownload = (file: UtilityFile) => {
    if (apiBase === null) return;
    void download.run(file.title, utilityFileName(file), (options) =>
      downloadUtilityFile(apiBase, file.media_id, options),
    );
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
                  <td>{file.company?.name ?? '—'}</td>
                  <td>
                    {file.original_name ?? file.file?.name ?? '—'}
                    {utilityFileSize(file) !== undefined ? (
                      <div className="muted">{formatBytes(utilityFileSize(file))}</div>
                    ) : null}
                  </td>
                  <td>{formatDate(file.created_at)}</td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-ghost"
                      disabled={download.progress !== null}
                      aria-label={`Descarcă ${file.title}`}
                      onClick={() => onDownload(file)}
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
      <SearchField label="Caută" placeholder="Titlu sau descriere" value={search} onChange={setSearch} />
      {download.progress ? <DownloadStatus progress={download.progress} onCancel={download.cancel} /> : null}
      <div className="card">{body}</div>
    </div>
  );
}
