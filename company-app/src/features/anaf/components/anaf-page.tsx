import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  EmptyState,
  ErrorState,
  PageHeader,
  Spinner,
  TableScroll,
  countOf,
  errorMessage,
  formatDate,
  toast,
  useCurrentUser,
  useRequest,
} from '@dosar/shared';
import { useCompanyId } from '../../../lib/company-api';
import { authorizeSpv } from '../api/authorize-spv';
import { getAnafOverview, type AnafClientRow, type RegistryState } from '../api/get-anaf-overview';
import { markChangeSeen } from '../api/mark-change-seen';
import { setClientSpv } from '../api/set-client-spv';

/** What ANAF's redirect back (?spv=…) means for the firm. */
const RETURNS: Record<string, { text: string; tone: 'success' | 'warning' }> = {
  ok: { text: 'Autorizarea SPV a fost salvată. Poți porni sincronizarea pentru clienți.', tone: 'success' },
  denied: { text: 'Autorizarea a fost refuzată la ANAF. Poți încerca din nou.', tone: 'warning' },
  expired: { text: 'Autorizarea a expirat sau linkul a fost deja folosit. Pornește-o din nou.', tone: 'warning' },
  failed: { text: 'ANAF nu a acceptat autorizarea. Încearcă din nou peste câteva minute.', tone: 'warning' },
};

export const CHANGE_NAMES: Record<string, string> = {
  found: 'prezența în registru',
  inactive: 'starea de inactiv fiscal',
  vat_payer: 'înregistrarea în scopuri de TVA',
  e_factura: 'înscrierea în RO e-Factura',
};

/** The registry state in words: „Plătitor de TVA · e-Factura”, „Inactiv fiscal”, „Nu apare în registru”. */
export function registryText(state: RegistryState | null): string {
  if (!state) return 'Neverificat încă';
  if (!state.found) return 'Nu apare în registrul ANAF';
  return [
    state.inactive ? 'Inactiv fiscal' : null,
    state.vat_payer ? 'Plătitor de TVA' : 'Neplătitor de TVA',
    state.e_factura ? 'RO e-Factura' : 'Fără RO e-Factura',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** ANAF and SPV for the firm (docs/PRODUCT.md): the nightly registry check's flags, SPV authorisation and sync. */
export function AnafPage() {
  const companyId = useCompanyId();
  const isOwner = useCurrentUser()?.role === 2;
  const [params] = useSearchParams();
  const returned = RETURNS[params.get('spv') ?? ''];
  const overview = useRequest((signal) => getAnafOverview(companyId, signal), [companyId]);
  const [onlyFlagged, setOnlyFlagged] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (key: string, work: () => Promise<void>) => {
    setBusy(key);
    try {
      await work();
    } catch {
      // The shared client already showed ANAF's or the server's message.
    } finally {
      setBusy(null);
    }
  };

  const authorize = () =>
    run('authorize', async () => {
      window.location.assign(await authorizeSpv(companyId));
    });

  const update = (clientId: number, change: (row: AnafClientRow) => AnafClientRow) =>
    overview.setData((previous) => ({
      spv: previous?.spv ?? { configured: false, authorized: false, authorized_at: null, expires_at: null },
      data: (previous?.data ?? []).map((row) => (row.id === clientId ? change(row) : row)),
    }));

  const toggle = (row: AnafClientRow) =>
    run(`spv-${row.id}`, async () => {
      const answer = await setClientSpv(companyId, row.id, !row.spv.enabled);
      update(row.id, (r) => ({ ...r, spv: answer.data }));
      void toast.success(answer.message);
    });

  const seen = (row: AnafClientRow) =>
    run(`seen-${row.id}`, async () => {
      const registry = await markChangeSeen(companyId, row.id);
      update(row.id, (r) => ({ ...r, registry }));
    });

  if (overview.loading && !overview.data) return <Spinner />;
  if (overview.error || !overview.data) {
    return (
      <ErrorState
        message={errorMessage(overview.error, 'Datele ANAF nu au putut fi încărcate.')}
        onRetry={overview.reload}
      />
    );
  }
  const { spv, data } = overview.data;
  const flagged = data.filter((row) => row.registry?.flagged).length;
  const rows = onlyFlagged ? data.filter((row) => row.registry?.flagged) : data;

  return (
    <div className="page">
      <PageHeader title="ANAF și SPV" />
      {returned && (
        <div className={`notice notice-${returned.tone}`} role="status">
          <p>{returned.text}</p>
        </div>
      )}
      <section className="card" aria-labelledby="spv-title">
        <h2 id="spv-title">Facturi din SPV</h2>
        {!spv.configured ? (
          <p className="muted">Legătura cu SPV nu este configurată pe acest server. Contactează administratorul.</p>
        ) : spv.authorized ? (
          <p>
            Firma a autorizat Dosar în SPV pe {formatDate(spv.authorized_at)}; autorizarea e valabilă până pe{' '}
            {formatDate(spv.expires_at)} și se reînnoiește singură. Facturile clienților cu sincronizarea pornită sunt
            aduse din oră în oră.
          </p>
        ) : (
          <p>
            Ca facturile clienților să vină singure din SPV, autorizează Dosar la ANAF: vei fi trimis pe
            logincert.anaf.ro, unde alegi certificatul calificat al firmei.
          </p>
        )}
        {spv.configured && isOwner && (
          <button type="button" className="btn btn-primary" onClick={() => void authorize()} disabled={busy !== null}>
            {busy === 'authorize'
              ? 'Se deschide ANAF…'
              : spv.authorized
                ? 'Autorizează din nou'
                : 'Autorizează accesul la SPV'}
          </button>
        )}
      </section>

      <section aria-labelledby="registry-title">
        <h2 id="registry-title">Clienții în registrul ANAF</h2>
        <p className="muted">
          Verificăm în fiecare noapte fiecare client în registrul plătitorilor de TVA.{' '}
          {flagged > 0
            ? `${countOf(flagged, 'client are', 'clienți au')} schimbări nevăzute.`
            : 'Nicio schimbare nevăzută.'}
        </p>
        <label className="switch-row">
          <input type="checkbox" checked={onlyFlagged} onChange={(e) => setOnlyFlagged(e.target.checked)} /> Doar
          clienții cu schimbări
        </label>
        {rows.length === 0 ? (
          <EmptyState title={onlyFlagged ? 'Niciun client cu schimbări nevăzute.' : 'Firma nu are încă clienți.'} />
        ) : (
          <TableScroll labelledBy="registry-title">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Client</th>
                  <th scope="col">Registrul ANAF</th>
                  <th scope="col">Sincronizare SPV</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <td>
                      {row.name}
                      <div className="muted">{row.cui ?? 'fără CUI'}</div>
                    </td>
                    <td>
                      {registryText(row.registry)}
                      {row.registry?.flagged && (
                        <div>
                          <span className="badge badge-warning">
                            {`S-a schimbat ${row.registry.changes.map((c) => CHANGE_NAMES[c] ?? c).join(', ')} (${formatDate(row.registry.changed_at)})`}
                          </span>{' '}
                          <button
                            type="button"
                            className="btn btn-ghost"
                            onClick={() => void seen(row)}
                            disabled={busy !== null}
                            aria-label={`Am văzut schimbarea pentru ${row.name}`}
                          >
                            Am văzut
                          </button>
                        </div>
                      )}
                    </td>
                    <td>
                      {isOwner && spv.authorized ? (
                        <label className="switch-row">
                          <input
                            type="checkbox"
                            role="switch"
                            className="switch"
                            checked={row.spv.enabled}
                            aria-checked={row.spv.enabled}
                            disabled={busy !== null}
                            onChange={() => void toggle(row)}
                          />
                          <span className="sr-only">{`Sincronizare SPV pentru ${row.name}`}</span>
                        </label>
                      ) : (
                        <span>{row.spv.enabled ? 'Pornită' : 'Oprită'}</span>
                      )}
                      {row.spv.last_message && (
                        <div className={row.spv.last_status === 'error' ? 'field-error' : 'muted'}>
                          {`${formatDate(row.spv.last_sync_at, { time: true })}: ${row.spv.last_message}`}
                        </div>
                      )}
                    </td>
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
