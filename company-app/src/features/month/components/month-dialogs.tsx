import { useId, useState, type FormEvent } from 'react';
import {
  FormActions,
  Modal,
  REJECTION_REASONS,
  TextAreaField,
  errorMessage,
  pendingDocumentsOf,
  toast,
  type MonthBlockers,
  type PendingDocumentsChoice,
} from '@dosar/shared';

const MAX_TEXT = 500;

export interface RejectDialogProps {
  /** The document's name (the dialog's title). */
  name: string;
  onClose: () => void;
  /** Sends the rejection; resolves when done (the dialog closes then), rejects to stay open. */
  onReject: (reason: string) => Promise<void>;
}

/** „Respinge”: a reason from the catalogue and/or typed; the reason is required. */
export function RejectDialog({ name, onClose, onReject }: RejectDialogProps) {
  const [choice, setChoice] = useState('');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = text.trim();
    const reason = choice && typed ? `${choice}. ${typed}` : choice || typed;
    if (!reason) {
      setError('Spune de ce respingi documentul.');
      return;
    }
    if (reason.length > MAX_TEXT) {
      setError(`Motivul are cel mult ${MAX_TEXT} de caractere.`);
      return;
    }
    setBusy(true);
    try {
      await onReject(reason);
      onClose();
    } catch {
      setBusy(false);
    }
  };

  return (
    <Modal title={`Respinge „${name}”`} onClose={onClose}>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <fieldset className="choice-list">
          <legend>Motivul</legend>
          {REJECTION_REASONS.map((reason) => (
            <label key={reason} className="choice">
              <input
                type="radio"
                name="reject-reason"
                value={reason}
                checked={choice === reason}
                onChange={() => {
                  setChoice(reason);
                  setError(undefined);
                }}
              />
              <span>{reason}</span>
            </label>
          ))}
        </fieldset>
        <TextAreaField
          label="Alt motiv sau detalii"
          hint="Clientul primește motivul pe e-mail."
          value={text}
          maxLength={MAX_TEXT}
          error={error}
          onChange={(e) => {
            setText(e.target.value);
            setError(undefined);
          }}
        />
        <FormActions busy={busy} busyLabel="Se trimite…" submitLabel="Respinge" onCancel={onClose} />
      </form>
    </Modal>
  );
}

/** What the firm decided for an item's documents awaiting review („Nu se aplică”). */
export interface PendingDocumentsDecision {
  pending_documents: PendingDocumentsChoice;
  reason?: string;
}

export interface NotApplicableDialogProps {
  /** The item's name. */
  name: string;
  /** The item's documents awaiting review: the firm says what becomes of them before the item is marked. */
  pending: { id: number; name: string }[];
  onClose: () => void;
  /** Sends the mark; resolves when done (the dialog closes then), rejects with the refusal to stay open. */
  onSave: (note: string, decision?: PendingDocumentsDecision) => Promise<void>;
}

const quoted = (documents: { name: string }[]) => documents.map((d) => `„${d.name}”`).join(', ');

/**
 * „Nu se aplică”: the firm says why (the note is required). While the item has documents awaiting review
 * it also says what becomes of them — rejected with a reason (the client is told), or kept as documents
 * of the month outside the list — so none is left in „De verificat” for an item nobody expects. A
 * document that arrived meanwhile (the server's 409) brings the question up then.
 */
export function NotApplicableDialog({ name, pending: initial, onClose, onSave }: NotApplicableDialogProps) {
  const [note, setNote] = useState('');
  const [pending, setPending] = useState(initial);
  const [choice, setChoice] = useState<PendingDocumentsChoice | ''>('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ note?: string; choice?: string; reason?: string }>({});
  const [busy, setBusy] = useState(false);
  const choiceId = useId();
  const one = pending.length === 1;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = note.trim();
    const why = reason.trim();
    const found: typeof errors = {};
    if (!text) found.note = 'Scrie de ce nu se aplică.';
    if (pending.length > 0 && !choice)
      found.choice = one ? 'Alege ce se întâmplă cu documentul.' : 'Alege ce se întâmplă cu documentele.';
    if (pending.length > 0 && choice === 'reject' && !why) found.reason = 'Spune de ce respingi documentul.';
    if (why.length > MAX_TEXT) found.reason = `Motivul are cel mult ${MAX_TEXT} de caractere.`;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await onSave(
        text,
        pending.length > 0 && choice
          ? { pending_documents: choice, ...(choice === 'reject' ? { reason: why } : {}) }
          : undefined,
      );
      onClose();
    } catch (err) {
      setBusy(false);
      const arrived = pendingDocumentsOf(err);
      if (arrived) {
        setPending(arrived);
        setErrors({ choice: errorMessage(err) });
      } else {
        void toast.error(errorMessage(err, 'Cerința nu a putut fi marcată.'));
      }
    }
  };

  return (
    <Modal title={`„${name}” nu se aplică luna aceasta`} onClose={onClose}>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <TextAreaField
          label="Nota"
          required
          hint="ex. Nu a avut angajați în această lună."
          value={note}
          maxLength={MAX_TEXT}
          error={errors.note}
          onChange={(e) => {
            setNote(e.target.value);
            setErrors((now) => ({ ...now, note: undefined }));
          }}
        />
        {pending.length > 0 ? (
          <fieldset className="choice-list" aria-describedby={errors.choice ? `${choiceId}-error` : undefined}>
            <legend>
              {one
                ? `Documentul ${quoted(pending)} așteaptă verificarea. Ce se întâmplă cu el?`
                : `${pending.length} documente așteaptă verificarea: ${quoted(pending)}. Ce se întâmplă cu ele?`}
            </legend>
            <label className="choice">
              <input
                type="radio"
                name="pending-documents"
                value="reject"
                checked={choice === 'reject'}
                onChange={() => {
                  setChoice('reject');
                  setErrors((now) => ({ ...now, choice: undefined }));
                }}
              />
              <span>
                {one
                  ? 'Îl respingi, cu un motiv: clientul îl vede respins și primește motivul pe e-mail.'
                  : 'Le respingi, cu un motiv: clientul le vede respinse și primește motivul pe e-mail.'}
              </span>
            </label>
            <label className="choice">
              <input
                type="radio"
                name="pending-documents"
                value="keep"
                checked={choice === 'keep'}
                onChange={() => {
                  setChoice('keep');
                  setErrors((now) => ({ ...now, choice: undefined }));
                }}
              />
              <span>
                {one
                  ? 'Îl păstrezi ca document în plus al lunii, în afara listei (acceptat).'
                  : 'Le păstrezi ca documente în plus ale lunii, în afara listei (acceptate).'}
              </span>
            </label>
            {errors.choice ? (
              <p id={`${choiceId}-error`} className="field-error" role="alert">
                {errors.choice}
              </p>
            ) : null}
          </fieldset>
        ) : null}
        {pending.length > 0 && choice === 'reject' ? (
          <TextAreaField
            label="Motivul respingerii"
            required
            hint="Clientul primește motivul pe e-mail."
            value={reason}
            maxLength={MAX_TEXT}
            error={errors.reason}
            onChange={(e) => {
              setReason(e.target.value);
              setErrors((now) => ({ ...now, reason: undefined }));
            }}
          />
        ) : null}
        <FormActions busy={busy} busyLabel="Se salvează…" submitLabel="Salvează" onCancel={onClose} />
      </form>
    </Modal>
  );
}

export interface CloseMonthDialogProps {
  /** „Noiembrie 2026” */
  title: string;
  /** What keeps the month from closing (none: it may close). */
  blockers: MonthBlockers;
  /** „Toate cerințele lunii sunt gata”: the month's items, said before closing. */
  summary: string;
  onClose: () => void;
  /** Closes the month; resolves when done (the dialog closes then), rejects to stay open. */
  onConfirm: () => Promise<void>;
}

const ITEM_STATE: Record<MonthBlockers['items'][number]['status'], string> = {
  missing: 'lipsă',
  uploaded: 'încărcat, de verificat',
  rejected: 'respins',
};

/**
 * „Închide luna”: a month closes only whole (every item accepted or „Nu se aplică”, no document awaiting
 * review). The dialog lists what keeps it open, by name, and offers closing only when nothing does.
 */
export function CloseMonthDialog({ title, blockers, summary, onClose, onConfirm }: CloseMonthDialogProps) {
  const [busy, setBusy] = useState(false);
  const { items, documents } = blockers;
  const blocked = items.length > 0 || documents.length > 0;

  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      onClose();
    } catch {
      setBusy(false);
    }
  };

  if (blocked) {
    return (
      <Modal title={`Luna ${title} nu poate fi închisă încă`} onClose={onClose}>
        <p>
          Se închide doar o lună întreagă: fiecare document cerut acceptat sau marcat „Nu se aplică” și niciun document
          care să aștepte verificarea.
        </p>
        {items.length > 0 ? (
          <>
            <h3 className="month-blockers-title">{items.length === 1 ? 'Nu este gata' : 'Nu sunt gata'}</h3>
            <ul className="month-blockers" aria-label="Cerințe care nu sunt gata">
              {items.map((item) => (
                <li key={item.id}>
                  <strong>{item.name}</strong>
                  {item.details ? ` (${item.details})` : ''}: {ITEM_STATE[item.status]}
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {documents.length > 0 ? (
          <>
            <h3 className="month-blockers-title">Așteaptă verificarea</h3>
            <ul className="month-blockers" aria-label="Documente care așteaptă verificarea">
              {documents.map((doc) => (
                <li key={doc.id}>
                  <strong>{doc.name}</strong>
                  {doc.item ? ` — pentru „${doc.item.name}”` : ' — în afara listei'}
                </li>
              ))}
            </ul>
          </>
        ) : null}
        <div className="form-actions">
          <button type="button" className="btn btn-primary" onClick={onClose}>
            Înapoi la lună
          </button>
        </div>
      </Modal>
    );
  }

  return (
    <Modal title={`Închizi luna ${title}?`} onClose={onClose}>
      <p>
        {summary}. Documentele lunii nu mai pot fi încărcate, mutate, șterse sau verificate până o redeschizi.
        Procesul-verbal devine disponibil.
      </p>
      {/* „Renunță” first, so it has the focus when the dialog opens (as every other confirmation). */}
      <div className="form-actions">
        <button type="button" className="btn btn-ghost" disabled={busy} onClick={onClose}>
          Renunță
        </button>
        <button type="button" className="btn btn-danger" disabled={busy} onClick={() => void confirm()}>
          {busy ? 'Se închide…' : 'Închide luna'}
        </button>
      </div>
    </Modal>
  );
}
