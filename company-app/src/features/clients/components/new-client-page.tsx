import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  FormActions,
  PageHeader,
  Select,
  TextAreaField,
  TextField,
  fieldErrors,
  isEmail,
  isValidCui,
  toast,
  isValidPhone,
  PHONE_INVALID,
  errorMessage,
} from '@dosar/shared';
import { useCompanyId } from '../../../lib/company-api';
import { useHoldingOptions } from '../../../lib/api/list-holdings';
import { paths } from '../../../paths';
import { useCreateClient, type CreateClientInput } from '../api/create-client';
import { useCuiLookup, type RegistryCompany } from '../api/lookup-cui';

type HoldingMode = 'none' | 'existing' | 'new';

interface FormState {
  name: string;
  cui: string;
  email: string;
  phone: string;
  notes: string;
  holdingMode: HoldingMode;
  holdingId: string;
  holdingName: string;
  holdingCui: string;
  holdingEmail: string;
}

const EMPTY: FormState = {
  name: '',
  cui: '',
  email: '',
  phone: '',
  notes: '',
  holdingMode: 'none',
  holdingId: '',
  holdingName: '',
  holdingCui: '',
  holdingEmail: '',
};

type Errors = Partial<Record<string, string>>;

export const CUI_INVALID = 'CUI-ul nu este valid: verifică cifrele (cifra de control nu se potrivește).';

/** Checks done before sending; the server validates the same and answers 422 otherwise. */
export function validateClientForm(form: FormState): Errors {
  const errors: Errors = {};
  if (!form.name.trim()) errors.name = 'Numele clientului este obligatoriu.';
  if (!form.cui.trim()) errors.cui = 'CUI-ul este obligatoriu.';
  else if (!isValidCui(form.cui)) errors.cui = CUI_INVALID;
  if (form.email.trim() && !isEmail(form.email)) errors.email = 'Adresa de e-mail nu este validă.';
  if (form.phone.trim() && !isValidPhone(form.phone)) errors.phone = PHONE_INVALID;
  if (form.holdingMode === 'existing' && !form.holdingId) errors.holding_id = 'Alege un holding.';
  if (form.holdingMode === 'new') {
    if (!form.holdingName.trim()) errors['holding.name'] = 'Numele holdingului este obligatoriu.';
    if (form.holdingCui.trim() && !isValidCui(form.holdingCui)) errors['holding.cui'] = CUI_INVALID;
    if (form.holdingEmail.trim() && !isEmail(form.holdingEmail)) {
      errors['holding.email'] = 'Adresa de e-mail nu este validă.';
    }
  }
  return errors;
}

/** What the registry says of the company, in one line under the CUI. */
export function registryLine(company: RegistryCompany): string {
  return [
    company.vat_payer ? 'plătitor de TVA' : 'neplătitor de TVA',
    company.e_factura ? 'înscris în RO e-Factura' : 'neînscris în RO e-Factura',
    ...(company.inactive ? ['INACTIV FISCAL'] : []),
  ].join(' · ');
}

/** The form filled from the registry: the name always (it was asked for), the rest only where empty. */
export function fillFromRegistry(form: FormState, company: RegistryCompany): FormState {
  const details = [
    company.address ? `Adresă: ${company.address}` : null,
    company.trade_register ? `Nr. Reg. Com.: ${company.trade_register}` : null,
  ].filter(Boolean);
  return {
    ...form,
    name: company.name,
    phone: form.phone.trim() || !company.phone || !isValidPhone(company.phone) ? form.phone : company.phone,
    notes: form.notes.trim() || details.length === 0 ? form.notes : details.join('\n'),
  };
}

function toInput(form: FormState): CreateClientInput {
  const optional = (value: string) => (value.trim() ? value.trim() : null);
  const input: CreateClientInput = {
    name: form.name.trim(),
    cui: form.cui.trim(),
    email: optional(form.email),
    phone: optional(form.phone),
    notes: optional(form.notes),
  };
  if (form.holdingMode === 'existing') input.holding_id = Number(form.holdingId);
  if (form.holdingMode === 'new') {
    input.new_holding = {
      name: form.holdingName.trim(),
      cui: optional(form.holdingCui),
      email: optional(form.holdingEmail),
    };
  }
  return input;
}

/** New client (role 2): on success goes to the client's view. */
export function NewClientPage() {
  const companyId = useCompanyId();
  const navigate = useNavigate();
  const holdings = useHoldingOptions(companyId);
  const { submit, pending } = useCreateClient(companyId);
  const [form, setForm] = useState<FormState>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const registry = useCuiLookup(companyId);
  const [found, setFound] = useState<RegistryCompany | null>(null);

  const set = (field: keyof FormState) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const bind = (field: keyof FormState) => ({
    value: form[field],
    onChange: (e: { target: { value: string } }) => set(field)(e.target.value),
  });

  const onLookup = async () => {
    setFound(null);
    if (!form.cui.trim() || !isValidCui(form.cui)) {
      setErrors((e) => ({ ...e, cui: form.cui.trim() ? CUI_INVALID : 'Scrie CUI-ul înainte de căutare.' }));
      document.getElementById('client-cui')?.focus();
      return;
    }
    try {
      const company = await registry.lookup(form.cui.trim());
      setForm((f) => fillFromRegistry(f, company));
      setErrors((e) => ({ ...e, name: undefined, cui: undefined }));
      setFound(company);
    } catch (err) {
      // The shared client already toasted it; the field keeps it in view.
      setErrors((e) => ({ ...e, cui: fieldErrors(err).cui ?? errorMessage(err) }));
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const local = validateClientForm(form);
    setErrors(local);
    if (Object.keys(local).length > 0) {
      focusFirstError();
      return;
    }
    try {
      const { data: client, message } = await submit(toInput(form));
      void toast.success(message ?? 'Clientul a fost adăugat.');
      navigate(paths.client(client.id));
    } catch (err) {
      // The shared client already toasted the message; show field errors next to the fields.
      setErrors(fromServer(fieldErrors(err)));
      focusFirstError();
    }
  };

  return (
    <div className="page">
      <PageHeader title="Client nou" />
      <form className="form card" noValidate onSubmit={onSubmit} aria-busy={pending}>
        <TextField
          id="client-name"
          label="Nume"
          required
          autoComplete="organization"
          error={errors.name}
          {...bind('name')}
        />
        <TextField
          id="client-cui"
          label="CUI"
          required
          hint="Cod unic de înregistrare, cu sau fără prefixul RO."
          error={errors.cui}
          onBlur={() => form.cui.trim() && !isValidCui(form.cui) && setErrors((e) => ({ ...e, cui: CUI_INVALID }))}
          {...bind('cui')}
        />
        <div className="cui-lookup">
          <button
            type="button"
            className="btn"
            onClick={onLookup}
            disabled={registry.pending}
            aria-busy={registry.pending}
          >
            {registry.pending ? 'Se caută la ANAF…' : 'Caută după CUI'}
          </button>
          <p className="field-hint" role="status" aria-live="polite">
            {found ? `Completat din registrul ANAF: ${found.name} — ${registryLine(found)}.` : ''}
          </p>
        </div>
        <TextField
          id="client-email"
          label="E-mail"
          type="email"
          autoComplete="email"
          error={errors.email}
          {...bind('email')}
        />
        <TextField
          id="client-phone"
          label="Telefon"
          type="tel"
          autoComplete="tel"
          error={errors.phone}
          {...bind('phone')}
        />

        <fieldset className="fieldset">
          <legend>Holding</legend>
          {(
            [
              ['none', 'Fără holding'],
              ['existing', 'Alege un holding existent'],
              ['new', 'Creează un holding nou'],
            ] as const
          ).map(([mode, label]) => (
            <label key={mode} className="radio-option">
              <input
                type="radio"
                name="holding-mode"
                value={mode}
                checked={form.holdingMode === mode}
                onChange={() => set('holdingMode')(mode)}
              />{' '}
              {label}
            </label>
          ))}
          {form.holdingMode === 'existing' && (
            <div className="field">
              <label htmlFor="client-holding">Holding existent</label>
              <Select
                inputId="client-holding"
                aria-label="Holding existent"
                options={holdings.options}
                value={form.holdingId}
                placeholder={holdings.loading ? 'Se încarcă…' : 'Alege un holding'}
                onChange={(value) => set('holdingId')(value == null ? '' : String(value))}
              />
              {errors.holding_id && (
                <p className="field-error" role="alert">
                  {errors.holding_id}
                </p>
              )}
            </div>
          )}
          {form.holdingMode === 'new' && (
            <>
              <TextField
                id="holding-name"
                label="Numele holdingului"
                required
                error={errors['holding.name']}
                {...bind('holdingName')}
              />
              <TextField id="holding-cui" label="CUI holding" error={errors['holding.cui']} {...bind('holdingCui')} />
              <TextField
                id="holding-email"
                label="E-mail holding"
                type="email"
                error={errors['holding.email']}
                {...bind('holdingEmail')}
              />
            </>
          )}
        </fieldset>

        <TextAreaField id="client-notes" label="Note" rows={4} error={errors.notes} {...bind('notes')} />

        <FormActions
          busy={pending}
          busyLabel="Se salvează…"
          submitLabel="Salvează clientul"
          onCancel={() => navigate(paths.dashboard)}
        />
      </form>
    </div>
  );
}

/** Server field names (new_holding.name…) to this form's error keys (holding.name…). */
function fromServer(errors: Record<string, string>): Errors {
  const out: Errors = {};
  for (const [field, message] of Object.entries(errors)) out[field.replace(/^new_holding\b/, 'holding')] = message;
  return out;
}

function focusFirstError() {
  // After React paints the messages, put the cursor on the first invalid control.
  setTimeout(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
}
