import { useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { isTwoFactorChallenge, login, type TwoFactorChallenge } from './api/login';
import { sessionStarted } from './session-slice';
import { NO_FIELD_ERRORS } from '../lib/field-errors';
import { FieldRow } from '../ui/FieldRow';
import { TwoFactorLoginStep } from './two-factor/TwoFactorLoginStep';
import type { AuthResponse } from '../types';

function serverError(error: unknown): string {
  const data = (error as { response?: { data?: { error?: unknown; message?: unknown } } })?.response?.data;
  if (typeof data?.error === 'string' && data.error) return data.error;
  if (typeof data?.message === 'string' && data.message) return data.message;
  return '';
}

export interface LoginFormProps {
  /** Called after the session started (the guest guard then redirects by role). */
  onSignedIn?: (response: AuthResponse) => void;
}

/**
 * E-mail + password; Enter submits; the server's `error` is shown under the form. An account
 * with two-factor sign-in gets a second step (the code from the app, or a recovery code).
 */
export function LoginForm({ onSignedIn }: LoginFormProps) {
  const dispatch = useDispatch();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);

  const signedIn = (response: AuthResponse): void => {
    dispatch(sessionStarted(response));
    onSignedIn?.(response);
  };

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    setError('');
    setBusy(true);
    try {
      const answer = await login(email.trim(), password);
      if (isTwoFactorChallenge(answer)) {
        setChallenge(answer);
        setBusy(false);
        return;
      }
      signedIn(answer);
    } catch (caught) {
      setError(serverError(caught));
      setBusy(false);
    }
  };

  if (challenge) {
    return (
      <TwoFactorLoginStep
        challenge={challenge}
        onSignedIn={signedIn}
        onBack={(message) => {
          setChallenge(null);
          setPassword('');
          setError(message ?? '');
        }}
      />
    );
  }

  const rows = { idPrefix: 'login', errors: NO_FIELD_ERRORS, required: true } as const;
  return (
    <form className="form" onSubmit={(e) => void submit(e)} aria-describedby={error ? 'login-error' : undefined}>
      <FieldRow
        {...rows}
        id="login-email"
        label="E-mail"
        field="email"
        name="email"
        type="email"
        autoComplete="username"
        value={email}
        onValue={setEmail}
        autoFocus
      />
      <FieldRow
        {...rows}
        id="login-password"
        label="Parolă"
        field="password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onValue={setPassword}
      />
      {error ? (
        <div className="form-error" id="login-error" role="alert">
          {error}
        </div>
      ) : null}
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? 'Se verifică…' : 'Autentificare'}
      </button>
    </form>
  );
}
