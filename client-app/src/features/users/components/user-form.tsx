import { useId, useState, type FormEvent } from 'react';
import {
  FormActions,
  TextField,
  fieldErrors,
  isEmail,
  storeTenantUser,
  toast,
  updateTenantUser,
  useFormFields,
  type TenantUser,
} from '@dosar/shared';
import { holdingBase } from '../../../lib/holding-api';

/** The holding door's roles: 4 group administrator, 5 group user. */
export type HoldingRole = 4 | 5;

export interface UserInput {
  name: string;
  email: string;
  role: HoldingRole;
}

type Errors = Partial<Record<keyof UserInput, string>>;

export const HOLDING_ROLE_LABELS: Record<HoldingRole, string> = {
  4: 'Administrator holding',
  5: 'Utilizator holding',
};

export function validateUser(input: UserInput): Errors {
  const errors: Errors = {};
  if (!input.name.trim()) errors.name = 'Numele este obligatoriu.';
  if (!input.email.trim()) errors.email = 'Adresa de e-mail este obligatorie.';
  else if (!isEmail(input.email)) errors.email = 'Adresa de e-mail nu este validă.';
  return errors;
}

interface UserFormProps {
  holdingId: number;
  /** Absent: a new user. */
  user?: TenantUser;
  onSaved: () => void;
  onCancel: () => void;
}

/** Creates a holding user (who receives an e-mail to set a password) or edits one. */
export function UserForm({ holdingId, user, onSaved, onCancel }: UserFormProps) {
  const roleId = useId();
  const titleId = useId();
  const {
    values: input,
    setValues: setInput,
    errors,
    setErrors,
    field,
  } = useFormFields<UserInput>({
    name: user?.name ?? '',
    email: user?.email ?? '',
    role: user?.role === 4 ? 4 : 5,
  });
  const [saving, setSaving] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = validateUser(input);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setSaving(true);
    const body: UserInput = { name: input.name.trim(), email: input.email.trim(), role: input.role };
    try {
      const apiBase = holdingBase(holdingId);
      const result = user ? await updateTenantUser(apiBase, user.id, body) : await storeTenantUser(apiBase, body);
      void toast.success(
        result.message ??
          (user
            ? 'Utilizatorul a fost actualizat.'
            : 'Utilizatorul a fost creat și va primi un e-mail pentru setarea parolei.'),
      );
      onSaved();
    } catch (err) {
      setErrors(fieldErrors(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="form" noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby={titleId}>
      <h2 id={titleId}>{user ? `Editează ${user.name}` : 'Utilizator nou'}</h2>
      {!user ? <p className="muted">Utilizatorul primește pe e-mail un link pentru setarea parolei.</p> : null}
      <TextField label="Nume" {...field('name')} autoComplete="name" />
      <TextField label="E-mail" type="email" {...field('email')} autoComplete="email" />
      <div className="field">
        <label htmlFor={roleId}>Rol</label>
        <select
          id={roleId}
          value={input.role}
          onChange={(event) => setInput((current) => ({ ...current, role: Number(event.target.value) as HoldingRole }))}
          aria-invalid={errors.role ? true : undefined}
        >
          <option value={5}>{HOLDING_ROLE_LABELS[5]} — vede clienții și documentele</option>
          <option value={4}>{HOLDING_ROLE_LABELS[4]} — plus firme, utilizatori și abonament</option>
        </select>
        {errors.role ? <div className="field-error">{errors.role}</div> : null}
      </div>
      <FormActions
        busy={saving}
        busyLabel="Se salvează…"
        submitLabel={user ? 'Salvează' : 'Creează utilizatorul'}
        onCancel={onCancel}
        cancelDisabled={saving}
      />
    </form>
  );
}
