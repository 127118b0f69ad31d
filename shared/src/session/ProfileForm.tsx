import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { fieldErrorsOf, passwordMismatch, type FieldErrors } from '../lib/field-errors';
import { FieldRow, NewPasswordFields } from '../ui/FieldRow';
import { toast } from '../ui/toast';
import { updateProfile } from './api/update-profile';
import { useCurrentUser } from './hooks';
import { userUpdated } from './session-slice';
import { FormActions } from '../ui/FormActions';

/** The signed-in user's profile: name, e-mail and a password change (current, new, confirmation). */
export function ProfileForm() {
  const user = useCurrentUser();
  const dispatch = useDispatch();
  const [name, setName] = useState(user?.name ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [emailPassword, setEmailPassword] = useState('');
  const [savingDetails, setSavingDetails] = useState(false);
  const [detailErrors, setDetailErrors] = useState<FieldErrors>({});
  /** The address a change link was just sent to (the account's address changes only once it is opened). */
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null);

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
  // A new e-mail address is confirmed with the current password (the server asks for it).
  const emailChanged = email.trim().toLowerCase() !== user.email.toLowerCase();

  const saveDetails = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    setSavingDetails(true);
    setDetailErrors({});
    try {
      const updated = await updateProfile(user.id, {
        name: name.trim(),
        email: email.trim(),
        ...(emailChanged ? { current_password: emailPassword } : {}),
      });
      dispatch(userUpdated(updated));
      setEmailPassword('');
      if (emailChanged) {
        // The account keeps its address until the link sent to the new one is opened.
        setLinkSentTo(email.trim());
        setEmail(updated.email);
        void toast.success('Ți-am trimis un link de confirmare la noua adresă.');
      } else {
        void toast.success('Profilul a fost actualizat.');
      }
    } catch (error) {
      setDetailErrors(fieldErrorsOf(error));
    } finally {
      setSavingDetails(false);
    }
  };

  const savePassword = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const mismatch = passwordMismatch(password, confirmation);
    if (mismatch) {
      setPasswordErrors(mismatch);
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

  const details = { idPrefix: 'profile', errors: detailErrors, required: true } as const;
  return (
    <div className="grid profile-grid">
      <section className="card" aria-labelledby="profile-details-title">
        <h2 id="profile-details-title">Date personale</h2>
        <form className="form" onSubmit={(e) => void saveDetails(e)} noValidate>
          {linkSentTo ? (
            <div className="notice" role="status" data-testid="email-change-sent">
              <p>Ți-am trimis un link de confirmare la {linkSentTo}. Adresa se schimbă după ce deschizi linkul.</p>
            </div>
          ) : user.pending_email ? (
            <div className="notice" role="status" data-testid="email-change-pending">
              <p>
                Adresa nouă {user.pending_email} așteaptă confirmarea din linkul trimis acolo. Până atunci contul
                folosește {user.email}.
              </p>
            </div>
          ) : null}
          <FieldRow
            {...details}
            id="profile-name"
            label="Nume"
            field="name"
            value={name}
            onValue={setName}
            autoComplete="name"
          />
          <FieldRow
            {...details}
            id="profile-email"
            label="E-mail"
            field="email"
            type="email"
            value={email}
            onValue={setEmail}
            autoComplete="email"
          />
          {emailChanged ? (
            <FieldRow
              {...details}
              id="profile-email-password"
              label="Parola actuală (pentru noul e-mail)"
              field="current_password"
              type="password"
              value={emailPassword}
              onValue={setEmailPassword}
              autoComplete="current-password"
            />
          ) : null}
          <FormActions
            busy={savingDetails}
            busyLabel="Se salvează…"
            submitLabel="Salvează"
            disabled={emailChanged && !emailPassword}
          />
        </form>
      </section>
      <section className="card" aria-labelledby="profile-password-title">
        <h2 id="profile-password-title">Schimbă parola</h2>
        <form className="form" onSubmit={(e) => void savePassword(e)} noValidate>
          <FieldRow
            id="profile-current-password"
            label="Parola actuală"
            field="current_password"
            idPrefix="profile"
            errors={passwordErrors}
            type="password"
            value={currentPassword}
            onValue={setCurrentPassword}
            autoComplete="current-password"
            required
          />
          <NewPasswordFields
            idPrefix="profile"
            password={password}
            confirmation={confirmation}
            onPassword={setPassword}
            onConfirmation={setConfirmation}
            errors={passwordErrors}
          />
          <FormActions
            busy={savingPassword}
            busyLabel="Se salvează…"
            submitLabel="Schimbă parola"
            disabled={!currentPassword || !password || !confirmation}
          />
        </form>
      </section>
    </div>
  );
}
