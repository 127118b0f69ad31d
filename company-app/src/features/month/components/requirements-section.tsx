import { useEffect, useState, type FormEvent } from 'react';
import {
  ActionsHeader,
  DataTable,
  EmptyState,
  FormActions,
  ListStates,
  TextAreaField,
  TextField,
  confirmDelete,
  deleteRequirement,
  fieldErrors,
  formatPeriod,
  getRequirements,
  storeRequirement,
  toast,
  updateClientProfile,
  updateRequirement,
  useRequest,
  type ClientProfile,
  type Requirement,
} from '@dosar/shared';
import { useCompanyCategories } from '../api/month-base';
import { APPLIES_LABELS, RequirementDialog } from './requirement-dialog';
import { RequirementActions, RequirementCells } from './requirement-row';

export interface RequirementsSectionProps {
  companyId: number;
  clientUrl: string;
  /** The owner edits; staff read. */
  owner: boolean;
}

const sourceLabel = (source: Requirement['source']) =>
  source === 'custom' ? 'Adăugat pentru client' : APPLIES_LABELS[source];

/**
 * The client page's „Ce trebuie să predea”: the client's requirements (the owner adds, edits and
 * deletes them) and its profile (bank accounts, employees, cash register, due day), which adds
 * and drops the firm's defaults that depend on it.
 */
export function RequirementsSection({ companyId, clientUrl, owner }: RequirementsSectionProps) {
  const requirements = useRequest((signal) => getRequirements(clientUrl, signal), [clientUrl]);
  const categories = useCompanyCategories(companyId, owner);
  const [editing, setEditing] = useState<Requirement | 'new' | null>(null);

  const remove = async (requirement: Requirement) => {
    const done = await confirmDelete({
      title: `Ștergi „${requirement.name}”?`,
      text: 'Nu se mai cere din luna aceasta încolo; lunile trecute rămân cum sunt.',
      run: () => deleteRequirement(clientUrl, requirement.id),
      success: 'Documentul nu se mai cere.',
    });
    if (done) requirements.reload();
  };

  return (
    <section aria-labelledby="requirements-title">
      <div className="page-header">
        <h2 id="requirements-title">Ce trebuie să predea</h2>
        {owner ? (
          <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
            Adaugă un document
          </button>
        ) : null}
      </div>

      <ListStates
        list={requirements}
        errorText="Lista documentelor cerute nu a putut fi încărcată."
        serverError
        keepRowsOnError
        empty={<EmptyState title="Clientului nu i se cere încă niciun document." />}
      >
        {(rows) => (
          <DataTable
            className="card table-wrap"
            busy={requirements.loading}
            caption={`Documente cerute: ${rows.length}`}
            captionClassName="muted"
            head={
              <>
                <th scope="col">Document</th>
                <th scope="col">Categoria</th>
                <th scope="col">Frecvența</th>
                <th scope="col">Din</th>
                <th scope="col">Sursa</th>
                {owner ? <ActionsHeader /> : null}
              </>
            }
          >
            {rows.map((requirement) => (
              <tr key={requirement.id}>
                <RequirementCells item={requirement} />
                <td>{formatPeriod(requirement.starts_period)}</td>
                <td>{sourceLabel(requirement.source)}</td>
                {owner ? (
                  <RequirementActions
                    name={requirement.name}
                    onEdit={() => setEditing(requirement)}
                    onDelete={() => void remove(requirement)}
                  />
                ) : null}
              </tr>
            ))}
          </DataTable>
        )}
      </ListStates>

      {requirements.data ? (
        <ProfileForm
          clientUrl={clientUrl}
          profile={requirements.data.meta.profile}
          owner={owner}
          onSaved={(answer) => requirements.setData(answer)}
        />
      ) : null}

      {editing ? (
        <RequirementDialog
          title={editing === 'new' ? 'Document nou cerut clientului' : `Editează „${editing.name}”`}
          initial={editing === 'new' ? undefined : editing}
          categories={categories.data ?? []}
          onClose={() => setEditing(null)}
          onSave={async (input) => {
            const answer =
              editing === 'new'
                ? await storeRequirement(clientUrl, input)
                : await updateRequirement(clientUrl, editing.id, input);
            void toast.success(answer.message || 'Documentul cerut a fost salvat.');
            requirements.reload();
          }}
        />
      ) : null}
    </section>
  );
}

interface ProfileFormProps {
  clientUrl: string;
  profile: ClientProfile;
  owner: boolean;
  onSaved: (answer: Awaited<ReturnType<typeof updateClientProfile>>) => void;
}

const ibanLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.replace(/\s+/g, '').toUpperCase())
    .filter(Boolean);

/** The client's profile: what decides which of the firm's defaults it owes. */
function ProfileForm({ clientUrl, profile, owner, onSaved }: ProfileFormProps) {
  const [accounts, setAccounts] = useState(profile.bank_accounts.join('\n'));
  const [employees, setEmployees] = useState(profile.has_employees);
  const [cashRegister, setCashRegister] = useState(profile.has_cash_register);
  const [dueDay, setDueDay] = useState(profile.due_day === null ? '' : String(profile.due_day));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setAccounts(profile.bank_accounts.join('\n'));
    setEmployees(profile.has_employees);
    setCashRegister(profile.has_cash_register);
    setDueDay(profile.due_day === null ? '' : String(profile.due_day));
  }, [profile]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const day = dueDay.trim() === '' ? null : Number(dueDay);
    if (day !== null && (!Number.isInteger(day) || day < 1 || day > 31)) {
      setErrors({ due_day: 'Ziua scadentă este între 1 și 31.' });
      return;
    }
    setBusy(true);
    try {
      const answer = await updateClientProfile(clientUrl, {
        bank_accounts: ibanLines(accounts),
        has_employees: employees,
        has_cash_register: cashRegister,
        due_day: day,
      });
      setErrors({});
      void toast.success(answer.message || 'Profilul clientului a fost salvat.');
      onSaved(answer);
    } catch (err) {
      setErrors(fieldErrors(err));
    } finally {
      setBusy(false);
    }
  };

  if (!owner) {
    return (
      <div className="card">
        <h3>Profilul clientului</h3>
        <dl>
          <dt>Conturi bancare</dt>
          <dd>{profile.bank_accounts.length > 0 ? profile.bank_accounts.join(', ') : 'Niciunul'}</dd>
          <dt>Are angajați</dt>
          <dd>{profile.has_employees ? 'Da' : 'Nu'}</dd>
          <dt>Are casă de marcat</dt>
          <dd>{profile.has_cash_register ? 'Da' : 'Nu'}</dd>
          <dt>Ziua scadentă</dt>
          <dd>{profile.due_day === null ? 'A firmei' : profile.due_day}</dd>
        </dl>
      </div>
    );
  }

  return (
    <form className="card form" aria-labelledby="client-profile-title" onSubmit={(e) => void submit(e)} noValidate>
      <h3 id="client-profile-title">Profilul clientului</h3>
      <TextAreaField
        label="Conturi bancare (IBAN), câte unul pe rând"
        hint="Pentru fiecare cont se cere extrasul lunar."
        value={accounts}
        error={errors.bank_accounts}
        onChange={(e) => setAccounts(e.target.value)}
      />
      <label className="choice">
        <input type="checkbox" checked={employees} onChange={(e) => setEmployees(e.target.checked)} />
        <span>Are angajați</span>
      </label>
      <label className="choice">
        <input type="checkbox" checked={cashRegister} onChange={(e) => setCashRegister(e.target.checked)} />
        <span>Are casă de marcat</span>
      </label>
      <TextField
        label="Ziua scadentă"
        type="number"
        inputMode="numeric"
        min={1}
        max={31}
        hint="Goală: ziua firmei."
        value={dueDay}
        error={errors.due_day}
        onChange={(e) => setDueDay(e.target.value)}
      />
      <FormActions busy={busy} busyLabel="Se salvează…" submitLabel="Salvează profilul" />
    </form>
  );
}
