import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

export interface FieldShellProps {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  children: ReactNode;
}

/** Label, control, hint and the field's error (linked with aria-describedby by the control). */
export function FieldShell({ id, label, error, hint, required, children }: FieldShellProps) {
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {children}
      {hint && (
        <small id={`${id}-hint`} className="field-hint">
          {hint}
        </small>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** The control's id, or a generated one when the caller gives none. */
function useFieldId(id: string | undefined): string {
  const generated = useId();
  return id ?? `field-${generated}`;
}

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  id?: string;
  label: string;
  error?: string;
  hint?: ReactNode;
};

/** A labelled input with its hint and error (aria-invalid + aria-describedby). */
export function TextField({ id, label, error, hint, required, ...input }: TextFieldProps) {
  const fieldId = useFieldId(id);
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint} required={required}>
      <input
        id={fieldId}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        {...input}
      />
    </FieldShell>
  );
}

export type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  id?: string;
  label: string;
  error?: string;
  hint?: ReactNode;
};

/** The multi-line TextField. */
export function TextAreaField({ id, label, error, hint, required, ...textarea }: TextAreaFieldProps) {
  const fieldId = useFieldId(id);
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint} required={required}>
      <textarea
        id={fieldId}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        {...textarea}
      />
    </FieldShell>
  );
}
