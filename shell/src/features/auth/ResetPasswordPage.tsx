import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import {
  FieldError,
  FieldRow,
  NewPasswordFields,
  fieldErrorsOf,
  passwordMismatch,
  toast,
  type FieldErrors,
  usePageTitle,
} from '@dosar/shared';
import { paths } from '../../app/paths';
import { resetPassword } from './api/reset-password';

/** /reset-password/:token (link from the e-mail, ?email=…): a new password, then /login. */
export function ResetPasswordPage() {
  usePageTitle('Parolă nouă');
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
    const mismatch = passwordMismatch(password, confirmation);
    if (mismatch) {
      setErrors(mismatch);
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
          <FieldRow
            id="reset-email"
            label="E-mail"
            field="email"
            idPrefix="reset"
            errors={errors}
            type="email"
            autoComplete="username"
            value={email}
            onValue={setEmail}
            required
          />
          <NewPasswordFields
            idPrefix="reset"
            password={password}
            confirmation={confirmation}
            onPassword={setPassword}
            onConfirmation={setConfirmation}
            errors={errors}
            autoFocus
          />
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
