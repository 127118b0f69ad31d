import { useState } from 'react';
import { toast } from '../ui/toast';
import { resendVerification } from './api/email';
import { useCurrentUser } from './hooks';

/**
 * Above every area's pages while the signed-in user's address is unverified: what is waiting and a
 * „Retrimite linkul” button. Nothing once the address is verified (or on servers that don't say).
 */
export function EmailVerificationNotice() {
  const user = useCurrentUser();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  if (!user || user.email_verified !== false) return null;

  const resend = async (): Promise<void> => {
    setBusy(true);
    try {
      const message = await resendVerification();
      setSent(message);
      void toast.success(message);
    } catch {
      // The HTTP client already showed the server's message (e.g. wait a minute).
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="notice notice-warning area-notice" role="status" data-testid="email-verification-notice">
      <p>
        <strong>Confirmă adresa de e-mail.</strong> Ți-am trimis un link la {user.email}. Până îl deschizi nu poți
        invita utilizatori, trimite mesaje sau colabora cu holdinguri.
        {sent ? <span className="muted"> {sent}</span> : null}
      </p>
      <button type="button" className="btn btn-ghost" onClick={() => void resend()} disabled={busy}>
        {busy ? 'Se trimite…' : 'Retrimite linkul'}
      </button>
    </div>
  );
}
