import { MessageDialog } from '@dosar/shared';
import { notifyClient } from '../api/notify-client';

interface NotifyClientDialogProps {
  companyId: number;
  clientId: number;
  clientName: string;
  clientEmail: string | null | undefined;
  onClose: () => void;
}

/** Sends the client an e-mail with a message from the company. */
export function NotifyClientDialog({ companyId, clientId, clientName, clientEmail, onClose }: NotifyClientDialogProps) {
  return (
    <MessageDialog
      title={`Notifică ${clientName}`}
      description={
        clientEmail ? `Mesajul pleacă prin e-mail la ${clientEmail}.` : 'Mesajul pleacă prin e-mail către client.'
      }
      submitLabel="Trimite notificarea"
      successMessage="Notificarea a fost trimisă."
      onSend={(message) => notifyClient(companyId, clientId, { message })}
      onClose={onClose}
    />
  );
}
