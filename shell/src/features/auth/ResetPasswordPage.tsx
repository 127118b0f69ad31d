import { useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import {
  FieldError,
  FieldRow,
  NewPasswordFields,
  fieldErrorsOf,
  homeForRole,
  isTwoFactorChallenge,
  login,
  passwordMismatch,
  sessionStarted,
  toast,
  type FieldErrors,
  usePageTitle,
} from '@dosar/shared';
import { paths } from '../../app/paths';
import { resetPassword } from './api/reset-password';

/**
 * Signs the invited person in with the password just chosen; false when that takes more (a second
 * step the account's firm asks for, a refusal): then the sign-in page does it.
 */
async function signInInvited(
  email: string,
  password: string,
  start: (answer: Parameters<typeof sessionStarted>[0]) => void,
) {
  try {
    const answer = await login(email, password);
    if (isTwoFactorChallenge(answer)) return null;
    start(answer);
    return answer.user.role;
  } catch {
    return null;
  }
}

/**
 * /reset-password/:token (link from the e-mail, ?email=…): a new password, then /login. From an
 * invitation (?invite=1) it is the account's first password: „Alege o parolă”, and once saved the
 * person is signed in and lands in their area.
 */
export function ResetPasswordPage() {
  const [search] = useSearchParams();
  const invited = search.get('invite') === '1';
  usePageTitle(invited ? 'Alege o parolă' : 'Parolă nouă');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const dispatch = useDispatch();
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
      if (invited) {
        const role = await signInInvited(email.trim(), password, (answer) => dispatch(sessionStarted(answer)));
        if (role !== null) {
          void toast.success('Parola a fost salvată. Bun venit în Dosar!');
          navigate(homeForRole(role), { replace: true });
          return;
        }
      }
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
        <h1>{invited ? 'Alege o parolă' : 'Alege o parolă nouă'}</h1>
        {invited ? <p className="muted">Este parola cu care vei intra de acum în contul tău Dosar.</p> : null}
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
            {busy ? 'Se salvează…' : invited ? 'Salvează parola și intră' : 'Salvează parola nouă'}
          </button>
        </form>
        <p>
          <Link to={paths.forgotPassword}>{invited ? 'Linkul a expirat? Cere unul nou' : 'Cere un link nou'}</Link>
        </p>
      </div>
    </div>
  );
}
