export interface FormActionsProps {
  /** The call is under way: the submit button is disabled and says busyLabel. */
  busy: boolean;
  /** "Se salvează…", "Se trimite…" */
  busyLabel: string;
  submitLabel: string;
  /** Disabled for another reason too (nothing to send yet). */
  disabled?: boolean;
  /** Shows the cancel button. */
  onCancel?: () => void;
  cancelLabel?: string;
  /** "btn btn-ghost" unless told otherwise. */
  cancelClassName?: string;
  cancelDisabled?: boolean;
}

/** A form's buttons: submit (with its busy text), then cancel when there is one. */
export function FormActions({
  busy,
  busyLabel,
  submitLabel,
  disabled = false,
  onCancel,
  cancelLabel = 'Renunță',
  cancelClassName = 'btn btn-ghost',
  cancelDisabled,
}: FormActionsProps) {
  return (
    <div className="form-actions">
      <button type="submit" className="btn btn-primary" disabled={busy || disabled}>
        {busy ? busyLabel : submitLabel}
      </button>
      {onCancel ? (
        <button type="button" className={cancelClassName} onClick={onCancel} disabled={cancelDisabled}>
          {cancelLabel}
        </button>
      ) : null}
    </div>
  );
}
