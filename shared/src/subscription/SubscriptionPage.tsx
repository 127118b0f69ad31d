import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { formatBytes, formatDate, formatRon } from '../lib/format';
import { countOf } from '../lib/plural';
import { useCurrentUser } from '../session/hooks';
import { confirmDialog } from '../ui/confirm-dialog';
import { EmptyState } from '../ui/EmptyState';
import { ErrorState } from '../ui/ErrorState';
import { ProgressBar } from '../ui/ProgressBar';
import { Spinner } from '../ui/Spinner';
import { TableScroll } from '../ui/TableScroll';
import { toast } from '../ui/toast';
import { useSubscription } from './api/get-subscription';
import { usePayment } from './api/get-payment';
import { initPayment } from './api/init-payment';
import { changePlan } from './api/change-plan';
import type { SubscriptionTenant } from './tenant';
import type { Payment, Plan, SubscriptionView } from './types';

/** What a plan's max_clients counts, in the area's words: a company's clients, a holding's firms. */
export interface ClientLimitWords {
  /** 'Clienți' / 'Firme': the usage bar and the note on a plan the usage doesn't fit in. */
  label: string;
  /** 'clienți' / 'firme': "Până la 20 clienți". */
  plural: string;
  /** 'Clienți nelimitați' / 'Firme nelimitate' (the adjective agrees with the noun). */
  unlimited: string;
}

export interface SubscriptionPageProps {
  /** Whose subscription: the signed-in company's or holding's. */
  tenant: SubscriptionTenant;
  clients: ClientLimitWords;
}

const STATUS = {
  trial: { label: 'Perioadă de probă', badge: 'badge badge-warning' },
  active: { label: 'Activ', badge: 'badge badge-success' },
  expired: { label: 'Expirat', badge: 'badge badge-danger' },
} as const;

const PAYMENT_STATUS = {
  pending: { label: 'În așteptare', badge: 'badge badge-warning' },
  paid: { label: 'Plătită', badge: 'badge badge-success' },
  failed: { label: 'Refuzată', badge: 'badge badge-danger' },
} as const;

type Usage = SubscriptionView['usage'];
type Current = NonNullable<SubscriptionView['subscription']>;

interface Limit {
  key: keyof Usage;
  planKey: 'max_clients' | 'max_users' | 'max_storage_bytes';
  label: string;
  format: (n: number) => string;
}

function limitsFor(clients: ClientLimitWords): Limit[] {
  return [
    { key: 'clients', planKey: 'max_clients', label: clients.label, format: String },
    { key: 'users', planKey: 'max_users', label: 'Utilizatori', format: String },
    { key: 'storage_bytes', planKey: 'max_storage_bytes', label: 'Spațiu de stocare', format: formatBytes },
  ];
}

/** The first limit of the plan the current usage exceeds (the server decides; this only explains the button). */
function overLimit(limits: Limit[], plan: Plan, usage: Usage): string | null {
  const over = limits.find((l) => plan[l.planKey] !== null && usage[l.key] > (plan[l.planKey] as number));
  return over
    ? `${over.label}: folosești ${over.format(usage[over.key])}, planul permite ${over.format(plan[over.planKey] as number)}`
    : null;
}

type Action = 'renew' | 'pay' | 'change';

function actionFor(plan: Plan, current: Current | null): Action | null {
  if (plan.is_trial) return null;
  if (!current) return 'pay';
  if (plan.id === current.plan.id) return current.status === 'active' ? 'renew' : 'pay';
  if (current.status === 'active' && plan.price_ron <= current.plan.price_ron) return 'change';
  return 'pay';
}

const ACTION_LABEL: Record<Action, string> = {
  renew: 'Prelungește cu o lună',
  pay: 'Plătește',
  change: 'Schimbă planul',
};

function daysLeft(end: string): number {
  return Math.max(0, Math.ceil((new Date(end).getTime() - Date.now()) / 86_400_000));
}

function PaymentResult({ payment }: { payment: Payment }) {
  if (payment.status === 'paid') {
    return (
      <div className="card" role="status" style={{ borderColor: 'var(--c-success)' }}>
        <strong>Plata a fost confirmată.</strong> Ai plătit {formatRon(payment.amount)} pentru planul „
        {payment.plan_name}”; abonamentul este activ până la {formatDate(payment.period_end)}.
      </div>
    );
  }
  if (payment.status === 'failed') {
    return (
      <div className="card" role="status" style={{ borderColor: 'var(--c-danger)' }}>
        <strong>Plata a fost refuzată.</strong> Nu s-a perceput nicio sumă pentru planul „{payment.plan_name}”; poți
        încerca din nou.
      </div>
    );
  }
  return (
    <div className="card" role="status">
      Plata pentru planul „{payment.plan_name}” nu a fost finalizată încă.
    </div>
  );
}

function UsageBars({ limits, usage, plan }: { limits: Limit[]; usage: Usage; plan: Plan }) {
  return (
    <div aria-label="Utilizare" role="group">
      {limits.map((l) => {
        const max = plan[l.planKey];
        const used = usage[l.key];
        return max === null ? (
          <ProgressBar key={l.key} value={0} label={`${l.label}: ${l.format(used)} (nelimitat)`} />
        ) : (
          <ProgressBar
            key={l.key}
            value={max === 0 ? 1 : used / max}
            label={`${l.label}: ${l.format(used)} din ${l.format(max)}`}
          />
        );
      })}
    </div>
  );
}

/**
 * A tenant's subscription screen (the company area's and the holding area's are the same but
 * for the tenant and the word for what max_clients counts): current plan, usage against each
 * limit, change plan, pay, payment history.
 */
export function SubscriptionPage({ tenant, clients }: SubscriptionPageProps) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnedPayment = Number(params.get('payment')) || null;
  const { data, error, loading, reload } = useSubscription(tenant);
  const result = usePayment(tenant, returnedPayment);
  const [busy, setBusy] = useState<number | null>(null);

  if (loading && !data) return <Spinner />;
  if (error || !data) {
    return (
      <div className="page">
        <ErrorState message="Abonamentul nu a putut fi încărcat." onRetry={reload} />
      </div>
    );
  }

  const current = data.subscription;
  const limits = limitsFor(clients);

  async function act(plan: Plan, action: Action) {
    if (!user) return;
    if (action === 'change') {
      const confirmed = await confirmDialog({
        title: `Treci la planul „${plan.name}”?`,
        text: `Noul plan se aplică imediat, până la ${formatDate(current?.current_period_end)}; următoarea plată va fi de ${formatRon(plan.price_ron)} pe lună.`,
        confirmButtonText: 'Schimbă planul',
        icon: 'question',
      });
      if (!confirmed) return;
    }
    setBusy(plan.id);
    try {
      if (action === 'change') {
        const answer = await changePlan(tenant, plan.id);
        void toast.success(answer.message);
        reload();
        return;
      }
      const start = await initPayment(tenant, user.id, plan.id);
      if (/^https?:\/\//.test(start.redirect_url)) window.location.assign(start.redirect_url);
      else navigate(start.redirect_url);
    } catch {
      // The shared HTTP client already showed the server's message.
    } finally {
      setBusy(null);
    }
  }

  const offered = data.plans.filter((p) => !p.is_trial || p.id === current?.plan.id);

  return (
    <div className="page">
      <div className="page-header">
        <h1>Abonament</h1>
      </div>

      {result.data && <PaymentResult payment={result.data} />}

      {current?.read_only && (
        <div className="card" role="alert" style={{ borderColor: 'var(--c-danger)' }}>
          <strong>Abonamentul a expirat: contul este doar în citire.</strong> Poți consulta și descărca tot ce ai, dar
          nu poți adăuga sau modifica nimic până la plata unui plan. Nu se pierde nimic.
        </div>
      )}

      <section className="card" aria-labelledby="current-plan">
        <h2 id="current-plan">Planul curent</h2>
        {current ? (
          <>
            <p>
              <strong>{current.plan.name}</strong>{' '}
              <span className={STATUS[current.status].badge}>{STATUS[current.status].label}</span>
            </p>
            <p className="muted">
              {current.status === 'expired'
                ? `A expirat la ${formatDate(current.current_period_end)}.`
                : `Valabil până la ${formatDate(current.current_period_end)} (${countOf(daysLeft(current.current_period_end), 'zi rămasă', 'zile rămase')}).`}
            </p>
            <UsageBars limits={limits} usage={data.usage} plan={current.plan} />
          </>
        ) : (
          <p className="muted">Nu ai încă un abonament. Alege un plan de mai jos.</p>
        )}
      </section>

      <section aria-labelledby="plans-title">
        <h2 id="plans-title">Planuri</h2>
        <div className="grid">
          {offered.map((plan) => {
            const action = actionFor(plan, current);
            const over = overLimit(limits, plan, data.usage);
            const isCurrent = plan.id === current?.plan.id;
            return (
              <article
                key={plan.id}
                className="card"
                aria-label={`Planul ${plan.name}`}
                style={isCurrent ? { borderColor: 'var(--c-primary)' } : undefined}
              >
                <h3>
                  {plan.name} {isCurrent && <span className="badge badge-muted">planul tău</span>}
                </h3>
                <p style={{ fontSize: '1.3rem', fontWeight: 600, margin: '0 0 8px' }}>
                  {plan.is_trial ? 'Gratuit, 14 zile' : `${formatRon(plan.price_ron)} / lună`}
                </p>
                <ul className="muted" style={{ paddingLeft: 18 }}>
                  <li>
                    {plan.max_clients === null ? clients.unlimited : `Până la ${plan.max_clients} ${clients.plural}`}
                  </li>
                  <li>
                    {plan.max_users === null
                      ? 'Utilizatori nelimitați'
                      : `Până la ${countOf(plan.max_users, 'utilizator', 'utilizatori')}`}
                  </li>
                  <li>
                    {plan.max_storage_bytes === null
                      ? 'Spațiu nelimitat'
                      : `${formatBytes(plan.max_storage_bytes)} spațiu de stocare`}
                  </li>
                </ul>
                {over && <p className="field-error">Nu încape utilizarea actuală. {over}.</p>}
                {action && (
                  <button
                    type="button"
                    className={action === 'change' ? 'btn' : 'btn btn-primary'}
                    disabled={busy !== null || Boolean(over)}
                    aria-label={`${ACTION_LABEL[action]}: ${plan.name}`}
                    onClick={() => act(plan, action)}
                  >
                    {busy === plan.id ? 'Se pregătește…' : ACTION_LABEL[action]}
                  </button>
                )}
              </article>
            );
          })}
        </div>
      </section>

      <section className="card" aria-labelledby="payments-title" style={{ marginTop: 16 }}>
        <h2 id="payments-title">Plăți</h2>
        {data.payments.length === 0 ? (
          <EmptyState title="Nicio plată încă" />
        ) : (
          <TableScroll labelledBy="payments-title">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Data</th>
                  <th scope="col">Plan</th>
                  <th scope="col">Sumă</th>
                  <th scope="col">Stare</th>
                  <th scope="col">Valabil până la</th>
                </tr>
              </thead>
              <tbody>
                {data.payments.map((p) => (
                  <tr key={p.id}>
                    <td>{formatDate(p.created_at, { time: true })}</td>
                    <td>{p.plan_name}</td>
                    <td>{formatRon(p.amount)}</td>
                    <td>
                      <span className={PAYMENT_STATUS[p.status].badge}>{PAYMENT_STATUS[p.status].label}</span>
                    </td>
                    <td>{formatDate(p.period_end)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </section>
    </div>
  );
}
