import { useState, type FormEvent } from 'react';
import {
  FormActions,
  TextField,
  fieldErrors,
  isEmail,
  isValidCui,
  normalizeCui,
  toast,
  useFormFields,
} from '@dosar/shared';
import { inviteCompany, type InviteCompanyInput } from '../api/company-requests';

type Errors = Partial<Record<keyof InviteCompanyInput, string>>;

const EMPTY: InviteCompanyInput = { name: '', cui: '', email: '' };

export function validateInvite(input: InviteCompanyInput): Errors {
  const errors: Errors = {};
  if (!input.name.trim()) errors.name = 'Numele firmei este obligatoriu.';
  if (!input.cui.trim()) errors.cui = 'CUI-ul este obligatoriu.';
  else if (!isValidCui(normalizeCui(input.cui))) errors.cui = 'CUI-ul nu este valid (cifra de control nu corespunde).';
  if (!input.email.trim()) errors.email = 'Adresa de e-mail este obligatorie.';
  else if (!isEmail(input.email)) errors.email = 'Adresa de e-mail nu este validă.';
  return errors;
}

interface InviteCompanyFormProps {
  holdingId: number;
  onInvited: () => void;
}

/** Invites an accounting company (name, CUI, e-mail): it receives a link to confirm or reject. */
export function InviteCompanyForm({ holdingId, onInvited }: InviteCompanyFormProps) {
  const { values: input, setValues: setInput, setErrors, field } = useFormFields<InviteCompanyInput>(EMPTY);
  const [sending, setSending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = validateInvite(input);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setSending(true);
    try {
      const result = await inviteCompany(holdingId, {
        name: input.name.trim(),
        cui: input.cui.trim().toUpperCase().replace(/\s+/g, ''),
        email: input.email.trim(),
      });
      void toast.success(result.message ?? 'Invitația a fost trimisă pe e-mail.');
      setInput(EMPTY);
      onInvited();
    } catch (err) {
      // The shared client toasted the message; keep the field errors beside their inputs too.
      setErrors(fieldErrors(err));
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="form" noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby="invite-company-title">
      <h2 id="invite-company-title">Invită o firmă de contabilitate</h2>
      <p className="muted">
        Firma primește pe e-mail un link prin care confirmă sau respinge colaborarea. Dacă nu are încă un cont, acesta
        se creează la confirmare.
      </p>
      <TextField label="Numele firmei" {...field('name')} autoComplete="organization" />
      <TextField
        label="CUI"
        {...field('cui')}
        hint="Cu sau fără prefixul RO, de exemplu RO12345674."
        inputMode="text"
        autoComplete="off"
      />
      <TextField label="E-mail" type="email" {...field('email')} autoComplete="email" />
      <FormActions busy={sending} busyLabel="Se trimite…" submitLabel="Trimite invitația" />
    </form>
  );
}
