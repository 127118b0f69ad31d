import { useState } from 'react';
import { formatDate } from '../../lib/format';
import { useRequest } from '../../lib/use-request';
import { confirmDialog } from '../../ui/confirm-dialog';
import { ErrorState } from '../../ui/ErrorState';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import { listSessions, revokeOtherSessions, revokeSession, type ActiveSession } from '../api/sessions';

const UNKNOWN_DEVICE = 'Dispozitiv necunoscut';
const deviceName = (session: ActiveSession): string => session.device?.trim() || UNKNOWN_DEVICE;

/** The profile's „Sesiuni active" card: where the account is signed in; close one or all the others. */
export function SessionsSection() {
  const sessions = useRequest((signal) => listSessions(signal), []);
  const [busyId, setBusyId] = useState<ActiveSession['id'] | null>(null);
  const [closingOthers, setClosingOthers] = useState(false);
  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current);

  const close = async (session: ActiveSession): Promise<void> => {
    const confirmed = await confirmDialog({
      title: 'Închizi sesiunea?',
      text: `${deviceName(session)} va fi deconectat și va trebui să se autentifice din nou.`,
      confirmButtonText: 'Închide sesiunea',
      cancelButtonText: 'Renunță',
      danger: true,
    });
    if (!confirmed) return;
    setBusyId(session.id);
    try {
      await revokeSession(session.id);
      sessions.setData((previous) => (previous ?? []).filter((s) => s.id !== session.id));
      void toast.success('Sesiunea a fost închisă.');
    } catch {
      /* the shared client already showed the refusal */
    } finally {
      setBusyId(null);
    }
  };

  const closeOthers = async (): Promise<void> => {
    const confirmed = await confirmDialog({
      title: 'Închizi celelalte sesiuni?',
      text: 'Toate celelalte dispozitive vor fi deconectate. Rămâi autentificat doar aici.',
      confirmButtonText: 'Închide celelalte sesiuni',
      cancelButtonText: 'Renunță',
      danger: true,
    });
    if (!confirmed) return;
    setClosingOthers(true);
    try {
      const answer = await revokeOtherSessions();
      sessions.setData((previous) => (previous ?? []).filter((s) => s.current));
      void toast.success(answer.message || 'Celelalte sesiuni au fost închise.');
    } catch {
      /* the shared client already showed the refusal */
    } finally {
      setClosingOthers(false);
    }
  };

  let body;
  if (sessions.loading && !sessions.data) {
    body = <Spinner label="Se încarcă sesiunile…" block={false} />;
  } else if (sessions.error) {
    body = <ErrorState message="Sesiunile nu au putut fi încărcate." onRetry={sessions.reload} />;
  } else if (list.length === 0) {
    body = <p className="muted">Nu există sesiuni active.</p>;
  } else {
    body = (
      <ul className="session-list">
        {list.map((session) => (
          <li key={session.id} className="session-item">
            <div className="session-info">
              <div className="session-device">
                <strong>{deviceName(session)}</strong>
                {session.current ? <span className="badge badge-success">Sesiunea curentă</span> : null}
              </div>
              <div className="muted">IP: {session.ip || '—'}</div>
              <div className="muted">
                Ultima activitate: {formatDate(session.last_used_at ?? session.created_at, { time: true })}
              </div>
              {session.expires_at ? (
                <div className="muted">Expiră: {formatDate(session.expires_at, { time: true })}</div>
              ) : null}
            </div>
            {session.current ? null : (
              <button
                type="button"
                className="btn btn-ghost"
                aria-label={`Închide sesiunea ${deviceName(session)}, IP ${session.ip || 'necunoscut'}`}
                onClick={() => void close(session)}
                disabled={busyId === session.id || closingOthers}
              >
                {busyId === session.id ? 'Se închide…' : 'Închide'}
              </button>
            )}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="card" aria-labelledby="profile-sessions-title">
      <h2 id="profile-sessions-title">Sesiuni active</h2>
      <p className="muted">Dispozitivele pe care contul tău este autentificat acum.</p>
      {body}
      {others.length > 0 ? (
        <div className="form-actions">
          <button type="button" className="btn btn-danger" onClick={() => void closeOthers()} disabled={closingOthers}>
            {closingOthers ? 'Se închid…' : 'Închide celelalte sesiuni'}
          </button>
        </div>
      ) : null}
    </section>
  );
}
