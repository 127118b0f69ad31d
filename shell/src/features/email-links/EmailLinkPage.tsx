import { useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import type { UnknownAction } from '@reduxjs/toolkit';
import { Link, useParams } from 'react-router-dom';
import {
  Spinner,
  errorMessage,
  errorStatus,
  homeForRole,
  restoreSession,
  useSession,
  usePageTitle,
} from '@dosar/shared';
import { paths } from '../../app/paths';
import { openEmailLink, type EmailLinkKind } from './api/email-links';

const TEXT: Record<EmailLinkKind, { title: string; loading: string; done: string; failed: string }> = {
  verify: {
    title: 'Confirmarea adresei de e-mail',
    loading: 'Confirmăm adresa…',
    done: 'Adresa de e-mail a fost confirmată.',
    failed: 'Linkul de confirmare nu este valid sau a expirat. Cere un link nou din profil.',
  },
  confirm: {
    title: 'Confirmarea adresei noi',
    loading: 'Schimbăm adresa contului…',
    done: 'Adresa de e-mail a contului a fost schimbată.',
    failed: 'Linkul de confirmare a adresei noi nu este valid sau a expirat. Schimbă adresa din nou din profil.',
  },
  undo: {
    title: 'Anularea schimbării adresei',
    loading: 'Anulăm schimbarea…',
    done: 'Schimbarea a fost anulată. Ți-am trimis pe e-mail un link pentru o parolă nouă.',
    failed: 'Linkul de anulare nu este valid sau a expirat. Contactează echipa Dosar dacă ai nevoie de ajutor.',
  },
};

const OFFLINE = 'Serverul nu a putut fi contactat. Verifică conexiunea la internet și reîncarcă pagina.';

type State = { kind: 'loading' } | { kind: 'done'; message: string } | { kind: 'failed'; message: string };

/**
 * /verify-email/:token, /confirm-email/:token, /undo-email/:token: the link from the e-mail is used as
 * soon as the page opens. A signed-in visitor's session is then checked again: refreshed (verified, new
 * address) or, when the link ended it (undo ends every session), closed.
 */
export function EmailLinkPage({ kind }: { kind: EmailLinkKind }) {
  const { token = '' } = useParams();
  const dispatch = useDispatch();
  const session = useSession();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const text = TEXT[kind];
  usePageTitle(text.title);

  useEffect(() => {
    let live = true;
    openEmailLink(kind, token).then(
      (message) => {
        if (!live) return;
        setState({ kind: 'done', message: message || text.done });
        // A refreshed user (verified, new address); a session the link ended (undo) is closed quietly.
        if (session.token) void restoreSession((action) => dispatch(action as UnknownAction), session.token);
      },
      (error: unknown) => {
        if (!live) return;
        const status = errorStatus(error);
        setState({ kind: 'failed', message: status === undefined ? OFFLINE : errorMessage(error, text.failed) });
      },
    );
    return () => {
      live = false;
    };
    // The link is used once per page: the session changing afterwards must not use it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind, token]);

  const home = session.user ? homeForRole(session.user.role) : null;
  return (
    <div className="auth-page">
      <div className="card auth-card">
        <h1>{text.title}</h1>
        {state.kind === 'loading' ? (
          <div role="status">
            <Spinner />
            <p className="muted">{text.loading}</p>
          </div>
        ) : state.kind === 'done' ? (
          <p role="status" data-testid="email-link-done">
            {state.message}
          </p>
        ) : (
          <p className="form-error" role="alert" data-testid="email-link-failed">
            {state.message}
          </p>
        )}
        {state.kind !== 'loading' ? (
          <p>
            {home ? <Link to={home}>Înapoi în contul tău</Link> : <Link to={paths.login}>Mergi la autentificare</Link>}
          </p>
        ) : null}
      </div>
    </div>
  );
}

export const VerifyEmailPage = () => <EmailLinkPage kind="verify" />;
export const ConfirmEmailPage = () => <EmailLinkPage kind="confirm" />;
export const UndoEmailPage = () => <EmailLinkPage kind="undo" />;
