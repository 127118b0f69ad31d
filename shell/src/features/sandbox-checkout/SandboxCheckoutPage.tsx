import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Spinner, useCurrentUser, usePageTitle } from '@dosar/shared';
import { getCheckoutPayment, storeSandboxResult, subscriptionPath, type CheckoutPayment } from './api/sandbox-payment';

const money = new Intl.NumberFormat('ro-RO', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const DECIDED: Record<'paid' | 'failed', string> = {
  paid: 'Această plată a fost deja aprobată.',
  failed: 'Această plată a fost deja refuzată.',
};

type State = { kind: 'loading' } | { kind: 'missing' } | { kind: 'ready'; payment: CheckoutPayment };

/**
 * /sandbox-checkout/:paymentId — the built-in test payment provider's page
 * (billing/providers/sandbox.ts): no card, no money; the payer approves or
 * declines and goes back to the subscription screen with the result.
 */
export function SandboxCheckoutPage() {
  usePageTitle('Plată de test');
  const user = useCurrentUser();
  const navigate = useNavigate();
  const paymentId = Number(useParams().paymentId);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [busy, setBusy] = useState<'paid' | 'failed' | null>(null);

  useEffect(() => {
    if (!user) return undefined;
    const controller = new AbortController();
    getCheckoutPayment(user, paymentId, controller.signal).then(
      (payment) => setState({ kind: 'ready', payment }),
      () => {
        if (!controller.signal.aborted) setState({ kind: 'missing' });
      },
    );
    return () => controller.abort();
  }, [user, paymentId]);

  if (!user) return null;
  const back = subscriptionPath(user);

  async function decide(payment: CheckoutPayment, status: 'paid' | 'failed') {
    if (!user) return;
    setBusy(status);
    try {
      await storeSandboxResult(user, payment, status);
      navigate(`${back}?payment=${payment.id}`);
    } catch {
      // The shared HTTP client already showed the server's message.
      setBusy(null);
    }
  }

  return (
    <div className="auth-page">
      <div className="card auth-card wide">
        <p>
          <span className="badge badge-warning">MOD DE TEST</span>
        </p>
        <h1>Plată de test</h1>
        <p role="note" className="muted">
          Aceasta este pagina procesatorului de plăți de test inclus în Dosar. Nu se cer date de card și nu se mută
          niciun ban: alegi tu rezultatul plății, ca să încerci fluxul complet.
        </p>
        {state.kind === 'loading' && <Spinner />}
        {state.kind === 'missing' && (
          <>
            <p role="alert">Plata nu a fost găsită.</p>
            <Link to={back}>Înapoi la abonament</Link>
          </>
        )}
        {state.kind === 'ready' && (
          <>
            <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '6px 16px', margin: '16px 0' }}>
              <dt className="muted">Plan</dt>
              <dd style={{ margin: 0 }}>{state.payment.plan_name} — o lună</dd>
              <dt className="muted">Sumă</dt>
              <dd style={{ margin: 0 }}>
                <strong>
                  {money.format(state.payment.amount)}{' '}
                  {state.payment.currency === 'RON' ? 'lei' : state.payment.currency}
                </strong>
              </dd>
              <dt className="muted">Plata nr.</dt>
              <dd style={{ margin: 0 }}>{state.payment.id}</dd>
            </dl>
            {state.payment.status === 'pending' ? (
              <div className="form-actions">
                <button
                  type="button"
                  className="btn btn-primary"
                  disabled={busy !== null}
                  onClick={() => decide(state.payment, 'paid')}
                >
                  {busy === 'paid' ? 'Se aprobă…' : 'Aprobă plata'}
                </button>
                <button
                  type="button"
                  className="btn btn-danger"
                  disabled={busy !== null}
                  onClick={() => decide(state.payment, 'failed')}
                >
                  {busy === 'failed' ? 'Se refuză…' : 'Refuză plata'}
                </button>
                <Link to={back}>Renunță</Link>
              </div>
            ) : (
              <>
                <p role="status">{DECIDED[state.payment.status]}</p>
                <Link to={`${back}?payment=${state.payment.id}`}>Înapoi la abonament</Link>
              </>
            )}
          </>
        )}
      </div>
    </div>
  );
}
