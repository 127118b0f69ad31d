import { useState, type FormEvent } from 'react';
import { fieldErrorsOf, type FieldErrors } from '../../lib/field-errors';
import { FormActions } from '../../ui/FormActions';
import { enableTwoFactor, setupTwoFactor, type TwoFactorSetup } from '../api/two-factor';
import { OneTimeCodeField } from './OneTimeCodeField';
import { otherMessages, PasswordStep } from './PasswordStep';

export interface TwoFactorEnableFlowProps {
  /** Ids start with it (two flows never share a page, but tests and labels stay stable). */
  idPrefix?: string;
  /** Called with the recovery codes once the server turned two-factor sign-in on. */
  onEnabled: (codes: string[]) => void;
  onCancel?: () => void;
}

/** The secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string): string => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** SVG markup as an image source: the browser draws it as a picture, never as part of the page. */
export const svgDataUrl = (svg: string): string => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/**
 * Turning two-factor sign-in on: the current password → the QR code (and the secret to type
 * by hand) → the first code from the app. The recovery codes go to `onEnabled`.
 */
export function TwoFactorEnableFlow({ idPrefix = 'two-factor', onEnabled, onCancel }: TwoFactorEnableFlowProps) {
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState('');

  if (!setup) {
    return (
      <PasswordStep
        idPrefix={`${idPrefix}-setup`}
        intro="Pasul 1 din 2: confirmă că ești tu, cu parola contului."
        submitLabel="Continuă"
        busyLabel="Se verifică…"
        onSubmit={async (password) => setSetup(await setupTwoFactor(password))}
        onCancel={onCancel}
      />
    );
  }

  const confirm = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setFormError('');
    try {
      const answer = await enableTwoFactor(code);
      onEnabled(answer.recovery_codes);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      if (!fields.code?.length) setFormError(otherMessages(error, fields, 'code'));
      setBusy(false);
    }
  };

  return (
    <form className="form two-factor-setup" onSubmit={(e) => void confirm(e)} noValidate>
      <p className="muted">
        Pasul 2 din 2: scanează codul QR cu o aplicație de autentificare (Google Authenticator, Microsoft Authenticator,
        Aegis sau alta), apoi scrie codul de 6 cifre pe care ți-l arată.
      </p>
      <img
        className="two-factor-qr"
        src={svgDataUrl(setup.qr_svg)}
        alt="Cod QR pentru aplicația de autentificare"
        width={200}
        height={200}
      />
      <div className="field">
        <label htmlFor={`${idPrefix}-secret`}>Nu poți scana? Introdu manual cheia:</label>
        <input
          id={`${idPrefix}-secret`}
          className="input two-factor-secret"
          value={grouped(setup.secret)}
          readOnly
          onFocus={(event) => event.target.select()}
          autoComplete="off"
          spellCheck={false}
          translate="no"
        />
      </div>
      <OneTimeCodeField
        idPrefix={idPrefix}
        errors={errors}
        value={code}
        onValue={setCode}
        hint="Codul de 6 cifre din aplicație."
      />
      {formError ? (
        <div className="form-error" role="alert">
          {formError}
        </div>
      ) : null}
      <FormActions
        busy={busy}
        busyLabel="Se activează…"
        submitLabel="Activează"
        disabled={code.length !== 6}
        onCancel={onCancel}
        cancelDisabled={busy}
      />
    </form>
  );
}
