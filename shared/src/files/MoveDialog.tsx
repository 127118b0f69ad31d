import { useState, type FormEvent } from 'react';
import { fieldErrors } from '../lib/errors';
import { formatPeriod, periodFromNow, recentPeriods } from '../lib/months';
import { countOf } from '../lib/plural';
import { FormActions } from '../ui/FormActions';
import { Modal } from '../ui/Modal';
import { Select } from '../ui/Select';
import { TextField } from '../ui/TextField';
import { documentName, type DocumentCategory, type FileDocument } from './types';

const NO_CATEGORY = '';

export interface MoveTarget {
  category_id: number | null;
  period: string;
  /** Only for one document. */
  name?: string;
}

export interface MoveDialogProps {
  /** One document (move and rename) or several (move only). */
  documents: FileDocument[];
  categories: DocumentCategory[];
  onClose: () => void;
  /** Sends the change; a rejection with field errors shows them under the fields. */
  onSave: (target: MoveTarget) => Promise<void>;
}

/** „Mută / redenumește”: category, month and (for one document) name; Escape or Renunță closes. */
export function MoveDialog({ documents, categories, onClose, onSave }: MoveDialogProps) {
  const single = documents.length === 1 ? documents[0] : null;
  const first = documents[0];
  const [categoryId, setCategoryId] = useState(first?.category_id != null ? String(first.category_id) : NO_CATEGORY);
  const [period, setPeriod] = useState(first?.period ?? periodFromNow(0));
  const [name, setName] = useState(single ? documentName(single) : '');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const months = recentPeriods(36);
  if (period && !months.includes(period)) months.push(period);
  const ordered = [...categories].sort((a, b) => a.position - b.position || a.id - b.id);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (single && name.trim() === '') {
      setErrors({ name: 'Numele documentului este obligatoriu.' });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      await onSave({
        category_id: categoryId ? Number(categoryId) : null,
        period,
        ...(single ? { name: name.trim() } : {}),
      });
    } catch (error) {
      setErrors(fieldErrors(error));
      setBusy(false);
    }
  };

  return (
    <Modal
      title={
        single
          ? `Mută / redenumește „${documentName(single)}”`
          : `Mută ${countOf(documents.length, 'document', 'documente')}`
      }
      onClose={onClose}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        {single ? (
          <TextField
            label="Nume"
            value={name}
            maxLength={200}
            required
            error={errors.name}
            onChange={(e) => setName(e.target.value)}
          />
        ) : null}
        <div className="field">
          <label htmlFor="move-category">Categorie</label>
          <Select
            inputId="move-category"
            aria-label="Categoria nouă"
            options={[
              ...ordered.map((c) => ({ value: String(c.id), label: c.name })),
              { value: NO_CATEGORY, label: 'Fără categorie' },
            ]}
            value={categoryId}
            onChange={(v) => setCategoryId(String(v))}
          />
          {errors.category_id ? <p className="field-error">{errors.category_id}</p> : null}
        </div>
        <div className="field">
          <label htmlFor="move-period">Luna</label>
          <Select
            inputId="move-period"
            aria-label="Luna nouă"
            options={months.map((p) => ({ value: p, label: formatPeriod(p) }))}
            value={period}
            onChange={(v) => setPeriod(String(v))}
          />
          {errors.period ? <p className="field-error">{errors.period}</p> : null}
        </div>
        <FormActions busy={busy} busyLabel="Se salvează…" submitLabel="Salvează" onCancel={onClose} />
      </form>
    </Modal>
  );
}
