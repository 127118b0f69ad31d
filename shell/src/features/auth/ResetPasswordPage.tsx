import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { toast } from '@dosar/shared';
import { paths } from '../../app/paths';
import { resetPassword } from './api/reset-password';
import { FieldError } from './FieldError';
import { fieldErrorsOf, invalidProps, type FieldErrors } from './field-errors';

/** /reset-password/:token (link from the e-mail, ?email=…): a new password, then /login. */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [email, setEmail] = useState(search.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (password !== confirmation) {
      setErrors({ password_confirmation: ['Confirmarea parolei nu corespunde.'] });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const message = await resetPassword({
        token,
        email: email.trim(),
        password,
        password_confirmation: confirmation,
      });
      void toast.success(message);
      navigate(paths.login, { replace: true });
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      setBusy(false);
    }
  };

  return (
    <div className="auth-page">
      <div className="card auth-card">
        <h1>Alege o parolă nouă</h1>
        <form className="form" onSubmit={(e) => void submit(e)}>
          <div className="field">
            <label htmlFor="reset-email">E-mail</label>
            <input
              id="reset-email"
              type="email"
              autoComplete="username"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              required
              {...invalidProps(errors, 'email', 'reset')}
            />
            <FieldError id="reset-email-error" messages={errors.email} />
          </div>
          <div className="field">
            <label htmlFor="reset-password">Parola nouă</label>
            <input
              id="reset-password"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              required
              autoFocus
              {...invalidProps(errors, 'password', 'reset')}
            />
            <div className="field-hint">Cel puțin 8 caractere, cu cel puțin o literă și o cifră.</div>
            <FieldError id="reset-password-error" messages={errors.password} />
          </div>
          <div className="field">
            <label htmlFor="reset-password-confirmation">Confirmă parola nouă</label>
            <input
              id="reset-password-confirmation"
              type="password"
              autoComplete="new-password"
              value={confirmation}
              onChange={(e) => setConfirmation(e.target.value)}
              required
              {...invalidProps(errors, 'password_confirmation', 'reset')}
            />
            <FieldError id="reset-password_confirmation-error" messages={errors.password_confirmation} />
          </div>
          <FieldError id="reset-token-error" messages={errors.token} />
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? 'Se salvează…' : 'Salvează parola nouă'}
          </button>
        </form>
        <p>
          <Link to={paths.forgotPassword}>Cere un link nou</Link>
        </p>
      </div>
    </div>
  );
}
