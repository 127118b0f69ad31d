import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { FieldRow, fieldErrorsOf, type FieldErrors, usePageTitle } from '@dosar/shared';
import { paths } from '../../app/paths';
import { requestPasswordReset } from './api/request-password-reset';

/** /forgot-password: asks for a reset link; the answer never reveals whether the account exists. */
export function ForgotPasswordPage() {
  usePageTitle('Resetarea parolei');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      setSent(await requestPasswordReset(email.trim()));
    } catch (error) {
      setErrors(fieldErrorsOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="auth-page">
      <div className="card auth-card">
        <h1>Resetarea parolei</h1>
        {sent ? (
          <div role="status">
            <p>{sent}</p>
            <p className="muted">Linkul este valabil 60 de minute. Verifică și dosarul Spam.</p>
            <Link to={paths.login}>Înapoi la autentificare</Link>
          </div>
        ) : (
          <>
            <p className="muted">Scrie adresa de e-mail a contului și îți trimitem un link pentru o parolă nouă.</p>
            <form className="form" onSubmit={(e) => void submit(e)}>
              <FieldRow
                id="forgot-email"
                label="E-mail"
                field="email"
                idPrefix="forgot"
                errors={errors}
                type="email"
                autoComplete="email"
                value={email}
                onValue={setEmail}
                required
                autoFocus
              />
              <button type="submit" className="btn btn-primary btn-block" disabled={busy || !email.trim()}>
                {busy ? 'Se trimite…' : 'Trimite linkul de resetare'}
              </button>
            </form>
            <p>
              <Link to={paths.login}>Înapoi la autentificare</Link>
            </p>
          </>
        )}
      </div>
    </div>
  );
}
