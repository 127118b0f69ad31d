import { useState } from 'react';
import {
  ActionsHeader,
  DownloadStatus,
  EmptyState,
  ListTable,
  PageHeader,
  RowAction,
  SearchField,
  confirmDelete,
  downloadUtilityFile,
  formatBytes,
  formatDate,
  useCurrentUser,
  useDownload,
  useListSearch,
  useUtilityFiles,
  utilityFileName,
  utilityFileSize,
  type UtilityFile,
} from '@dosar/shared';
import { companyBase, useCompanyId } from '../../../lib/company-api';
import { deleteUtil } from '../api/delete-utility-file';
import { UtilityFileFormDialog } from './utility-file-form-dialog';

const PER_PAGE = 20;

/** Utility files: role 2 creates, updates and deletes; role 3 lists and downloads. */
export function UtilityFilesPage() {
  const companyId = useCompanyId();
  const canManage = useCurrentUser()?.role === 2;
  const apiBase = companyBase(companyId);
  const { search, setSearch, term: debouncedSearch, page, setPage } = useListSearch();
  const [editing, setEditing] = useState<UtilityFile | 'new' | null>(null);
  // The company list keeps the server's own order, newest first (no sort).
  const utils = useUtilityFiles(apiBase, { page, per_page: PER_PAGE, search: debouncedSearch });
  const download = useDownload();

  const onDelete = (util: UtilityFile) =>
    confirmDelete({
      title: `Ștergi „${util.title}”?`,
      text: 'Fișierul nu va mai fi disponibil pentru angajați și holdinguri.',
      run: () => deleteUtil(companyId, util.id),
      success: 'Fișierul a fost șters.',
      onDone: utils.reload,
    });

  return (
    <div className="page">
      <PageHeader title="Fișiere utile">
        {canManage && (
          <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
            Fișier util nou
          </button>
        )}
      </PageHeader>
      <SearchField id="util-search" label="Caută" value={search} onChange={setSearch} />

      {download.progress && <DownloadStatus progress={download.progress} onCancel={download.cancel} />}

      <ListTable
        list={utils}
        caption="Fișiere utile"
        errorText="Fișierele utile nu au putut fi încărcate."
        serverError
        empty={
          debouncedSearch ? (
            'Niciun fișier nu corespunde căutării.'
          ) : (
            <EmptyState title="Nu există încă fișiere utile.">
              {canManage
                ? 'Adaugă modele, formulare sau instrucțiuni pentru clienții tăi.'
                : 'Fișierele puse la dispoziție de companie apar aici.'}
            </EmptyState>
          )
        }
        card
        head={
          <>
            <th scope="col">Titlu</th>
            <th scope="col">Descriere</th>
            <th scope="col">Fișier</th>
            <th scope="col">Adăugat</th>
            <ActionsHeader />
          </>
        }
        onPage={setPage}
        row={(util) => (
          <tr key={util.id}>
            <td>{util.title}</td>
            <td>{util.description || <span className="muted">—</span>}</td>
            <td>
              {utilityFileName(util)}
              <span className="muted"> · {formatBytes(utilityFileSize(util))}</span>
            </td>
            <td>{formatDate(util.created_at)}</td>
            <td className="actions">
              <button
                type="button"
                className="btn btn-ghost"
                disabled={download.progress !== null}
                aria-label={`Descarcă ${util.title}`}
                onClick={() =>
                  void download.run(util.title, utilityFileName(util), (options) =>
                    downloadUtilityFile(apiBase, util.media_id, options),
                  )
                }
              >
                Descarcă
              </button>
              {canManage && (
                <>
                  <RowAction action="Editează" target={util.title} onClick={() => setEditing(util)} />
                  <RowAction action="Șterge" target={util.title} danger onClick={() => void onDelete(util)} />
                </>
              )}
            </td>
          </tr>
        )}
      />

      {canManage && editing !== null && (
        <UtilityFileFormDialog
          companyId={companyId}
          util={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            utils.reload();
          }}
        />
      )}
    </div>
  );
}
