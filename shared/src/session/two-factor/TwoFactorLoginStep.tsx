import { useState, type FormEvent } from 'react';
import { errorMessage, errorStatus } from '../../lib/errors';
import { fieldErrorsOf, type FieldErrors } from '../../lib/field-errors';
import { FieldRow } from '../../ui/FieldRow';
import { loginTwoFactor, type TwoFactorChallenge } from '../api/login';
import type { AuthResponse } from '../../types';
import { OneTimeCodeField } from './OneTimeCodeField';

export interface TwoFactorLoginStepProps {
  challenge: TwoFactorChallenge;
  onSignedIn: (response: AuthResponse) => void;
  /** Back to e-mail and password, with a message when the challenge expired. */
  onBack: (message?: string) => void;
}

const DEFAULT_INTRO = 'Deschide aplicația de autentificare de pe telefon și scrie codul de 6 cifre.';
const THROTTLED = 'Prea multe încercări. Așteaptă puțin și încearcă din nou.';

/** The sign-in's second step: the 6-digit code, or (toggle) a recovery code. */
export function TwoFactorLoginStep({ challenge, onSignedIn, onBack }: TwoFactorLoginStepProps) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const field = useRecovery ? 'recovery_code' : 'code';

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    setErrors({});
    setFormError('');
    setBusy(true);
    try {
      const proof = useRecovery ? { recovery_code: recoveryCode.trim() } : { code };
      onSignedIn(await loginTwoFactor(challenge.challenge, proof));
    } catch (error) {
      setBusy(false);
      const fields = fieldErrorsOf(error);
      if (fields.challenge?.length) {
        onBack(fields.challenge.join(' '));
        return;
      }
      if (errorStatus(error) === 429) {
        setFormError(errorMessage(error, THROTTLED));
        return;
      }
      // The server names `code` for either kind of code: show it under the field in use.
      const messages = fields[field] ?? (useRecovery ? fields.code : fields.recovery_code);
      if (messages?.length) setErrors({ [field]: messages });
      else setFormError(errorMessage(error));
    }
  };

  const toggle = (): void => {
    setUseRecovery((value) => !value);
    setErrors({});
    setFormError('');
  };

  const ready = useRecovery ? recoveryCode.trim().length > 0 : code.length === 6;
  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="login-two-factor-title">
      <h2 id="login-two-factor-title" className="login-step-title">
        Verificare în doi pași
      </h2>
      <p className="muted">
        {useRecovery
          ? 'Scrie unul dintre codurile de rezervă primite când ai activat autentificarea în doi pași. Fiecare cod merge o singură dată.'
          : challenge.message || DEFAULT_INTRO}
      </p>
      {useRecovery ? (
        <FieldRow
          key="recovery"
          id="login-recovery-code"
          idPrefix="login"
          field="recovery_code"
          errors={errors}
          label="Cod de rezervă"
          value={recoveryCode}
          onValue={setRecoveryCode}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          required
          autoFocus
        />
      ) : (
        <OneTimeCodeField key="code" idPrefix="login" errors={errors} value={code} onValue={setCode} />
      )}
      {formError ? (
        <div className="form-error" id="login-error" role="alert">
          {formError}
        </div>
      ) : null}
      <button type="submit" className="btn btn-primary btn-block" disabled={busy || !ready}>
        {busy ? 'Se verifică…' : 'Verifică'}
      </button>
      <div className="auth-links two-factor-links">
        <button type="button" className="link-button" onClick={toggle}>
          {useRecovery ? 'Folosește codul din aplicație' : 'Folosește un cod de rezervă'}
        </button>
        <button type="button" className="link-button" onClick={() => onBack()}>
          Înapoi la autentificare
        </button>
      </div>
    </form>
  );
}
