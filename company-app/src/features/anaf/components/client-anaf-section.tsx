import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ErrorState, Spinner, errorMessage, formatDate, useRequest } from '@dosar/shared';
import { useCompanyId } from '../../../lib/company-api';
import { paths } from '../../../paths';
import { getClientAnaf } from '../api/get-client-anaf';
import { markChangeSeen } from '../api/mark-change-seen';
import { CHANGE_NAMES, registryText } from './anaf-page';

/** The client page's „ANAF” tab: the registry state, the nightly check's change (seen or not), the SPV sync. */
export function ClientAnafSection({ clientId }: { clientId: number }) {
  const companyId = useCompanyId();
  const state = useRequest((signal) => getClientAnaf(companyId, clientId, signal), [companyId, clientId]);
  const [busy, setBusy] = useState(false);

  if (state.loading && !state.data) return <Spinner />;
  if (state.error || !state.data) {
    return (
      <ErrorState message={errorMessage(state.error, 'Datele ANAF nu au putut fi încărcate.')} onRetry={state.reload} />
    );
  }
  const { registry, spv } = state.data;
  const seen = async () => {
    setBusy(true);
    try {
      const next = await markChangeSeen(companyId, clientId);
      state.setData((previous) => ({ spv: previous?.spv ?? spv, registry: next }));
    } catch {
      // The shared client already showed the message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" aria-label="ANAF">
      <p>
        <strong>Registrul ANAF:</strong> {registryText(registry)}
        {registry && <span className="muted">{` (verificat pe ${formatDate(registry.checked_at)})`}</span>}
      </p>
      {registry?.flagged && (
        <div className="notice notice-warning" role="status">
          <p>
            {`S-a schimbat ${registry.changes.map((c) => CHANGE_NAMES[c] ?? c).join(', ')} pe ${formatDate(registry.changed_at)}.`}
          </p>
          <button type="button" className="btn" onClick={() => void seen()} disabled={busy}>
            Am văzut
          </button>
        </div>
      )}
      <p>
        <strong>Facturi din SPV:</strong> {spv.enabled ? 'sincronizarea este pornită' : 'sincronizarea este oprită'}
        {spv.last_message && (
          <span className={spv.last_status === 'error' ? 'field-error' : 'muted'}>
            {` — ${formatDate(spv.last_sync_at, { time: true })}: ${spv.last_message}`}
          </span>
        )}
      </p>
      <Link to={paths.anaf}>Autorizarea SPV și sincronizarea clienților</Link>
    </section>
  );
}
