import { useState, type FormEvent } from 'react';
import {
  FREQUENCY_LABELS,
  FieldShell,
  FormActions,
  Modal,
  Select,
  TextAreaField,
  TextField,
  fieldErrors,
  type Applies,
  type Frequency,
  type RequirementDefaultInput,
} from '@dosar/shared';
import type { CategoryOption } from '../api/month-base';

/** Who a default of the firm's set is asked of. */
export const APPLIES_LABELS: Record<Applies, string> = {
  always: 'Mereu',
  bank_account: 'Pentru fiecare cont bancar',
  employees: 'Dacă are angajați',
  cash_register: 'Dacă are casă de marcat',
};

const FREQUENCIES: Frequency[] = ['monthly', 'quarterly', 'yearly'];
const NO_CATEGORY = 0;

export interface RequirementDialogProps {
  title: string;
  /** The requirement (or default) being edited; empty for a new one. */
  initial?: {
    name: string;
    frequency: Frequency;
    category: { id: number } | null;
    details: string | null;
    applies?: Applies;
  };
  categories: CategoryOption[];
  /** Shows „Se cere” (the firm's default set). */
  withApplies?: boolean;
  onClose: () => void;
  /** Saves; a 422 shows its messages under the fields, other refusals were toasted. */
  onSave: (input: RequirementDefaultInput) => Promise<void>;
}

/** Add or edit what a client owes (or a default of the firm's set): name, category, frequency, details. */
export function RequirementDialog({
  title,
  initial,
  categories,
  withApplies = false,
  onClose,
  onSave,
}: RequirementDialogProps) {
  const [name, setName] = useState(initial?.name ?? '');
  const [frequency, setFrequency] = useState<Frequency>(initial?.frequency ?? 'monthly');
  const [categoryId, setCategoryId] = useState<number>(initial?.category?.id ?? NO_CATEGORY);
  const [details, setDetails] = useState(initial?.details ?? '');
  const [applies, setApplies] = useState<Applies>(initial?.applies ?? 'always');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setErrors({ name: 'Scrie numele documentului.' });
      return;
    }
    setBusy(true);
    try {
      await onSave({
        name: name.trim(),
        frequency,
        category_id: categoryId === NO_CATEGORY ? null : categoryId,
        details: details.trim() || null,
        ...(withApplies ? { applies } : {}),
      });
      onClose();
    } catch (err) {
      setErrors(fieldErrors(err));
      setBusy(false);
    }
  };

  return (
    <Modal title={title} onClose={onClose}>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label="Numele documentului"
          required
          maxLength={120}
          value={name}
          error={errors.name}
          onChange={(e) => setName(e.target.value)}
        />
        <FieldShell id="requirement-category" label="Categoria" error={errors.category_id}>
          <Select
            inputId="requirement-category"
            aria-label="Categoria"
            options={[
              { value: NO_CATEGORY, label: 'Fără categorie' },
              ...categories.map((c) => ({ value: c.id, label: c.name })),
            ]}
            value={categoryId}
            onChange={(v) => setCategoryId(Number(v))}
          />
        </FieldShell>
        <FieldShell id="requirement-frequency" label="Frecvența" error={errors.frequency}>
          <Select
            inputId="requirement-frequency"
            aria-label="Frecvența"
            options={FREQUENCIES.map((f) => ({ value: f, label: FREQUENCY_LABELS[f] }))}
            value={frequency}
            onChange={(v) => setFrequency(v as Frequency)}
          />
        </FieldShell>
        {withApplies ? (
          <FieldShell id="requirement-applies" label="Se cere" error={errors.applies}>
            <Select
              inputId="requirement-applies"
              aria-label="Se cere"
              options={(Object.keys(APPLIES_LABELS) as Applies[]).map((a) => ({ value: a, label: APPLIES_LABELS[a] }))}
              value={applies}
              onChange={(v) => setApplies(v as Applies)}
            />
          </FieldShell>
        ) : null}
        <TextAreaField
          label="Detalii"
          hint="Ce vede clientul sub nume, ex. contul bancar sau ce să conțină."
          maxLength={500}
          value={details}
          error={errors.details}
          onChange={(e) => setDetails(e.target.value)}
        />
        <FormActions busy={busy} busyLabel="Se salvează…" submitLabel="Salvează" onCancel={onClose} />
      </form>
    </Modal>
  );
}
