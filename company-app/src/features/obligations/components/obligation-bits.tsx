import { useId, useState, type FormEvent } from 'react';
import { Modal, confirmDialog, errorMessage, fieldErrors, toast, useDownload, DownloadStatus } from '@dosar/shared';
import {
  downloadReceipt,
  fileObligation,
  unfileObligation,
  type Obligation,
  type ObligationStatus,
} from '../api/obligations';

export const STATUS_LABELS: Record<ObligationStatus, string> = {
  due: 'De depus',
  late: 'Întârziată',
  filed: 'Depusă',
};

const STATUS_CLASSES: Record<ObligationStatus, string> = {
  due: 'badge badge-warning',
  late: 'badge badge-danger',
  filed: 'badge badge-success',
};

/** '2026-12-28' → '28.12.2026' (the date as written in Romania; no time zone can shift it). */
export function romanianDay(day: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day ?? '');
  return match ? `${match[3]}.${match[2]}.${match[1]}` : '—';
}

export function StatusChip({ status }: { status: ObligationStatus }) {
  return <span className={STATUS_CLASSES[status]}>{STATUS_LABELS[status]}</span>;
}

/** The receipts ANAF gives back: its PDF or the XML of its answer. */
const RECEIPT_ACCEPT = '.pdf,.xml,application/pdf,application/xml,text/xml';

interface ActionsProps {
  companyId: number;
  clientId: number;
  /** The client's name, for the buttons' accessible names and the confirmation (absent on the client's own page). */
  clientName?: string;
  obligation: Obligation;
  /** Called with the obligation as the server now has it. */
  onChanged: (obligation: Obligation) => void;
}

/**
 * An obligation's buttons: „Marchează depusă” (with the receipt's upload) while it is not filed; the
 * receipt's download and „Anulează depunerea” (after a confirmation) once it is.
 */
export function ObligationActions({ companyId, clientId, clientName, obligation, onChanged }: ActionsProps) {
  const [filing, setFiling] = useState(false);
  const [undoing, setUndoing] = useState(false);
  const download = useDownload();
  const what = [obligation.code, obligation.period_label, clientName].filter(Boolean).join(', ');

  const undo = async () => {
    const confirmed = await confirmDialog({
      title: `Anulezi depunerea ${obligation.code}?`,
      text: `${clientName ? `${clientName}, ` : ''}${obligation.period_label}: declarația redevine nedepusă, iar recipisa ajunge în coșul de gunoi al clientului.`,
      confirmButtonText: 'Anulează depunerea',
      cancelButtonText: 'Renunță',
      danger: true,
    });
    if (!confirmed) return;
    setUndoing(true);
    try {
      const answer = await unfileObligation(companyId, clientId, obligation);
      onChanged(answer.data);
      void toast.success(answer.message);
    } catch {
      /* the shared client already showed the refusal */
    } finally {
      setUndoing(false);
    }
  };

  if (obligation.status !== 'filed') {
    return (
      <>
        <button type="button" className="btn" aria-label={`Marchează depusă: ${what}`} onClick={() => setFiling(true)}>
          Marchează depusă
        </button>
        {filing ? (
          <FileReceiptDialog
            companyId={companyId}
            clientId={clientId}
            clientName={clientName}
            obligation={obligation}
            onClose={() => setFiling(false)}
            onFiled={(filed) => {
              setFiling(false);
              onChanged(filed);
            }}
          />
        ) : null}
      </>
    );
  }
  const receipt = obligation.receipt;
  return (
    <span className="month-actions">
      {receipt ? (
        <button
          type="button"
          className="btn btn-ghost"
          aria-label={`Descarcă recipisa: ${what}`}
          onClick={() =>
            void download.run(receipt.name, receipt.name, downloadReceipt(companyId, clientId, receipt.id))
          }
        >
          Recipisa
        </button>
      ) : null}
      <button
        type="button"
        className="btn"
        disabled={undoing}
        aria-label={`Anulează depunerea: ${what}`}
        onClick={() => void undo()}
      >
        {undoing ? 'Se anulează…' : 'Anulează'}
      </button>
      {download.progress ? <DownloadStatus progress={download.progress} onCancel={download.cancel} /> : null}
    </span>
  );
}

interface DialogProps {
  companyId: number;
  clientId: number;
  clientName?: string;
  obligation: Obligation;
  onClose: () => void;
  onFiled: (obligation: Obligation) => void;
}

/** „Marchează depusă”: the receipt (recipisă) to upload, one PDF or XML file. */
export function FileReceiptDialog({ companyId, clientId, clientName, obligation, onClose, onFiled }: DialogProps) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setError('Alege recipisa declarației (un fișier PDF sau XML).');
      return;
    }
    setBusy(true);
    try {
      const answer = await fileObligation(companyId, clientId, obligation, file);
      void toast.success(answer.message);
      onFiled(answer.data);
    } catch (err) {
      const fields = fieldErrors(err);
      setError(fields.files ?? fields.code ?? errorMessage(err, 'Declarația nu a putut fi marcată ca depusă.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title={`Marchează depusă: ${obligation.code}`} onClose={onClose}>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <p>
          {`${clientName ? `${clientName} — ` : ''}${obligation.name}, ${obligation.period_label}. Termen: ${romanianDay(obligation.due_date)}.`}
        </p>
        <div className="field">
          <label htmlFor={`${id}-receipt`}>Recipisa (PDF sau XML)</label>
          <input
            id={`${id}-receipt`}
            type="file"
            accept={RECEIPT_ACCEPT}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : `${id}-hint`}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setError(undefined);
            }}
          />
          <p className="field-hint" id={`${id}-hint`}>
            Recipisa devine un document al clientului, pe care îl vede și el.
          </p>
          {error ? (
            <p className="field-error" id={`${id}-error`} role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <div className="form-actions">
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            Renunță
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Se încarcă…' : 'Marchează depusă'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
