import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import {
  Spinner,
  confirmDialog,
  countOf,
  errorMessage,
  errorStatus,
  formatDate,
  formatPeriod,
  isCancelled,
  usePageTitle,
} from '@dosar/shared';
import { fetchUploadLink, markMonthDone, type LinkMonth, type UploadLinkData } from './api/upload-link';
import { takeEarly } from './early';
import { LinkItemCard } from './LinkItemCard';

/** Shown for an unknown, revoked or expired link when the server gave no message; never whose it was. */
const INVALID_MESSAGE = 'Linkul de încărcare nu este valabil. Cere firmei de contabilitate un link nou.';
const OFFLINE_MESSAGE = 'Serverul nu a putut fi contactat. Verifică conexiunea la internet și încearcă din nou.';

type PageState =
  | { kind: 'loading' }
  | { kind: 'ready'; data: UploadLinkData }
  | { kind: 'invalid'; message: string }
  | { kind: 'failed'; message: string };

function Frame({ children, firm }: { children: ReactNode; firm?: string }) {
  return (
    <div className="site">
      <header className="site-header">
        <span className="area-brand">
          <span className="brand-mark" aria-hidden="true">
            D
          </span>
          <span>Dosar</span>
        </span>
        {firm ? (
          <span className="muted" style={{ minWidth: 0 }}>
            {firm}
          </span>
        ) : null}
      </header>
      <main className="site-main" id="main">
        <div className="page" style={{ maxWidth: 720, margin: '0 auto' }}>
          {children}
        </div>
      </main>
    </div>
  );
}

function dueText(month: LinkMonth): string {
  const due = `Termen: ${formatDate(`${month.due_date}T12:00:00`)}`;
  if (month.days_left < 0) return `${due} (a trecut)`;
  if (month.days_left === 0) return `${due} (astăzi)`;
  return `${due} (${month.days_left === 1 ? 'mâine' : `în ${countOf(month.days_left, 'zi', 'zile')}`})`;
}

function MonthSection({ token, month, onDone }: { token: string; month: LinkMonth; onDone: (doneAt: string) => void }) {
  const [sent, setSent] = useState<Record<number, string>>({});
  const [finishing, setFinishing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const owed = month.items.filter((item) => !(item.id in sent));
  const name = formatPeriod(month.period);

  const finish = async () => {
    const left = owed.length
      ? ` Mai ai ${countOf(owed.length, 'document', 'documente')} de trimis; le poți trimite și după.`
      : '';
    const ok = await confirmDialog({
      title: `Ai terminat ${name}?`,
      text: `Firma de contabilitate va fi anunțată că ai trimis tot ce aveai pentru ${name}.${left}`,
      confirmButtonText: 'Da, am terminat',
      cancelButtonText: 'Nu încă',
      icon: 'question',
    });
    if (!ok) return;
    setFinishing(true);
    setError(null);
    try {
      const answer = await markMonthDone(token, month.period);
      setNotice(answer.message);
      onDone(answer.done_at);
    } catch (failure) {
      setError(errorMessage(failure, '„Am terminat” nu a putut fi trimis. Încearcă din nou.'));
    } finally {
      setFinishing(false);
    }
  };

  const headingId = `month-${month.period}`;
  return (
    <section className="card" aria-labelledby={headingId} style={{ marginBottom: 16 }}>
      <h2 id={headingId} style={{ marginTop: 0, textTransform: 'capitalize' }}>
        {name}
      </h2>
      <p className="muted" style={{ marginTop: 0 }}>
        {dueText(month)}
      </p>
      {Object.values(sent).map((message, i) => (
        <p key={i} className="notice" role="status">
          {message}
        </p>
      ))}
      {owed.length === 0 ? (
        <p className="empty-state-title">Nu mai ai nimic de trimis pentru {name}.</p>
      ) : (
        <ul className="month-items" style={{ listStyle: 'none', padding: 0, display: 'grid', gap: 12 }}>
          {owed.map((item) => (
            <LinkItemCard
              key={item.id}
              token={token}
              item={item}
              onSent={(message) => setSent((all) => ({ ...all, [item.id]: `${item.name}: ${message}` }))}
            />
          ))}
        </ul>
      )}
      <div style={{ marginTop: 12 }}>
        {month.done_at ? (
          <p className="muted" role="status">
            {notice ?? `Ai anunțat firma că ai terminat ${name} (${formatDate(month.done_at, { time: true })}).`}
          </p>
        ) : (
          <button type="button" className="btn" onClick={() => void finish()} disabled={finishing}>
            {finishing ? 'Se trimite…' : 'Am terminat'}
          </button>
        )}
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </section>
  );
}

/**
 * /incarcare/:token — the upload link a reminder carries (docs/PRODUCT.md, "Linkul de încărcare"): the
 * client uploads a month's missing documents without an account and says „Am terminat”. Served by the
 * light page incarcare.html (upload-page.tsx, without the shell's start-up); the shell's route is the
 * same page under the router (dev server).
 */
export function UploadLinkPage() {
  const { token = '' } = useParams();
  return <UploadLinkView token={token} />;
}

/** The page for one link's token, without a router (the light page renders it alone). */
export function UploadLinkView({ token }: { token: string }) {
  usePageTitle('Trimite documentele');
  const [state, setState] = useState<PageState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ kind: 'loading' });
    (takeEarly(token) ?? fetchUploadLink(token, controller.signal)).then(
      (data) => setState({ kind: 'ready', data }),
      (failure: unknown) => {
        if (controller.signal.aborted || isCancelled(failure)) return;
        const status = errorStatus(failure);
        if (status === 404 || status === 410) {
          setState({ kind: 'invalid', message: errorMessage(failure, INVALID_MESSAGE) });
        } else {
          setState({ kind: 'failed', message: status === undefined ? OFFLINE_MESSAGE : errorMessage(failure) });
        }
      },
    );
    return () => controller.abort();
  }, [token, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const monthDone = (period: string, doneAt: string) =>
    setState((current) =>
      current.kind === 'ready'
        ? {
            kind: 'ready',
            data: {
              ...current.data,
              months: current.data.months.map((m) => (m.period === period ? { ...m, done_at: doneAt } : m)),
            },
          }
        : current,
    );

  if (state.kind === 'loading') {
    return (
      <Frame>
        <Spinner label="Se încarcă documentele cerute…" />
      </Frame>
    );
  }
  if (state.kind === 'invalid') {
    return (
      <Frame>
        <div className="card fallback">
          <h1>Linkul nu mai este valabil</h1>
          <p>{state.message}</p>
        </div>
      </Frame>
    );
  }
  if (state.kind === 'failed') {
    return (
      <Frame>
        <div className="card fallback" role="alert">
          <h1>Pagina nu a putut fi încărcată</h1>
          <p>{state.message}</p>
          <button type="button" className="btn btn-primary" onClick={retry}>
            Reîncearcă
          </button>
        </div>
      </Frame>
    );
  }
  const { data } = state;
  return (
    <Frame firm={data.firm.name}>
      <h1 style={{ marginBottom: 4 }}>Documente pentru {data.client.name}</h1>
      <p className="muted" style={{ marginTop: 0 }}>
        {data.firm.name} îți cere documentele de mai jos. Linkul funcționează până la {formatDate(data.expires_at)};
        prin el doar trimiți documente, nu vezi ce s-a trimis deja.
      </p>
      {data.months.map((month) => (
        <MonthSection
          key={month.period}
          token={token}
          month={month}
          onDone={(doneAt) => monthDone(month.period, doneAt)}
        />
      ))}
    </Frame>
  );
}
