import { useState, type FormEvent } from 'react';
import { FormActions, Modal, Select, countOf, toast } from '@dosar/shared';
import { useHoldingOptions } from '../../../lib/api/list-holdings';
import { transferCategories } from '../api/transfer-category';
import type { HoldingRow } from '../api/get-holdings';

interface TransferCategoriesDialogProps {
  companyId: number;
  source: HoldingRow;
  onClose: () => void;
}

/** Copies the source holding's categories to another holding (transferCategory). */
export function TransferCategoriesDialog({ companyId, source, onClose }: TransferCategoriesDialogProps) {
  const holdings = useHoldingOptions(companyId);
  const [target, setTarget] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const options = holdings.options.filter((o) => o.value !== String(source.id));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!target) {
      setError('Alege holdingul care primește categoriile.');
      return;
    }
    setPending(true);
    try {
      const result = await transferCategories(companyId, source.id, Number(target));
      const copied = result.copied ?? 0;
      void toast.success(
        copied === 0
          ? 'Holdingul ales avea deja toate aceste categorii.'
          : copied === 1
            ? 'A fost copiată o categorie.'
            : `Au fost copiate ${countOf(copied, 'categorie', 'categorii')}.`,
      );
      onClose();
    } catch {
      setPending(false);
    }
  };

  return (
    <Modal title={`Transferă categoriile holdingului ${source.name}`} onClose={onClose}>
      <form className="form" noValidate onSubmit={onSubmit}>
        <p className="muted">
          Categoriile lui {source.name} (sau setul implicit, dacă nu are unul propriu) se adaugă, în aceeași ordine, la
          holdingul ales. Categoriile pe care le are deja nu se dublează.
        </p>
        <div className="field">
          <label htmlFor="transfer-target">Holdingul care primește categoriile</label>
          <Select
            inputId="transfer-target"
            aria-label="Holdingul care primește categoriile"
            options={options}
            value={target}
            placeholder={holdings.loading ? 'Se încarcă…' : 'Alege un holding'}
            onChange={(v) => {
              setTarget(String(v));
              setError(undefined);
            }}
          />
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
          {!holdings.loading && options.length === 0 && (
            <p className="muted">Nu există alt holding către care să transferi.</p>
          )}
        </div>
        <FormActions
          busy={pending}
          busyLabel="Se transferă…"
          submitLabel="Transferă"
          disabled={options.length === 0}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
