import { useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { Link, useNavigate } from 'react-router-dom';
import {
  FieldRow,
  fieldErrorsOf,
  isEmail,
  isValidCui,
  sessionStarted,
  toast,
  type FieldErrors,
  type RegistrationResponse,
  usePageTitle,
  isValidPhone,
  PHONE_INVALID,
} from '@dosar/shared';
import { paths } from '../../app/paths';
import { registerCompany, type RegisterCompanyInput } from './api/register-company';

type Form = Required<RegisterCompanyInput>;

const EMPTY: Form = {
  company_name: '',
  cui: '',
  company_email: '',
  phone: '',
  name: '',
  email: '',
  password: '',
  password_confirmation: '',
};

/** The checks the browser can make before asking the server (which checks again). */
export function validateRegistration(form: Form): FieldErrors {
  const errors: FieldErrors = {};
  if (!form.company_name.trim()) errors.company_name = ['Numele companiei este obligatoriu.'];
  if (!form.cui.trim()) errors.cui = ['CUI-ul este obligatoriu.'];
  else if (!isValidCui(form.cui))
    errors.cui = ['CUI-ul nu este valid: verifică cifrele (cifra de control nu corespunde).'];
  if (form.company_email.trim() && !isEmail(form.company_email)) {
    errors.company_email = ['E-mailul companiei nu este o adresă validă.'];
  }
  if (form.phone.trim() && !isValidPhone(form.phone)) errors.phone = [PHONE_INVALID];
  if (!form.name.trim()) errors.name = ['Numele este obligatoriu.'];
  if (!form.email.trim()) errors.email = ['E-mailul este obligatoriu.'];
  else if (!isEmail(form.email)) errors.email = ['Adresa de e-mail nu este validă.'];
  const password: string[] = [];
  if ([...form.password].length < 8) password.push('Parola trebuie să aibă cel puțin 8 caractere.');
  if (!/\p{L}/u.test(form.password)) password.push('Parola trebuie să conțină cel puțin o literă.');
  if (!/\p{Nd}/u.test(form.password)) password.push('Parola trebuie să conțină cel puțin o cifră.');
  if (password.length) errors.password = password;
  if (form.password_confirmation !== form.password) {
    errors.password_confirmation = ['Confirmarea parolei nu corespunde.'];
  }
  return errors;
}

interface FieldSpec {
  field: keyof Form;
  label: string;
  type?: string;
  autoComplete?: string;
  hint?: string;
  optional?: boolean;
}

const COMPANY_FIELDS: FieldSpec[] = [
  { field: 'company_name', label: 'Numele companiei', autoComplete: 'organization' },
  { field: 'cui', label: 'CUI (cod fiscal)', hint: 'Cu sau fără prefixul RO, de exemplu RO18547290.' },
  { field: 'company_email', label: 'E-mailul companiei', type: 'email', autoComplete: 'email', optional: true },
  { field: 'phone', label: 'Telefon', type: 'tel', autoComplete: 'tel', optional: true },
];

const OWNER_FIELDS: FieldSpec[] = [
  { field: 'name', label: 'Numele tău', autoComplete: 'name' },
  { field: 'email', label: 'E-mailul tău (pentru autentificare)', type: 'email', autoComplete: 'username' },
  {
    field: 'password',
    label: 'Parolă',
    type: 'password',
    autoComplete: 'new-password',
    hint: 'Cel puțin 8 caractere, cu cel puțin o literă și o cifră.',
  },
  { field: 'password_confirmation', label: 'Confirmă parola', type: 'password', autoComplete: 'new-password' },
];

export const CUI_CLAIM_NOTICE =
  'CUI-ul este deja folosit de altă companie din Dosar; am trimis cererea administratorului platformei, care o va verifica.';

/** After a registration: the verification link sent, the CUI claim if any, then into /company. */
function Registered({
  done,
  email,
  onContinue,
}: {
  done: RegistrationResponse;
  email: string;
  onContinue: () => void;
}) {
  return (
    <div className="auth-page">
      <div className="card auth-card wide">
        <h1>Contul companiei a fost creat</h1>
        <div className="notice" role="status" data-testid="register-verify-notice">
          <p>
            Ți-am trimis un link de confirmare la <strong>{email}</strong>. Deschide-l ca să confirmi adresa: până
            atunci poți lucra în cont, dar nu poți invita utilizatori, trimite mesaje sau colabora cu holdinguri.
          </p>
        </div>
        {done.cui_claim ? (
          <div className="notice notice-warning" role="status" data-testid="register-cui-claim">
            <p>{CUI_CLAIM_NOTICE}</p>
          </div>
        ) : null}
        <button type="button" className="btn btn-primary btn-block" onClick={onContinue} autoFocus>
          Continuă în contul companiei
        </button>
      </div>
    </div>
  );
}

/**
 * /register: a new accounting company and its owner (role 2). The answer's notices (verification link,
 * CUI claim) are shown first; the session starts when the owner continues → /company (a signed-in
 * visitor on this guest page would be sent away before reading them).
 */
export function RegisterPage() {
  usePageTitle('Creează cont');
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<RegistrationResponse | null>(null);

  const set = (field: keyof Form, value: string): void => {
    setForm((f) => ({ ...f, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _dropped, ...rest }) => rest);
  };

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const local = validateRegistration(form);
    setErrors(local);
    if (Object.keys(local).length) {
      const first = Object.keys(local)[0];
      document.getElementById(`register-${first}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const input: RegisterCompanyInput = {
        company_name: form.company_name.trim(),
        cui: form.cui.trim(),
        name: form.name.trim(),
        email: form.email.trim(),
        password: form.password,
        password_confirmation: form.password_confirmation,
      };
      if (form.company_email.trim()) input.company_email = form.company_email.trim();
      if (form.phone.trim()) input.phone = form.phone.trim();
      setDone(await registerCompany(input));
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      setBusy(false);
    }
  };

  if (done) {
    const enter = (): void => {
      dispatch(sessionStarted({ user: done.user, token: done.token }));
      void toast.success('Bine ai venit în Dosar!');
      navigate(paths.company, { replace: true });
    };
    return <Registered done={done} email={done.user.email} onContinue={enter} />;
  }

  const renderField = ({ field, label, type = 'text', autoComplete, hint, optional }: FieldSpec) => (
    <FieldRow
      key={field}
      id={`register-${field}`}
      label={
        <>
          {label}
          {optional ? <span className="muted"> (opțional)</span> : null}
        </>
      }
      field={field}
      idPrefix="register"
      errors={errors}
      name={field}
      type={type}
      autoComplete={autoComplete}
      value={form[field]}
      onValue={(value) => set(field, value)}
      required={!optional}
      hint={hint}
    />
  );

  return (
    <div className="auth-page">
      <div className="card auth-card wide">
        <h1>Creează un cont pentru firma ta</h1>
        <p className="muted">
          Contul este pentru firma de contabilitate. Tu vei fi administratorul lui și îți vei putea invita apoi colegii
          și clienții.
        </p>
        <form className="form" onSubmit={(e) => void submit(e)} noValidate>
          <fieldset className="form">
            <legend>
              <h2>Compania</h2>
            </legend>
            <div className="form-row">{COMPANY_FIELDS.map(renderField)}</div>
          </fieldset>
          <fieldset className="form">
            <legend>
              <h2>Administratorul contului</h2>
            </legend>
            <div className="form-row">{OWNER_FIELDS.map(renderField)}</div>
          </fieldset>
          <p className="muted">
            Prin crearea contului accepți <Link to={paths.terms}>Termenii și condițiile</Link> și{' '}
            <Link to={paths.confidentiality}>Politica de confidențialitate</Link>.
          </p>
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? 'Se creează contul…' : 'Creează contul'}
          </button>
        </form>
        <p className="muted">
          Ai deja cont? <Link to={paths.login}>Autentifică-te</Link>
        </p>
      </div>
    </div>
  );
}
