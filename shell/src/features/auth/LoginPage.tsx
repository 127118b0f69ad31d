import { Link } from 'react-router-dom';
import { LoginForm, usePageTitle } from '@dosar/shared';
import { paths } from '../../app/paths';

/** /login: after sign-in the guest-only guard sends the user to their area. */
export function LoginPage() {
  usePageTitle('Autentificare');
  return (
    <div className="auth-page">
      <div className="card auth-card">
        <h1>Autentificare</h1>
        <p className="muted">Intră în contul tău Dosar.</p>
        <LoginForm />
        <p className="auth-links">
          <Link to={paths.forgotPassword}>Ai uitat parola?</Link>
        </p>
        <p className="muted">
          Firma ta de contabilitate nu are încă un cont? <Link to={paths.register}>Creează un cont</Link>
        </p>
      </div>
    </div>
  );
}
