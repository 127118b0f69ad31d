import { useState, type FormEvent } from 'react';
import {
  ErrorState,
  FormActions,
  Spinner,
  TextField,
  confirmDialog,
  errorMessage,
  errorStatus,
  fieldErrors,
  formatDate,
  isEmail,
  toast,
} from '@dosar/shared';
import {
  invitePerson,
  resendInvitation,
  revokeAccess,
  usePortalAccess,
  type InviteInput,
  type PortalPerson,
} from '../api/portal-access';

const ROLE_LABELS: Record<number, string> = { 4: 'Administrator', 5: 'Utilizator' };

export interface PortalAccessSectionProps {
  companyId: number;
  clientId: number;
  /** The client got a holding with the first invitation: the page shows it again. */
  onHoldingCreated?: () => void;
}

/**
 * „Acces portal” on the client page (role 2): the people the firm invited to sign in for its clients
 * in the holding (invited or active), „Invită”, „Retrimite invitația”, „Revocă accesul”. A firm
 * invites users only: the holding's administrators and its own people are the holding's.
 */
export function PortalAccessSection({ companyId, clientId, onHoldingCreated }: PortalAccessSectionProps) {
  const access = usePortalAccess(companyId, clientId);
  const [inviting, setInviting] = useState(false);
  const [busyId, setBusyId] = useState<number | null>(null);
  const people = access.data?.data ?? [];

  const resend = async (person: PortalPerson) => {
    setBusyId(person.id);
    try {
      const answer = await resendInvitation(companyId, clientId, person.id);
      void toast.success(answer.message || 'Invitația a fost retrimisă.');
    } catch {
      /* the shared client already showed the refusal */
    } finally {
      setBusyId(null);
    }
  };

  const revoke = async (person: PortalPerson) => {
    const confirmed = await confirmDialog({
      title: `Revoci accesul pentru ${person.name}?`,
      text: `${person.email} nu va mai putea intra în portal pentru acest client; sesiunile deschise se închid.`,
      confirmButtonText: 'Revocă accesul',
      cancelButtonText: 'Renunță',
      danger: true,
    });
    if (!confirmed) return;
    setBusyId(person.id);
    try {
      const answer = await revokeAccess(companyId, clientId, person.id);
      access.setData((previous) => ({
        holding: previous?.holding ?? null,
        data: (previous?.data ?? []).filter((p) => p.id !== person.id),
      }));
      void toast.success(answer.message || 'Accesul a fost revocat.');
    } catch {
      /* the shared client already showed the refusal */
    } finally {
      setBusyId(null);
    }
  };

  // The page itself says when the client is not found.
  if (errorStatus(access.error) === 404) return null;

  let body;
  if (access.error && !access.data) {
    body = (
      <ErrorState
        message={errorMessage(access.error, 'Lista de acces nu a putut fi încărcată.')}
        onRetry={access.reload}
      />
    );
  } else if (!access.data) {
    body = <Spinner label="Se încarcă accesul la portal…" block={false} />;
  } else if (people.length === 0) {
    body = (
      <p className="muted">
        Nimeni nu intră încă în portal pentru acest client.
        {access.data.holding ? '' : ' La prima invitație, clientul primește un holding cu numele lui.'}
      </p>
    );
  } else {
    body = (
      <ul className="session-list" aria-label="Persoane cu acces la portal">
        {people.map((person) => (
          <li key={person.id} className="session-item">
            <div className="session-info">
              <div className="session-device">
                <strong>{person.name}</strong>
                <span className="badge badge-muted">{ROLE_LABELS[person.role] ?? `Rol ${person.role}`}</span>
                {person.invited ? (
                  <span className="badge badge-warning">Invitat</span>
                ) : (
                  <span className="badge badge-success">Activ</span>
                )}
              </div>
              <div className="muted">{person.email}</div>
              <div className="muted">
                {person.invited
                  ? `Invitat la ${formatDate(person.created_at)}`
                  : `Ultima vizită: ${person.last_seen_at ? formatDate(person.last_seen_at, { time: true }) : '—'}`}
              </div>
            </div>
            <div className="form-actions">
              {person.invited ? (
                <button
                  type="button"
                  className="btn btn-ghost"
                  aria-label={`Retrimite invitația pentru ${person.name}`}
                  disabled={busyId === person.id}
                  onClick={() => void resend(person)}
                >
                  Retrimite invitația
                </button>
              ) : null}
              <button
                type="button"
                className="btn btn-danger"
                aria-label={`Revocă accesul pentru ${person.name}`}
                disabled={busyId === person.id}
                onClick={() => void revoke(person)}
              >
                Revocă accesul
              </button>
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="card" aria-labelledby="portal-access-title">
      <h2 id="portal-access-title">Acces portal</h2>
      <p className="muted">
        Persoanele invitate de firma ta care intră în Dosar pentru acest client: văd și încarcă documentele clienților
        pe care îi ții tu în holding, nu și pe ale altor firme.
        {access.data?.holding ? ` Fac parte din holdingul ${access.data.holding.name}.` : ''} Oamenii proprii ai
        holdingului îi gestionează holdingul.
      </p>
      {body}
      {inviting ? (
        <InviteForm
          companyId={companyId}
          clientId={clientId}
          onCancel={() => setInviting(false)}
          onInvited={() => {
            const hadHolding = Boolean(access.data?.holding);
            setInviting(false);
            access.reload();
            if (!hadHolding) onHoldingCreated?.();
          }}
        />
      ) : (
        <div className="form-actions">
          <button type="button" className="btn btn-primary" onClick={() => setInviting(true)}>
            Invită
          </button>
        </div>
      )}
    </section>
  );
}

type InviteErrors = Partial<Record<'name' | 'email' | 'role', string>>;

interface InviteFormProps {
  companyId: number;
  clientId: number;
  onCancel: () => void;
  onInvited: () => void;
}

function InviteForm({ companyId, clientId, onCancel, onInvited }: InviteFormProps) {
  const [form, setForm] = useState<{ name: string; email: string }>({ name: '', email: '' });
  const [errors, setErrors] = useState<InviteErrors>({});
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const local: InviteErrors = {};
    if (!form.name.trim()) local.name = 'Numele este obligatoriu.';
    if (!isEmail(form.email.trim())) local.email = 'Adresa de e-mail nu este validă.';
    setErrors(local);
    if (Object.keys(local).length > 0) return focusFirstError();
    const input: InviteInput = { name: form.name.trim(), email: form.email.trim(), role: 5 };
    setPending(true);
    try {
      const answer = await invitePerson(companyId, clientId, input);
      void toast.success(answer.message || 'Invitația a fost trimisă.');
      onInvited();
    } catch (err) {
      setErrors(fieldErrors(err) as InviteErrors);
      focusFirstError();
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-busy={pending} aria-label="Invită o persoană">
      <TextField
        id="invite-name"
        label="Nume"
        required
        autoComplete="name"
        autoFocus
        error={errors.name}
        value={form.name}
        onChange={(e) => {
          setForm((f) => ({ ...f, name: e.target.value }));
          setErrors((x) => ({ ...x, name: undefined }));
        }}
      />
      <TextField
        id="invite-email"
        label="E-mail"
        type="email"
        required
        autoComplete="email"
        hint="Primește pe e-mail un link pentru setarea parolei (valabil 7 zile)."
        error={errors.email}
        value={form.email}
        onChange={(e) => {
          setForm((f) => ({ ...f, email: e.target.value }));
          setErrors((x) => ({ ...x, email: undefined }));
        }}
      />
      <p className="muted" id="invite-role-note">
        Persoana intră ca utilizator: vede și încarcă documentele clienților tăi din holding. Administratorii
        holdingului îi numește holdingul.
      </p>
      {errors.role && (
        <p className="field-error" role="alert">
          {errors.role}
        </p>
      )}
      <FormActions busy={pending} busyLabel="Se trimite invitația…" submitLabel="Invită" onCancel={onCancel} />
    </form>
  );
}

function focusFirstError() {
  setTimeout(
    () => document.querySelector<HTMLElement>('#portal-access-title ~ form [aria-invalid="true"]')?.focus(),
    0,
  );
}
