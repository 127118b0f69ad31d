import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  DataTable,
  ErrorState,
  FormActions,
  Select,
  Spinner,
  errorMessage,
  periodFromNow,
  toast,
  useCurrentUser,
  useRequest,
} from '@dosar/shared';
import { useCompanyId } from '../../../lib/company-api';
import {
  getClientObligations,
  saveFiscalProfile,
  type ClientObligations,
  type FiscalProfile,
  type Obligation,
} from '../api/obligations';
import { ObligationActions, StatusChip, romanianDay } from './obligation-bits';

type Key = keyof FiscalProfile;

/** The profile's questions and their answers, as the firm's people name them. */
export const PROFILE_FIELDS: { key: Key; label: string; options: { value: string; label: string }[] }[] = [
  {
    key: 'vat',
    label: 'TVA',
    options: [
      { value: 'none', label: 'Neplătitor de TVA' },
      { value: 'monthly', label: 'Plătitor de TVA, lunar' },
      { value: 'quarterly', label: 'Plătitor de TVA, trimestrial' },
    ],
  },
  {
    key: 'employer',
    label: 'Salariați (D112)',
    options: [
      { value: 'no', label: 'Fără salariați' },
      { value: 'monthly', label: 'Cu salariați, lunar' },
      { value: 'quarterly', label: 'Cu salariați, trimestrial' },
    ],
  },
  {
    key: 'tax',
    label: 'Impozit',
    options: [
      { value: 'micro', label: 'Microîntreprindere (D100 trimestrial)' },
      { value: 'profit', label: 'Impozit pe profit (D101 anual)' },
      { value: 'income', label: 'Impozit pe venit — PFA, II (D212 anual)' },
    ],
  },
  {
    key: 'saft',
    label: 'SAF-T (D406)',
    options: [
      { value: 'none', label: 'Nu depune' },
      { value: 'monthly', label: 'Lunar' },
      { value: 'quarterly', label: 'Trimestrial' },
    ],
  },
];

const DEFAULT_PROFILE: FiscalProfile = { vat: 'none', employer: 'no', tax: 'micro', saft: 'none' };

const labelOf = (key: Key, value: string) =>
  PROFILE_FIELDS.find((f) => f.key === key)?.options.find((o) => o.value === value)?.label ?? value;

/**
 * The client page's „Declarații” tab (composed in App.tsx, like the month's tabs): the client's fiscal
 * profile — the owner (role 2) edits it, staff read it — and the declarations it owes for the last months,
 * each marked filed with its receipt or undone.
 */
export function ClientObligationsSection({ clientId }: { clientId: number }) {
  const companyId = useCompanyId();
  const owner = useCurrentUser()?.role === 2;
  const range = { from: periodFromNow(-3), to: periodFromNow(0) };
  const answer = useRequest(
    (signal) => getClientObligations(companyId, clientId, range, signal),
    [companyId, clientId, range.from, range.to],
    companyId > 0 && clientId > 0,
  );

  if (answer.error && !answer.data)
    return <ErrorState message="Declarațiile clientului nu au putut fi încărcate." onRetry={answer.reload} />;
  if (!answer.data) return <Spinner label="Se încarcă declarațiile clientului…" />;
  const data = answer.data;
  return (
    <div className="grid">
      <FiscalProfileCard
        companyId={companyId}
        clientId={clientId}
        owner={owner}
        profile={data.fiscal_profile}
        onSaved={answer.reload}
      />
      <ObligationsCard
        companyId={companyId}
        clientId={clientId}
        data={data}
        onChanged={(changed) =>
          answer.setData((previous) => {
            const current = previous as ClientObligations;
            return {
              ...current,
              data: current.data.map((o) => (o.code === changed.code && o.period === changed.period ? changed : o)),
            };
          })
        }
      />
    </div>
  );
}

function FiscalProfileCard({
  companyId,
  clientId,
  owner,
  profile,
  onSaved,
}: {
  companyId: number;
  clientId: number;
  owner: boolean;
  profile: FiscalProfile | null;
  onSaved: () => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<FiscalProfile>(profile ?? DEFAULT_PROFILE);
  const [busy, setBusy] = useState(false);
  useEffect(() => setDraft(profile ?? DEFAULT_PROFILE), [profile]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await saveFiscalProfile(companyId, clientId, draft);
      void toast.success('Profilul fiscal a fost salvat.');
      onSaved();
    } catch (err) {
      void toast.error(errorMessage(err, 'Profilul fiscal nu a putut fi salvat.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Profil fiscal</h2>
      {profile === null ? (
        <p className="notice notice-warning">
          Profilul fiscal nu este completat: clientul nu apare încă în calendarul declarațiilor.
        </p>
      ) : null}
      {owner ? (
        <form className="form" aria-label="Profil fiscal" onSubmit={(e) => void save(e)} noValidate>
          {PROFILE_FIELDS.map((field) => (
            <div className="field" key={field.key}>
              <label htmlFor={`${id}-${field.key}`}>{field.label}</label>
              <Select
                inputId={`${id}-${field.key}`}
                aria-label={field.label}
                options={field.options}
                value={draft[field.key]}
                onChange={(value) => setDraft((d) => ({ ...d, [field.key]: String(value) }) as FiscalProfile)}
              />
            </div>
          ))}
          <FormActions busy={busy} busyLabel="Se salvează…" submitLabel="Salvează profilul" />
        </form>
      ) : profile ? (
        <dl>
          {PROFILE_FIELDS.map((field) => (
            <div key={field.key}>
              <dt>{field.label}</dt>
              <dd>{labelOf(field.key, profile[field.key])}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="muted">Un administrator al firmei îl poate completa.</p>
      )}
    </section>
  );
}

function ObligationsCard({
  companyId,
  clientId,
  data,
  onChanged,
}: {
  companyId: number;
  clientId: number;
  data: ClientObligations;
  onChanged: (obligation: Obligation) => void;
}) {
  const id = useId();
  // Newest first: what is due next at the top.
  const rows = [...data.data].sort((a, b) => b.due_date.localeCompare(a.due_date) || a.code.localeCompare(b.code));
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Declarații</h2>
      {rows.length === 0 ? (
        <p className="muted">Nicio declarație în ultimele luni.</p>
      ) : (
        <DataTable
          className="table-wrap month-grid"
          caption="Declarațiile clientului"
          head={
            <>
              <th scope="col">Declarația</th>
              <th scope="col">Perioada</th>
              <th scope="col">Termen</th>
              <th scope="col">Stare</th>
              <th scope="col">
                <span className="sr-only">Acțiuni</span>
              </th>
            </>
          }
        >
          {rows.map((o) => (
            <tr key={`${o.code}-${o.period}`}>
              <td className="month-client">
                <strong>{o.code}</strong>
                <div className="muted">{o.name}</div>
              </td>
              <td>{o.period_label}</td>
              <td>{romanianDay(o.due_date)}</td>
              <td>
                <StatusChip status={o.status} />
              </td>
              <td>
                <ObligationActions companyId={companyId} clientId={clientId} obligation={o} onChanged={onChanged} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
