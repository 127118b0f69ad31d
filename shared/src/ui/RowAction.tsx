export interface RowActionProps {
  /** The visible text, a verb: "Editează", "Șterge", "Descarcă". */
  action: string;
  /** What the row is about; screen readers hear "<action> <target>". */
  target: string;
  /** The accessible name when "<action> <target>" does not say it (e.g. "Elimină X din holding"). */
  label?: string;
  /** A destructive action (red); otherwise a ghost button. */
  danger?: boolean;
  disabled?: boolean;
  onClick: () => void;
}

/** A button in a table row's actions cell, named after its row for screen readers. */
export function RowAction({ action, target, label, danger = false, disabled, onClick }: RowActionProps) {
  return (
    <button
      type="button"
      className={danger ? 'btn btn-danger' : 'btn btn-ghost'}
      disabled={disabled}
      aria-label={label ?? `${action} ${target}`}
      onClick={onClick}
    >
      {action}
    </button>
  );
}
