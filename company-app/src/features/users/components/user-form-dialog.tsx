import { useState, type FormEvent } from 'react';
import {
  FormActions,
  Modal,
  TextField,
  errorMessage,
  errorStatus,
  fieldErrors,
  isEmail,
  storeTenantUser,
  toast,
  updateTenantUser,
  type TenantUser,
} from '@dosar/shared';

/** The company door's roles: 2 administrator (owner), 3 employee. */
export type CompanyRole = 2 | 3;

export const ROLE_NAMES: Record<number, string> = {
  2: 'Administrator companie',
  3: 'Angajat',
};

interface UserFormDialogProps {
  /** The company door, /api/company/{companyId}. */
  apiBase: string;
  /** null = a new user. */
  user: TenantUser | null;
  onClose: () => void;
  onSaved: () => void;
}

type Errors = Partial<Record<'name' | 'email' | 'role', string>>;

/** Create (the server e-mails a set-password link) or edit a company user. */
export function UserFormDialog({ apiBase, user, onClose, onSaved }: UserFormDialogProps) {
  const [name, setName] = useState(user?.name ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [role, setRole] = useState<CompanyRole>(user?.role === 2 ? 2 : 3);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const local: Errors = {};
    if (!name.trim()) local.name = 'Numele este obligatoriu.';
    if (!isEmail(email)) local.email = 'Adresa de e-mail nu este validă.';
    setErrors(local);
    setFormError(null);
    if (Object.keys(local).length > 0) return;
    setPending(true);
    const input = { name: name.trim(), email: email.trim(), role };
    try {
      if (user) await updateTenantUser(apiBase, user.id, input);
      else await storeTenantUser(apiBase, input);
      void toast.success(
        user
          ? 'Utilizatorul a fost actualizat.'
          : `Utilizatorul a fost creat; ${input.email} a primit un e-mail pentru a-și seta parola.`,
      );
      onSaved();
    } catch (err) {
      setPending(false);
      const server = fieldErrors(err);
      setErrors({ name: server.name, email: server.email, role: server.role });
      // A refusal without field errors (e.g. the last owner can't be demoted): show the server's text here too.
      if (Object.keys(server).length === 0 || errorStatus(err) !== 422) setFormError(errorMessage(err));
    }
  };

  return (
    <Modal title={user ? `Editează ${user.name}` : 'Utilizator nou'} onClose={onClose}>
      <form className="form" noValidate onSubmit={onSubmit}>
        {!user && <p className="muted">Utilizatorul primește un e-mail cu un link pentru a-și seta parola.</p>}
        {formError && (
          <div className="form-error" role="alert">
            {formError}
          </div>
        )}
        <TextField
          id="user-name"
          label="Nume"
          required
          value={name}
          error={errors.name}
          onChange={(e) => setName(e.target.value)}
        />
        <TextField
          id="user-email"
          label="E-mail"
          type="email"
          required
          value={email}
          error={errors.email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <fieldset className="fieldset">
          <legend>Rol</legend>
          {([2, 3] as const).map((value) => (
            <label key={value} className="radio-option">
              <input
                type="radio"
                name="user-role"
                value={value}
                checked={role === value}
                onChange={() => setRole(value)}
              />{' '}
              {ROLE_NAMES[value]}
              <span className="muted">
                {value === 2
                  ? ' — acces complet: clienți, holdinguri, categorii, utilizatori'
                  : ' — clienți, documente și fișiere utile'}
              </span>
            </label>
          ))}
          {errors.role && <p className="field-error">{errors.role}</p>}
        </fieldset>
        <FormActions
          busy={pending}
          busyLabel="Se salvează…"
          submitLabel={user ? 'Salvează' : 'Creează și trimite invitația'}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
