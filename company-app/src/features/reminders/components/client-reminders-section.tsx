import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  SwitchRow,
  ErrorState,
  FormActions,
  Spinner,
  TextField,
  confirmDialog,
  errorMessage,
  fieldErrors,
  formatDate,
  toast,
  useCurrentUser,
  useRequest,
} from '@dosar/shared';
import { useCompanyId } from '../../../lib/company-api';
import {
  getClientReminderFields,
  getReminderSettings,
  getUploadLink,
  remindNow,
  revokeUploadLink,
  updateClientReminderFields,
  type ClientReminderFields,
} from '../api/reminders';

/**
 * The client page's „Memento-uri” tab (composed in App.tsx, like the month's tabs): the client's own due
 * day, „Oprește memento-urile”, „Trimite memento acum” and its upload link, with „Revocă linkul”. The
 * owner (role 2) changes the due day and the pause; staff see them.
 */
export function ClientRemindersSection({ clientId }: { clientId: number }) {
  const companyId = useCompanyId();
  const owner = useCurrentUser()?.role === 2;
  const ready = companyId > 0 && clientId > 0;
  const fields = useRequest(
    (signal) => getClientReminderFields(companyId, clientId, signal),
    [companyId, clientId],
    ready,
  );
  const firm = useRequest((signal) => getReminderSettings(companyId, signal), [companyId], ready);

  if (fields.error && !fields.data)
    return <ErrorState message="Setările clientului nu au putut fi încărcate." onRetry={fields.reload} />;
  if (!fields.data) return <Spinner label="Se încarcă memento-urile clientului…" />;
  return (
    <div className="grid">
      <ClientReminderForm
        companyId={companyId}
        clientId={clientId}
        owner={owner}
        initial={fields.data}
        firmDueDay={firm.data?.due_day ?? null}
        firmEnabled={firm.data?.enabled ?? null}
        onSaved={fields.setData}
      />
      <UploadLinkCard companyId={companyId} clientId={clientId} />
    </div>
  );
}

function ClientReminderForm({
  companyId,
  clientId,
  owner,
  initial,
  firmDueDay,
  firmEnabled,
  onSaved,
}: {
  companyId: number;
  clientId: number;
  owner: boolean;
  initial: ClientReminderFields;
  firmDueDay: number | null;
  firmEnabled: boolean | null;
  onSaved: (fields: ClientReminderFields) => void;
}) {
  const id = useId();
  const [dueDay, setDueDay] = useState(initial.due_day === null ? '' : String(initial.due_day));
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [pausing, setPausing] = useState(false);
  const [sending, setSending] = useState(false);

  useEffect(() => setDueDay(initial.due_day === null ? '' : String(initial.due_day)), [initial.due_day]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const day = dueDay.trim() === '' ? null : Number(dueDay);
    if (day !== null && (!Number.isInteger(day) || day < 1 || day > 31)) {
      setError('Ziua termenului este între 1 și 31 (sau goală, pentru ziua firmei).');
      return;
    }
    setBusy(true);
    try {
      const answer = await updateClientReminderFields(companyId, clientId, { due_day: day });
      setError(undefined);
      onSaved({ due_day: answer.data.due_day ?? null, reminders_paused: Boolean(answer.data.reminders_paused) });
      void toast.success(day === null ? 'Clientul are acum termenul firmei.' : `Termenul clientului este ziua ${day}.`);
    } catch (err) {
      setError(fieldErrors(err).due_day ?? errorMessage(err, 'Termenul nu a putut fi salvat.'));
    } finally {
      setBusy(false);
    }
  };

  const togglePause = async (paused: boolean) => {
    setPausing(true);
    try {
      const answer = await updateClientReminderFields(companyId, clientId, { reminders_paused: paused });
      onSaved({ due_day: answer.data.due_day ?? null, reminders_paused: Boolean(answer.data.reminders_paused) });
      void toast.success(
        paused ? 'Memento-urile acestui client sunt oprite.' : 'Memento-urile acestui client pornesc din nou.',
      );
    } catch (err) {
      void toast.error(errorMessage(err, 'Setarea nu a putut fi salvată.'));
    } finally {
      setPausing(false);
    }
  };

  const sendNow = async () => {
    const confirmed = await confirmDialog({
      title: 'Trimiți acum un memento?',
      text: 'Clientul primește pe e-mail lista documentelor lipsă sau respinse, cu un link de încărcare.',
      confirmButtonText: 'Trimite',
      cancelButtonText: 'Renunță',
    });
    if (!confirmed) return;
    setSending(true);
    try {
      const answer = await remindNow(companyId, clientId);
      void toast.success(answer.message || 'Memento-ul a fost trimis.');
    } catch {
      /* the shared client already showed the refusal */
    } finally {
      setSending(false);
    }
  };

  const firmDay = firmDueDay === null ? 'ziua firmei' : `ziua ${firmDueDay}, a firmei`;
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Memento-uri</h2>
      {firmEnabled === false ? (
        <p className="notice notice-warning">Memento-urile firmei sunt oprite: nu pleacă niciunul automat.</p>
      ) : null}
      {owner ? (
        <form className="form" aria-label="Termenul clientului" onSubmit={(e) => void save(e)} noValidate>
          <TextField
            label="Ziua termenului pentru acest client"
            type="number"
            inputMode="numeric"
            min={1}
            max={31}
            placeholder={firmDueDay === null ? '' : String(firmDueDay)}
            hint={`Goală: ${firmDay}.`}
            value={dueDay}
            error={error}
            onChange={(e) => setDueDay(e.target.value)}
          />
          <FormActions busy={busy} busyLabel="Se salvează…" submitLabel="Salvează termenul" />
        </form>
      ) : (
        <p>
          {initial.due_day === null ? `Termenul: ${firmDay}.` : `Termenul: ziua ${initial.due_day} a lunii următoare.`}
        </p>
      )}
      <SwitchRow
        id={`${id}-paused`}
        label="Oprește memento-urile"
        checked={initial.reminders_paused}
        describedBy={`${id}-paused-hint`}
        disabled={!owner || pausing}
        onChange={(paused) => void togglePause(paused)}
      />
      <p className="field-hint" id={`${id}-paused-hint`}>
        {initial.reminders_paused
          ? 'Clientul nu primește memento-uri automate. „Trimite memento acum” merge în continuare.'
          : 'Clientul primește memento-urile firmei.'}
      </p>
      <div className="form-actions">
        <button type="button" className="btn" disabled={sending} onClick={() => void sendNow()}>
          {sending ? 'Se trimite…' : 'Trimite memento acum'}
        </button>
      </div>
    </section>
  );
}

function UploadLinkCard({ companyId, clientId }: { companyId: number; clientId: number }) {
  const id = useId();
  const link = useRequest((signal) => getUploadLink(companyId, clientId, signal), [companyId, clientId], clientId > 0);
  const [revoking, setRevoking] = useState(false);

  const revoke = async () => {
    const confirmed = await confirmDialog({
      title: 'Revoci linkul de încărcare?',
      text: 'Linkul nu mai funcționează de îndată. Clientul primește unul nou cu următorul memento.',
      confirmButtonText: 'Revocă linkul',
      cancelButtonText: 'Renunță',
      danger: true,
    });
    if (!confirmed) return;
    setRevoking(true);
    try {
      const answer = await revokeUploadLink(companyId, clientId);
      void toast.success(answer.message || 'Linkul a fost revocat.');
      link.reload();
    } catch {
      /* the shared client already showed the refusal */
    } finally {
      setRevoking(false);
    }
  };

  let body;
  if (link.error && !link.data)
    body = <ErrorState message="Starea linkului nu a putut fi încărcată." onRetry={link.reload} />;
  else if (!link.data) body = <Spinner label="Se încarcă linkul…" block={false} />;
  else if (!link.data.active) body = <p>Clientul nu are un link de încărcare activ.</p>;
  else
    body = (
      <>
        <p>{`Linkul funcționează până la ${formatDate(link.data.expires_at, { time: true })}.`}</p>
        <p className="muted">
          {link.data.last_used_at
            ? `Folosit ultima dată la ${formatDate(link.data.last_used_at, { time: true })}.`
            : 'Nefolosit încă.'}
        </p>
        <div className="form-actions">
          <button type="button" className="btn btn-danger" disabled={revoking} onClick={() => void revoke()}>
            {revoking ? 'Se revocă…' : 'Revocă linkul'}
          </button>
        </div>
      </>
    );

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Linkul de încărcare</h2>
      <p className="muted">Cu el, clientul încarcă documentele lipsă fără cont. Pleacă în memento-uri.</p>
      {body}
    </section>
  );
}
