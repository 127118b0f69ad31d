import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  FormActions,
  Modal,
  TextField,
  errorMessage,
  fieldErrors,
  isEmail,
  isValidCui,
  toast,
  useFormFields,
  isValidPhone,
  PHONE_INVALID,
} from '@dosar/shared';
import { paths } from '../../../paths';
import { createCompany, type CreateCompanyInput } from '../api/create-company';

const EMPTY: CreateCompanyInput = {
  name: '',
  cui: '',
  reg_no: '',
  email: '',
  phone: '',
  address: '',
  owner_name: '',
  owner_email: '',
};

/** The admin adds a company and its owner; the owner gets an e-mail to set a password. */
export function CreateCompanyDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  // Errors stay until the next submit.
  const { values: form, setErrors, field } = useFormFields<CreateCompanyInput>(EMPTY, { clearErrorOnChange: false });
  const [formError, setFormError] = useState('');
  const [saving, setSaving] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const local: Record<string, string> = {};
    if (!form.name.trim()) local.name = 'Numele companiei este obligatoriu.';
    if (!isValidCui(form.cui)) local.cui = 'CUI-ul nu este valid: verifică cifrele.';
    if (form.phone?.trim() && !isValidPhone(form.phone)) local.phone = PHONE_INVALID;
    if (!form.owner_name.trim()) local.owner_name = 'Numele proprietarului este obligatoriu.';
    if (!isEmail(form.owner_email)) local.owner_email = 'Adresa de e-mail nu este validă.';
    setErrors(local);
    if (Object.keys(local).length) return;
    setSaving(true);
    setFormError('');
    try {
      const created = await createCompany({
        ...form,
        name: form.name.trim(),
        cui: form.cui.trim(),
        owner_name: form.owner_name.trim(),
        owner_email: form.owner_email.trim(),
      });
      void toast.success(
        `Compania „${created.company.name}” a fost creată; proprietarul a primit e-mailul pentru parolă.`,
      );
      onClose();
      navigate(paths.company(created.company.id));
    } catch (err) {
      const fields = fieldErrors(err);
      setErrors(fields);
      if (!Object.keys(fields).length) setFormError(errorMessage(err));
      setSaving(false);
    }
  }

  return (
    <Modal title="Companie nouă" onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <TextField id="company-name" label="Numele companiei" required {...field('name')} />
        <TextField id="company-cui" label="CUI" required {...field('cui')} hint="Cu sau fără prefixul RO." />
        <TextField id="company-reg" label="Nr. registrul comerțului" {...field('reg_no')} />
        <TextField id="company-email" label="E-mailul companiei" type="email" {...field('email')} />
        <TextField id="company-phone" label="Telefon" {...field('phone')} />
        <TextField id="company-address" label="Adresă" {...field('address')} />
        <h3>Proprietarul contului</h3>
        <TextField id="owner-name" label="Nume" required {...field('owner_name')} />
        <TextField
          id="owner-email"
          label="E-mail"
          type="email"
          required
          {...field('owner_email')}
          hint="Primește un link pentru setarea parolei, valabil 7 zile."
        />
        {formError && (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}
        <FormActions
          busy={saving}
          busyLabel="Se creează…"
          submitLabel="Creează compania"
          onCancel={onClose}
          cancelClassName="btn"
        />
      </form>
    </Modal>
  );
}
