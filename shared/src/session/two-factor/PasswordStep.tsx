import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/errors';
import { fieldErrorsOf, type FieldErrors } from '../../lib/field-errors';
import { FieldRow } from '../../ui/FieldRow';
import { FormActions } from '../../ui/FormActions';
import type { SecondFactorProof } from '../api/two-factor';
import { sixDigits } from './OneTimeCodeField';

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
  /**
   * Two-factor sign-in is on: also „Cod de verificare” (or, through the toggle, a recovery code), passed
   * as the second argument. Its 422 (`code`) shows under the field in use.
   */
  askSecondFactor?: boolean;
  /** The call; a 422 on current_password shows under the field, anything else under the form. */
  onSubmit: (password: string, proof?: SecondFactorProof) => Promise<void>;
  onCancel?: () => void;
}

/**
 * "Parola actuală" and a button: every two-factor change asks for the password first and, while it is
 * on, for a code of the app or a recovery code too.
 */
export function PasswordStep({
  idPrefix,
  intro,
  submitLabel,
  busyLabel,
  askSecondFactor = false,
  onSubmit,
  onCancel,
}: PasswordStepProps) {
  const [password, setPassword] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState('');
  const codeField = useRecovery ? 'recovery_code' : 'code';
  const proof: SecondFactorProof | undefined = !askSecondFactor
    ? undefined
    : useRecovery
      ? { recovery_code: recoveryCode.trim() }
      : { code };
  const proofReady = !askSecondFactor || (useRecovery ? recoveryCode.trim().length > 0 : code.length === 6);

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setFormError('');
    try {
      await onSubmit(password, proof);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      // The server names `code` for either kind of code: show it under the field in use.
      const codeMessages = fields.code ?? fields.recovery_code;
      const shown: FieldErrors = { ...fields };
      delete shown.code;
      delete shown.recovery_code;
      if (askSecondFactor && codeMessages?.length) shown[codeField] = codeMessages;
      setErrors(shown);
      if (!shown.current_password?.length && !shown[codeField]?.length)
        setFormError(otherMessages(error, shown, 'current_password'));
      setBusy(false);
      return;
    }
    setBusy(false);
  };

  const toggle = (): void => {
    setUseRecovery((value) => !value);
    setErrors(({ current_password }): FieldErrors => (current_password ? { current_password } : {}));
    setFormError('');
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
      {askSecondFactor ? (
        <>
          {useRecovery ? (
            <FieldRow
              key="recovery"
              id={`${idPrefix}-recovery-code`}
              idPrefix={idPrefix}
              field="recovery_code"
              errors={errors}
              label="Cod de rezervă"
              hint="Unul dintre codurile de rezervă nefolosite; după aceasta nu mai merge."
              value={recoveryCode}
              onValue={setRecoveryCode}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              required
            />
          ) : (
            <FieldRow
              key="code"
              id={`${idPrefix}-code`}
              idPrefix={idPrefix}
              field="code"
              errors={errors}
              label="Cod de verificare"
              hint="Codul de 6 cifre din aplicația de autentificare."
              value={code}
              onValue={(typed) => setCode(sixDigits(typed))}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              required
            />
          )}
          <div className="auth-links">
            <button type="button" className="link-button" onClick={toggle}>
              {useRecovery ? 'Folosește codul din aplicație' : 'Folosește un cod de rezervă'}
            </button>
          </div>
        </>
      ) : null}
      {formError ? (
        <div className="form-error" id={`${idPrefix}-error`} role="alert">
          {formError}
        </div>
      ) : null}
      <FormActions
        busy={busy}
        busyLabel={busyLabel}
        submitLabel={submitLabel}
        disabled={!password || !proofReady}
        onCancel={onCancel}
        cancelDisabled={busy}
      />
    </form>
  );
}
