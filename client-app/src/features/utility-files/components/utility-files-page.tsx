import {
  ActionsHeader,
  DownloadStatus,
  EmptyState,
  ListTable,
  PageHeader,
  RowAction,
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
import { NoHolding } from '../../../lib/no-holding';
import { useHoldingId } from '../../../lib/use-holding-id';

const PER_PAGE = 20;

/** /client/utils (roles 4, 5): the accounting companies' utility files, to read and download. */
export function UtilityFilesPage() {
  const holdingId = useHoldingId();
  const apiBase = holdingId === null ? null : holdingBase(holdingId);
  const { search, setSearch, term, page, setPage, sort, setSort } = useListState<'title' | 'created_at'>({
    sort: 'title',
    direction: 'asc',
  });
  const download = useDownload();

  const list = useUtilityFiles(apiBase, { page, per_page: PER_PAGE, search: term || undefined, ...sort });

  const onDownload = (file: UtilityFile) => {
    if (apiBase === null) return;
    void download.run(file.title, utilityFileName(file), (options) =>
      downloadUtilityFile(apiBase, file.media_id, options),
    );
  };

  const body =
    holdingId === null ? (
      <NoHolding />
    ) : (
      <ListTable
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
        caption="Fișiere utile"
        head={
          <>
            <SortHeader label="Titlu" column="title" state={sort} onSort={setSort} />
            <th scope="col">Firma de contabilitate</th>
            <th scope="col">Fișier</th>
            <SortHeader label="Adăugat" column="created_at" state={sort} onSort={setSort} firstDirection="desc" />
            <ActionsHeader />
          </>
        }
        onPage={setPage}
        row={(file) => (
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
              <RowAction
                action="Descarcă"
                target={file.title}
                disabled={download.progress !== null}
                onClick={() => onDownload(file)}
              />
            </td>
          </tr>
        )}
      />
    );

  return (
    <div className="page">
      <PageHeader title="Fișiere utile" />
      <p className="muted">
        Modele și formulare puse la dispoziție de firmele de contabilitate cu care lucrează holdingul.
      </p>
      <SearchField label="Caută" placeholder="Titlu sau descriere" value={search} onChange={setSearch} />
      {download.progress ? <DownloadStatus progress={download.progress} onCancel={download.cancel} /> : null}
      <div className="card">{body}</div>
    </div>
  );
}
