import {
  ActionsHeader,
  DataTable,
  DownloadStatus,
  EmptyState,
  ErrorState,
  ListStates,
  Pager,
  SearchField,
  SortHeader,
  downloadUtilityFile,
  formatBytes,
  formatDate,
  useDownload,
  useListState,
  useUtilityFiles,
  utilityFileName,
  utilityFileSize,
  type UtilityFile,
} from '@dosar/shared';
import { holdingBase } from '../../../lib/holding-api';
import { useHoldingId } from '../../../lib/use-holding-id';

const PER_PAGE = 20;

/** /client/utils (roles 4, 5): the accounting companies' utility files, to read and download. */
export function UtilityFilesPage() {
  const holdingId = useHoldingId();
  const apiBase = holdingId === null ? null : holdingBase(holdingId);
  const {
    search,
    setSearch,
    term,
    page,
    setPage,
    sort: order,
    setSort: setOrder,
  } = useListState<'title' | 'created_at'>({ sort: 'title', direction: 'asc' });
  const download = useDownload();

  const list = useUtilityFiles(apiBase, { page, per_page: PER_PAGE, search: term || undefined, ...order });

  const onDownload = (file: UtilityFile) => {
    if (apiBase === null) return;
    void download.run(file.title, utilityFileName(file), (options) =>
      downloadUtilityFile(apiBase, file.media_id, options),
    );
  };

  const body =
    holdingId === null ? (
      <ErrorState message="Contul tău nu este asociat unui grup." />
    ) : (
      <ListStates
        list={list}
        keepRowsOnError
        loadingLabel="Se încarcă fișierele utile…"
        errorText="Fișierele utile nu au putut fi încărcate."
        empty={
          term ? (
            'Niciun fișier nu corespunde căutării'
          ) : (
            <EmptyState title="Nu există încă fișiere utile">
              Firmele de contabilitate cu care lucrezi pot publica aici modele și formulare.
            </EmptyState>
          )
        }
      >
        {(rows, data) => (
          <>
            <DataTable
              caption="Fișiere utile"
              head={
                <>
                  <SortHeader label="Titlu" column="title" state={order} onSort={setOrder} />
                  <th scope="col">Firma de contabilitate</th>
                  <th scope="col">Fișier</th>
                  <SortHeader
                    label="Adăugat"
                    column="created_at"
                    state={order}
                    onSort={setOrder}
                    firstDirection="desc"
                  />
                  <ActionsHeader />
                </>
              }
            >
              {rows.map((file) => (
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
            </DataTable>
            <Pager meta={data.meta} onPage={setPage} />
          </>
        )}
      </ListStates>
    );

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
