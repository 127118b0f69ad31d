import { FREQUENCY_LABELS, RowAction, type Requirement } from '@dosar/shared';

/** What a client's requirement and a default of the firm's set both show of themselves. */
type Listed = Pick<Requirement, 'name' | 'details' | 'category' | 'frequency'>;

/** A requirement row's first cells: the document with its details, its category and how often it is asked. */
export function RequirementCells({ item }: { item: Listed }) {
  return (
    <>
      <td>
        <div>{item.name}</div>
        {item.details ? <div className="muted">{item.details}</div> : null}
      </td>
      <td>{item.category?.name ?? <span className="muted">—</span>}</td>
      <td>{FREQUENCY_LABELS[item.frequency]}</td>
    </>
  );
}

/** The owner's „Editează” and „Șterge” at the end of a requirement row, named after the document. */
export function RequirementActions({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <td>
      <div className="month-actions">
        <RowAction action="Editează" target={name} onClick={onEdit} />
        <RowAction action="Șterge" target={name} onClick={onDelete} />
      </div>
    </td>
  );
}
