import type { InputHTMLAttributes, ReactNode } from 'react';
import { invalidProps, type FieldErrors } from '../lib/field-errors';

/** A field's server messages, the target of its input's aria-describedby. */
export function FieldError({ id, messages }: { id: string; messages?: string[] }) {
  if (!messages?.length) return null;
  return (
    <div className="field-error" id={id}>
      {messages.join(' ')}
    </div>
  );
}

export type FieldRowProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'> & {
  id: string;
  label: ReactNode;
  /** The server's name of the field (errors[field]); its error line is `${idPrefix}-${field}-error`. */
  field: string;
  idPrefix: string;
  errors: FieldErrors;
  onValue: (value: string) => void;
  hint?: ReactNode;
};

/** One row of the auth and profile forms: label, input, hint, the field's server errors. */
export function FieldRow({ id, label, field, idPrefix, errors, onValue, hint, ...input }: FieldRowProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} onChange={(e) => onValue(e.target.value)} {...input} {...invalidProps(errors, field, idPrefix)} />
      {hint ? <div className="field-hint">{hint}</div> : null}
      <FieldError id={`${idPrefix}-${field}-error`} messages={errors[field]} />
    </div>
  );
}

export const PASSWORD_RULES_HINT = 'Cel puțin 8 caractere, cu cel puțin o literă și o cifră.';

export interface NewPasswordFieldsProps {
  /** Ids: `${idPrefix}-password`, `${idPrefix}-password-confirmation` (and their error lines). */
  idPrefix: string;
  password: string;
  confirmation: string;
  onPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
  errors: FieldErrors;
  autoFocus?: boolean;
}

/** "Parola nouă" with the password rules, then "Confirmă parola nouă": the profile's and the reset page's. */
export function NewPasswordFields({
  idPrefix,
  password,
  confirmation,
  onPassword,
  onConfirmation,
  errors,
  autoFocus,
}: NewPasswordFieldsProps) {
  const shared = { idPrefix, errors, type: 'password', autoComplete: 'new-password', required: true } as const;
  return (
    <>
      <FieldRow
        {...shared}
        id={`${idPrefix}-password`}
        label="Parola nouă"
        field="password"
        value={password}
        onValue={onPassword}
        autoFocus={autoFocus}
        hint={PASSWORD_RULES_HINT}
      />
      <FieldRow
        {...shared}
        id={`${idPrefix}-password-confirmation`}
        label="Confirmă parola nouă"
        field="password_confirmation"
        value={confirmation}
        onValue={onConfirmation}
      />
    </>
  );
}
