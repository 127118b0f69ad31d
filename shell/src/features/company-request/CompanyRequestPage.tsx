import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Spinner, confirmDialog, formatDate, usePageTitle } from '@dosar/shared';
import { paths } from '../../app/paths';
import {
  confirmCompanyRequest,
  fetchCompanyRequest,
  rejectCompanyRequest,
  type PublicCompanyRequest,
} from './api/company-request';

const MISSING_MESSAGE = 'Cererea nu a fost găsită. Verifică dacă ai copiat corect linkul din e-mail.';
const GONE_MESSAGE = 'Această cerere a expirat sau a fost deja folosită; linkul nu mai este valabil.';
const OFFLINE_MESSAGE = 'Serverul nu a putut fi contactat. Verifică conexiunea la internet și încearcă din nou.';
const FAILED_MESSAGE = 'Cererea nu a putut fi încărcată. Încearcă din nou.';

type PageState =
  | { kind: 'loading' }
  | { kind: 'ready'; request: PublicCompanyRequest }
  | { kind: 'missing'; message: string }
  | { kind: 'gone'; message: string }
  | { kind: 'failed'; message: string }
  | { kind: 'confirmed'; message: string; request: PublicCompanyRequest }
  | { kind: 'rejected'; message: string };

interface HttpFailure {
  status?: number;
  message?: string;
}

function failureOf(error: unknown): HttpFailure {
  if (typeof error !== 'object' || error === null) return {};
  const response = (error as { response?: { status?: number; data?: unknown } }).response;
  if (!response) return {};
  const data = response.data as { message?: unknown } | undefined;
  return {
    status: response.status,
    message: typeof data?.message === 'string' && data.message ? data.message : undefined,
  };
}

function isCancel(error: unknown): boolean {
  const e = error as { name?: string; code?: string } | null;
  return e?.name === 'CanceledError' || e?.code === 'ERR_CANCELED';
}

/** The page state a refused call leads to (404 unknown link, 410 used or expired). */
function refusal(
  error: unknown,
  fallback: string,
): Exclude<PageState, { kind: 'loading' | 'ready' | 'confirmed' | 'rejected' }> {
  const { status, message } = failureOf(error);
  if (status === 404) return { kind: 'missing', message: message ?? MISSING_MESSAGE };
  if (status === 410) return { kind: 'gone', message: message ?? GONE_MESSAGE };
  if (status === undefined) return { kind: 'failed', message: OFFLINE_MESSAGE };
  return { kind: 'failed', message: message ?? fallback };
}

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="auth-page">
      <div className="card auth-card wide">
        <h1>{title}</h1>
        {children}
      </div>
    </div>
  );
}

function Invitation({ request }: { request: PublicCompanyRequest }) {
  return (
    <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '6px 16px', margin: '16px 0' }}>
      <dt className="muted">Holdingul care invită</dt>
      <dd style={{ margin: 0 }}>{request.holding.name}</dd>
      <dt className="muted">Firma de contabilitate invitată</dt>
      <dd style={{ margin: 0 }}>{request.company.name}</dd>
      <dt className="muted">CUI</dt>
      <dd style={{ margin: 0 }}>{request.company.cui}</dd>
      <dt className="muted">E-mail</dt>
      <dd style={{ margin: 0 }}>{request.company.email}</dd>
    </dl>
  );
}

/** /company-request/:hash — a visitor sees who invites whom and confirms or rejects the request. */
export function CompanyRequestPage() {
  usePageTitle('Cerere de colaborare');
  const { hash = '' } = useParams();
  const ownerId = useId();
  const [state, setState] = useState<PageState>({ kind: 'loading' });
  const [ownerName, setOwnerName] = useState('');
  const [busy, setBusy] = useState<'confirm' | 'reject' | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ kind: 'loading' });
    fetchCompanyRequest(hash, controller.signal).then(
      (request) => {
        if (controller.signal.aborted) return;
        setState(request.status === 'pending' ? { kind: 'ready', request } : { kind: 'gone', message: GONE_MESSAGE });
      },
      (error: unknown) => {
        if (controller.signal.aborted || isCancel(error)) return;
        setState(refusal(error, FAILED_MESSAGE));
      },
    );
    return () => controller.abort();
  }, [hash, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  if (state.kind === 'loading') {
    return (
      <Frame title="Invitație de colaborare">
        <Spinner label="Se încarcă cererea…" />
      </Frame>
    );
  }

  if (state.kind === 'missing' || state.kind === 'gone') {
    return (
      <Frame title={state.kind === 'missing' ? 'Cerere negăsită' : 'Linkul nu mai este valabil'}>
        <p role="alert">{state.message}</p>
        <p className="muted">
          Dacă ai nevoie de o invitație nouă, cere-o holdingului care te-a invitat. Dacă ai deja cont, te poți{' '}
          <Link to={paths.login}>autentifica</Link>.
        </p>
      </Frame>
    );
  }

  if (state.kind === 'failed') {
    return (
      <Frame title="Invitație de colaborare">
        <div className="error-state" role="alert">
          <p>{state.message}</p>
          <button type="button" className="btn" onClick={retry}>
            Reîncearcă
          </button>
        </div>
      </Frame>
    );
  }

  if (state.kind === 'confirmed') {
    return (
      <Frame title="Colaborarea a fost confirmată">
        <p role="status">{state.message}</p>
        <p>
          Dacă firma nu avea încă un cont în Dosar, proprietarul contului nou primește pe e-mail, la adresa{' '}
          <strong>{state.request.company.email}</strong>, un link pentru setarea parolei. După ce își alege parola, se
          poate autentifica și vede clienții holdingului „{state.request.holding.name}”.
        </p>
        <p>
          Dacă firma avea deja cont, se poate autentifica direct. <Link to={paths.login}>Mergi la autentificare</Link>
        </p>
      </Frame>
    );
  }

  if (state.kind === 'rejected') {
    return (
      <Frame title="Cererea a fost respinsă">
        <p role="status">{state.message}</p>
        <p className="muted">Nu s-a creat niciun cont și nicio legătură cu holdingul. Poți închide această pagină.</p>
      </Frame>
    );
  }

  const { request } = state;

  const act = async (kind: 'confirm' | 'reject') => {
    const confirmed = await confirmDialog(
      kind === 'confirm'
        ? {
            title: 'Confirmi colaborarea?',
            text: `Firma „${request.company.name}” va lucra cu holdingul „${request.holding.name}”.`,
            confirmButtonText: 'Confirmă',
            cancelButtonText: 'Renunță',
            icon: 'question',
          }
        : {
            title: 'Respingi cererea?',
            text: `Holdingul „${request.holding.name}” va fi anunțat, iar linkul nu va mai putea fi folosit.`,
            confirmButtonText: 'Respinge',
            cancelButtonText: 'Renunță',
            danger: true,
          },
    );
    if (!confirmed) return;
    setBusy(kind);
    setActionError(null);
    try {
      if (kind === 'confirm') {
        const result = await confirmCompanyRequest(hash, ownerName);
        setState({ kind: 'confirmed', request, message: result.message ?? 'Cererea a fost confirmată.' });
      } else {
        const result = await rejectCompanyRequest(hash);
        setState({ kind: 'rejected', message: result.message ?? 'Cererea a fost respinsă.' });
      }
    } catch (error) {
      const next = refusal(error, 'Acțiunea nu a putut fi finalizată. Încearcă din nou.');
      if (next.kind === 'failed') setActionError(next.message);
      else setState(next);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Frame title="Invitație de colaborare">
      <p>
        Holdingul <strong>{request.holding.name}</strong> invită firma de contabilitate{' '}
        <strong>{request.company.name}</strong> să lucreze cu el în Dosar: să-i vadă clienții și să schimbe documente cu
        ei.
      </p>
      <Invitation request={request} />
      <p className="muted">Invitația este valabilă până la {formatDate(request.expires_at, { time: true })}.</p>
      <div className="form">
        <div className="field">
          <label htmlFor={ownerId}>Numele tău (opțional)</label>
          <input
            id={ownerId}
            className="input"
            autoComplete="name"
            maxLength={200}
            value={ownerName}
            onChange={(event) => setOwnerName(event.target.value)}
            aria-describedby={`${ownerId}-hint`}
          />
          <div className="field-hint" id={`${ownerId}-hint`}>
            Folosit pentru contul nou al firmei, dacă nu există deja. Implicit: numele firmei.
          </div>
        </div>
        {actionError ? (
          <div className="form-error" role="alert">
            {actionError}
          </div>
        ) : null}
        <div className="form-actions">
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy !== null}
            onClick={() => void act('confirm')}
          >
            {busy === 'confirm' ? 'Se confirmă…' : 'Confirmă'}
          </button>
          <button type="button" className="btn btn-danger" disabled={busy !== null} onClick={() => void act('reject')}>
            {busy === 'reject' ? 'Se respinge…' : 'Respinge'}
          </button>
        </div>
      </div>
    </Frame>
  );
}
