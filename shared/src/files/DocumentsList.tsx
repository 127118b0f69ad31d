import { formatBytes, formatDate } from '../lib/format';
import { formatPeriod } from '../lib/months';
import { EmptyState } from '../ui/EmptyState';
import { TableScroll } from '../ui/TableScroll';
import { PreviewButton } from './preview/PreviewButton';
import { documentName, type DocumentCategory, type FileDocument } from './types';

export interface DocumentGroup<D extends FileDocument = FileDocument> {
  key: string;
  title: string;
  months: { period: string | null; documents: D[] }[];
}

/** Documents grouped by category (in the categories' order), then by month (newest first). */
export function groupDocuments<D extends FileDocument>(
  documents: D[],
  categories: DocumentCategory[],
): DocumentGroup<D>[] {
  const ordered = [...categories].sort((a, b) => a.position - b.position || a.id - b.id);
  const known = new Set(ordered.map((c) => c.id));
  const sections = [
    ...ordered.map((c) => ({ key: `c${c.id}`, title: c.name, docs: documents.filter((d) => d.category_id === c.id) })),
    {
      key: 'none',
      title: 'Fără categorie',
      docs: documents.filter((d) => d.category_id === null || !known.has(d.category_id)),
    },
  ];
  return sections
    .filter((s) => s.docs.length > 0)
    .map((s) => {
      const periods = [...new Set(s.docs.map((d) => d.period ?? null))].sort((a, b) =>
        (b ?? '').localeCompare(a ?? ''),
      );
      return {
        key: s.key,
        title: s.title,
        months: periods.map((period) => ({
          period,
          documents: s.docs
            .filter((d) => (d.period ?? null) === period)
            .sort((a, b) => documentName(a).localeCompare(documentName(b), 'ro')),
        })),
      };
    });
}

export interface DocumentsListProps<D extends FileDocument> {
  documents: D[];
  categories: DocumentCategory[];
  /** A filter is applied (the empty state says so). */
  filtered: boolean;
  /** Whether to offer "Șterge" for this document (comfort only: the server decides). */
  canDelete: (document: D) => boolean;
  /** A download is running: the download buttons wait. */
  busy: boolean;
  onDownload: (document: D) => void;
  onDelete: (document: D) => void;
  /** Whether to offer „Mută / redenumește” (comfort only: the server decides). */
  canEdit?: (document: D) => boolean;
  onEdit?: (document: D) => void;
  /** Multi-select: the checked ids and how a checkbox changes them (absent: no checkboxes). */
  selected?: ReadonlySet<number>;
  onSelect?: (id: number, checked: boolean) => void;
  /** The file call of a document: given, each row offers „Previzualizează”. */
  fileUrl?: (document: D) => string;
}

/**
 * The client's documents by category and month, each with download and (when allowed) move /
 * rename and delete, and a checkbox when the view offers bulk actions. A `can_delete: false`
 * from the server always hides delete.
 */
export function DocumentsList<D extends FileDocument>({
  documents,
  categories,
  filtered,
  canDelete,
  busy,
  onDownload,
  onDelete,
  canEdit,
  onEdit,
  selected,
  onSelect,
  fileUrl,
}: DocumentsListProps<D>) {
  if (documents.length === 0) {
    return filtered ? (
      <EmptyState title="Niciun document pentru filtrul ales">Alege altă lună sau altă categorie.</EmptyState>
    ) : (
      <EmptyState title="Clientul nu are încă documente">Încarcă primele fișiere mai sus.</EmptyState>
    );
  }
  return (
    <div className="documents">
      {groupDocuments(documents, categories).map((group) => (
        <section key={group.key} className="card" aria-labelledby={`group-${group.key}`}>
          <h2 id={`group-${group.key}`}>{group.title}</h2>
          {group.months.map((month) => (
            <div key={month.period ?? 'none'} className="table-wrap">
              <h3>{formatPeriod(month.period)}</h3>
              <TableScroll labelledBy={`group-${group.key}-${month.period ?? 'none'}`}>
                <table className="table">
                  <caption id={`group-${group.key}-${month.period ?? 'none'}`} className="sr-only">
                    {`${group.title}, ${formatPeriod(month.period)}`}
                  </caption>
                  <thead>
                    <tr>
                      {onSelect ? (
                        <th scope="col" className="select-cell">
                          <span className="sr-only">Selectează</span>
                        </th>
                      ) : null}
                      <th scope="col">Fișier</th>
                      <th scope="col">Mărime</th>
                      <th scope="col">Încărcat</th>
                      <th scope="col">De către</th>
                      <th scope="col">
                        <span className="sr-only">Acțiuni</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {month.documents.map((doc) => {
                      const name = documentName(doc);
                      return (
                        <tr key={doc.id} className={selected?.has(doc.id) ? 'row-selected' : undefined}>
                          {onSelect ? (
                            <td className="select-cell">
                              <input
                                type="checkbox"
                                aria-label={`Selectează ${name}`}
                                checked={selected?.has(doc.id) ?? false}
                                onChange={(e) => onSelect(doc.id, e.target.checked)}
                              />
                            </td>
                          ) : null}
                          <td className="cell-long">{name}</td>
                          <td>{formatBytes(doc.size)}</td>
                          <td>{formatDate(doc.created_at, { time: true })}</td>
                          <td>{doc.uploaded_by?.name ?? '—'}</td>
                          <td className="actions">
                            <button
                              type="button"
                              className="btn btn-ghost"
                              disabled={busy}
                              aria-label={`Descarcă ${name}`}
                              onClick={() => onDownload(doc)}
                            >
                              Descarcă
                            </button>
                            {fileUrl ? (
                              <PreviewButton
                                url={fileUrl(doc)}
                                name={name}
                                mime={(doc as { mime?: string }).mime}
                                size={doc.size}
                                onDownload={() => onDownload(doc)}
                              />
                            ) : null}
                            {onEdit && canEdit?.(doc) ? (
                              <button
                                type="button"
                                className="btn btn-ghost"
                                aria-label={`Mută / redenumește ${name}`}
                                onClick={() => onEdit(doc)}
                              >
                                Mută / redenumește
                              </button>
                            ) : null}
                            {doc.can_delete !== false && canDelete(doc) ? (
                              <button
                                type="button"
                                className="btn btn-danger"
                                aria-label={`Șterge ${name}`}
                                onClick={() => onDelete(doc)}
                              >
                                Șterge
                              </button>
                            ) : null}
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </TableScroll>
            </div>
          ))}
        </section>
      ))}
    </div>
  );
}
