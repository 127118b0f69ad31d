import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { toast } from '../ui/toast';
import { updateProfile } from './api/update-profile';
import { useCurrentUser } from './hooks';
import { userUpdated } from './session-slice';

type FieldErrors = Record<string, string[]>;

function fieldErrorsOf(error: unknown): FieldErrors {
  const data = (error as { response?: { data?: { errors?: unknown } } })?.response?.data;
  return data?.errors && typeof data.errors === 'object' ? (data.errors as FieldErrors) : {};
}

function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <div className="field-error" id={id}>
      {errors.join(' ')}
    </div>
  );
}

/** The signed-in user's profile: name, e-mail and a password change (current, new, confirmation). */
export function ProfileForm() {
  const user = useCurrentUser();
  const dispatch = useDispatch();
  const [name, setName] = useState(user?.name ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [savingDetails, setSavingDetails] = useState(false);
  const [detailErrors, setDetailErrors] = useState<FieldErrors>({});

  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [savingPassword, setSavingPassword] = useState(false);
  const [passwordErrors, setPasswordErrors] = useState<FieldErrors>({});

  useEffect(() => {
    setName(user?.name ?? '');
    setEmail(user?.email ?? '');
  }, [user?.name, user?.email]);

  if (!user) return null;

  const saveDetails = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    setSavingDetails(true);
    setDetailErrors({});
    try {
      const updated = await updateProfile(user.id, { name: name.trim(), email: email.trim() });
      dispatch(userUpdated(updated));
      void toast.success('Profilul a fost actualizat.');
    } catch (error) {
      setDetailErrors(fieldErrorsOf(error));
    } finally {
      setSavingDetails(false);
    }
  };

  const savePassword = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (password !== confirmation) {
      setPasswordErrors({ password_confirmation: ['Confirmarea parolei nu corespunde.'] });
      return;
    }
    setSavingPassword(true);
    setPasswordErrors({});
    try {
      const updated = await updateProfile(user.id, {
        current_password: currentPassword,
        password,
        password_confirmation: confirmation,
      });
      dispatch(userUpdated(updated));
      setCurrentPassword('');
      setPassword('');
      setConfirmation('');
      void toast.success('Parola a fost schimbată.');
    } catch (error) {
      setPasswordErrors(fieldErrorsOf(error));
    } finally {
      setSavingPassword(false);
    }
  };

  const invalid = (errors: FieldErrors, field: string) =>
    errors[field]?.length ? { 'aria-invalid': true as const, 'aria-describedby': `profile-${field}-error` } : {};

  return (
    <div className="grid profile-grid">
      <section className="card" aria-labelledby="profile-details-title">
        <h2 id="profile-details-title">Date personale</h2>
        <form className="form" onSubmit={(e) => void saveDetails(e)} noValidate>
          <div className="field">
            <label htmlFor="profile-name">Nume</label>
            <input
              id="profile-name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              autoComplete="name"
              required
              {...invalid(detailErrors, 'name')}
            />
            <FieldError id="profile-name-error" errors={detailErrors.name} />
          </div>
          <div className="field">
            <label htmlFor="profile-email">E-mail</label>
            <input
              id="profile-email"
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              autoComplete="email"
              required
              {...invalid(detailErrors, 'email')}
            />
            <FieldError id="profile-email-error" errors={detailErrors.email} />
          </div>
          <div className="form-actions">
            <button type="submit" className="btn btn-primary" disabled={savingDetails}>
              {savingDetails ? 'Se salvează…' : 'Salvează'}
            </button>
          </div>
        </form>
      </section>
      <section className="card" aria-labelledby="profile-password-title">
        <h2 id="profile-password-title">Schimbă parola</h2>
        <form className="form" onSubmit={(e) => void savePassword(e)} noValidate>
          <div className="field">
            <label htmlFor="profile-current-password">Parola actuală</label>
            <input
              id="profile-current-password"
              type="password"
              value={currentPassword}
              onChange={(e) => setCurrentPassword(e.target.value)}
              autoComplete="current-password"
              required
              {...invalid(passwordErrors, 'current_password')}
            />
            <FieldError id="profile-current_password-error" errors={passwordErrors.current_password} />
          </div>
          <div className="field">
            <label htmlFor="profile-password">Parola nouă</label>
            <input
              id="profile-password"
              type="password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete="new-password"
              required
              {...invalid(passwordErrors, 'password')}
            />
            <div className="field-hint">Cel puțin 8 caractere, cu cel puțin o literă și o cifră.</div>
            <FieldError id="profile-password-error" errors={passwordErrors.password} />
          </div>
          <div className="field">
            <label htmlFor="profile-password-confirmation">Confirmă parola nouă</label>
            <input
              id="profile-password-confirmation"
              type="password"
              value={confirmation}
              onChange={(e) => setConfirmation(e.target.value)}
              autoComplete="new-password"
              required
              {...invalid(passwordErrors, 'password_confirmation')}
            />
            <FieldError id="profile-password_confirmation-error" errors={passwordErrors.password_confirmation} />
          </div>
          <div className="form-actions">
            <button
              type="submit"
              className="btn btn-primary"
              disabled={savingPassword || !currentPassword || !password || !confirmation}
            >
              {savingPassword ? 'Se salvează…' : 'Schimbă parola'}
            </button>
          </div>
        </form>
      </section>
    </div>
  );
}
