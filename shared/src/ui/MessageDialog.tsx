import { useState, type FormEvent, type ReactNode } from 'react';
import { fieldErrors } from '../lib/errors';
import { Modal } from './Modal';
import { TextAreaField } from './TextField';
import { toast } from './toast';
import { FormActions } from './FormActions';

export interface MessageDialogProps {
  title: string;
  description?: ReactNode;
  submitLabel?: string;
  successMessage?: string;
  /** Sends the message; may answer the server's own confirmation text. */
  onSend: (message: string) => Promise<{ message?: string } | void>;
  onClose: () => void;
}

/** A modal with one message field (notify a client or a holding by e-mail). */
export function MessageDialog({
  title,
  description,
  submitLabel = 'Trimite',
  successMessage = 'Mesajul a fost trimis.',
  onSend,
  onClose,
}: MessageDialogProps) {
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!message.trim()) {
      setError('Scrie mesajul.');
      return;
    }
    setPending(true);
    try {
      const result = await onSend(message.trim());
      void toast.success((result && result.message) || successMessage);
      onClose();
    } catch (err) {
      // The shared client toasted the server's message; keep the text so nothing is lost.
      setError(fieldErrors(err).message);
      setPending(false);
    }
  };

  return (
    <Modal title={title} onClose={onClose}>
      <form className="form" noValidate onSubmit={onSubmit}>
        {description && <div className="muted">{description}</div>}
        <TextAreaField
          id="message-dialog-text"
          label="Mesaj"
          required
          rows={6}
          maxLength={5000}
          value={message}
          error={error}
          onChange={(e) => {
            setMessage(e.target.value);
            setError(undefined);
          }}
        />
        <FormActions busy={pending} busyLabel="Se trimite…" submitLabel={submitLabel} onCancel={onClose} />
      </form>
    </Modal>
  );
}
