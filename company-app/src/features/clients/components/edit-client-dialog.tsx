import { useState, type FormEvent } from 'react';
import {
  FormActions,
  Modal,
  Select,
  TextAreaField,
  TextField,
  fieldErrors,
  isEmail,
  isValidCui,
  toast,
  type ClientSummary,
  isValidPhone,
  PHONE_INVALID,
} from '@dosar/shared';
import { useHoldingOptions } from '../../../lib/api/list-holdings';
import { updateClient, type UpdateClientInput } from '../api/client-record';
import { CUI_INVALID } from './new-client-page';

/** The holding select's "none" choice (the server reads holding_id null as "outside any holding"). */
const NO_HOLDING = '';

interface Form {
  name: string;
  cui: string;
  email: string;
  phone: string;
  notes: string;
  holdingId: string;
}

type Errors = Partial<Record<keyof Form | 'holding_id', string>>;

/** The same checks as the new-client form, before sending; the server answers 422 with the same rules. */
export function validateEdit(form: Form): Errors {
  const errors: Errors = {};
  if (!form.name.trim()) errors.name = 'Numele clientului este obligatoriu.';
  if (!form.cui.trim()) errors.cui = 'CUI-ul este obligatoriu.';
  else if (!isValidCui(form.cui)) errors.cui = CUI_INVALID;
  if (form.email.trim() && !isEmail(form.email)) errors.email = 'Adresa de e-mail nu este validă.';
  if (form.phone.trim() && !isValidPhone(form.phone)) errors.phone = PHONE_INVALID;
  return errors;
}

export interface EditClientDialogProps {
  companyId: number;
  client: ClientSummary;
  onSaved: () => void;
  onClose: () => void;
}

/** „Editează” on the client page (role 2): the client's fields and its holding, saved in one call. */
export function EditClientDialog({ companyId, client, onSaved, onClose }: EditClientDialogProps) {
  const holdings = useHoldingOptions(companyId);
  const [form, setForm] = useState<Form>({
    name: client.name,
    cui: client.cui ?? '',
    email: client.email ?? '',
    phone: client.phone ?? '',
    notes: client.notes ?? '',
    holdingId: client.holding ? String(client.holding.id) : NO_HOLDING,
  });
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);

  const bind = (field: keyof Form) => ({
    value: form[field],
    onChange: (e: { target: { value: string } }) => {
      setForm((f) => ({ ...f, [field]: e.target.value }));
      setErrors((current) => ({ ...current, [field]: undefined }));
    },
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const local = validateEdit(form);
    setErrors(local);
    if (Object.keys(local).length > 0) return focusFirstError();
    const optional = (value: string) => (value.trim() ? value.trim() : null);
    const input: UpdateClientInput = {
      name: form.name.trim(),
      cui: form.cui.trim(),
      email: optional(form.email),
      phone: optional(form.phone),
      notes: optional(form.notes),
      holding_id: form.holdingId === NO_HOLDING ? null : Number(form.holdingId),
    };
    setPending(true);
    try {
      const saved = await updateClient(companyId, client.id, input);
      void toast.success(saved.message || 'Clientul a fost actualizat.');
      onSaved();
    } catch (err) {
      // The shared client already showed the message; the fields get theirs.
      setErrors(fieldErrors(err) as Errors);
      focusFirstError();
    } finally {
      setPending(false);
    }
  };

  const holdingOptions = [{ value: NO_HOLDING, label: 'Fără holding' }, ...holdings.options];
  if (client.holding && !holdings.options.some((o) => o.value === String(client.holding?.id))) {
    holdingOptions.push({ value: String(client.holding.id), label: client.holding.name });
  }

  return (
    <Modal title={`Editează ${client.name}`} onClose={onClose}>
      <form className="form" noValidate onSubmit={onSubmit} aria-busy={pending}>
        <TextField id="edit-client-name" label="Nume" required error={errors.name} {...bind('name')} />
        <TextField
          id="edit-client-cui"
          label="CUI"
          required
          hint="Cod unic de înregistrare, cu sau fără prefixul RO."
          error={errors.cui}
          {...bind('cui')}
        />
        <TextField id="edit-client-email" label="E-mail" type="email" error={errors.email} {...bind('email')} />
        <TextField id="edit-client-phone" label="Telefon" type="tel" error={errors.phone} {...bind('phone')} />
        <div className="field">
          <label htmlFor="edit-client-holding">Holding</label>
          <Select
            inputId="edit-client-holding"
            aria-label="Holding"
            options={holdingOptions}
            value={form.holdingId}
            placeholder={holdings.loading ? 'Se încarcă…' : 'Fără holding'}
            onChange={(value) => {
              setForm((f) => ({ ...f, holdingId: value == null ? NO_HOLDING : String(value) }));
              setErrors((current) => ({ ...current, holding_id: undefined }));
            }}
          />
          {errors.holding_id && (
            <p className="field-error" role="alert">
              {errors.holding_id}
            </p>
          )}
        </div>
        <TextAreaField id="edit-client-notes" label="Note" rows={4} error={errors.notes} {...bind('notes')} />
        <FormActions busy={pending} busyLabel="Se salvează…" submitLabel="Salvează" onCancel={onClose} />
      </form>
    </Modal>
  );
}

function focusFirstError() {
  setTimeout(() => document.querySelector<HTMLElement>('[role="dialog"] [aria-invalid="true"]')?.focus(), 0);
}
