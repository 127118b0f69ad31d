import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/errors';
import { fieldErrorsOf, type FieldErrors } from '../../lib/field-errors';
import { FieldRow } from '../../ui/FieldRow';
import { FormActions } from '../../ui/FormActions';

/** The message of a refusal that has no place under `field`: other fields' messages, or the server's message. */
export function otherMessages(error: unknown, fields: FieldErrors, field: string): string {
  const others = Object.entries(fields)
    .filter(([name]) => name !== field)
    .flatMap(([, messages]) => messages);
  return others.length ? others.join(' ') : errorMessage(error);
}

export interface PasswordStepProps {
  /** Ids: `${idPrefix}-current-password`, its error line, `${idPrefix}-error`. */
  idPrefix: string;
  intro?: string;
  submitLabel: string;
  busyLabel: string;
  /** The call; a 422 on current_password shows under the field, anything else under the form. */
  onSubmit: (password: string) => Promise<void>;
  onCancel?: () => void;
}

/** "Parola actuală" and a button: every two-factor change asks for the password first. */
export function PasswordStep({ idPrefix, intro, submitLabel, busyLabel, onSubmit, onCancel }: PasswordStepProps) {
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState('');

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setFormError('');
    try {
      await onSubmit(password);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      if (!fields.current_password?.length) setFormError(otherMessages(error, fields, 'current_password'));
      setBusy(false);
      return;
    }
    setBusy(false);
  };

  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate>
      {intro ? <p className="muted">{intro}</p> : null}
      <FieldRow
        id={`${idPrefix}-current-password`}
        idPrefix={idPrefix}
        field="current_password"
        errors={errors}
        label="Parola actuală"
        type="password"
        autoComplete="current-password"
        value={password}
        onValue={setPassword}
        required
        autoFocus
      />
      {formError ? (
        <div className="form-error" id={`${idPrefix}-error`} role="alert">
          {formError}
        </div>
      ) : null}
      <FormActions
        busy={busy}
        busyLabel={busyLabel}
        submitLabel={submitLabel}
        disabled={!password}
        onCancel={onCancel}
        cancelDisabled={busy}
      />
    </form>
  );
}
