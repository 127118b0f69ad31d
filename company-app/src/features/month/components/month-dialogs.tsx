import { useState, type FormEvent } from 'react';
import { FormActions, Modal, REJECTION_REASONS, TextAreaField } from '@dosar/shared';

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

export interface NotApplicableDialogProps {
  /** The item's name. */
  name: string;
  onClose: () => void;
  onSave: (note: string) => Promise<void>;
}

/** „Nu se aplică”: the firm says why (the note is required). */
export function NotApplicableDialog({ name, onClose, onSave }: NotApplicableDialogProps) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = note.trim();
    if (!text) {
      setError('Scrie de ce nu se aplică.');
      return;
    }
    setBusy(true);
    try {
      await onSave(text);
      onClose();
    } catch {
      setBusy(false);
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
          error={error}
          onChange={(e) => {
            setNote(e.target.value);
            setError(undefined);
          }}
        />
        <FormActions busy={busy} busyLabel="Se salvează…" submitLabel="Salvează" onCancel={onClose} />
      </form>
    </Modal>
  );
}
