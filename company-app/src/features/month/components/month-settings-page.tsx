import { useEffect, useState, type FormEvent } from 'react';
import {
  ActionsHeader,
  DataTable,
  EmptyState,
  FormActions,
  ListStates,
  PageHeader,
  TextField,
  confirmDelete,
  deleteRequirementDefault,
  fieldErrors,
  getRequirementDefaults,
  storeRequirementDefault,
  toast,
  updateMonthSettings,
  updateRequirementDefault,
  useRequest,
  type RequirementDefault,
} from '@dosar/shared';
import { companyBase, useCompanyId } from '../../../lib/company-api';
import { useCompanyCategories } from '../api/month-base';
import { APPLIES_LABELS, RequirementDialog } from './requirement-dialog';
import { RequirementActions, RequirementCells } from './requirement-row';

/**
 * /company/month-settings „Documente lunare” (role 2): the set every new client owes (the firm's
 * defaults, with who they apply to) and the firm's due day.
 */
export function MonthSettingsPage() {
  const companyId = useCompanyId();
  const base = companyBase(companyId);
  const defaults = useRequest((signal) => getRequirementDefaults(base, signal), [base]);
  const categories = useCompanyCategories(companyId);
  const [editing, setEditing] = useState<RequirementDefault | 'new' | null>(null);

  const remove = async (item: RequirementDefault) => {
    const done = await confirmDelete({
      title: `Ștergi „${item.name}” din setul implicit?`,
      text: 'Clienții noi nu îl vor mai avea; clienții de acum îl păstrează.',
      run: () => deleteRequirementDefault(base, item.id),
      success: 'Documentul a fost scos din setul implicit.',
    });
    if (done) defaults.reload();
  };

  return (
    <div className="page">
      <PageHeader title="Documente lunare">
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
          Adaugă un document
        </button>
      </PageHeader>
      <p className="muted">
        Ce primește de predat fiecare client nou. Pentru un client anume, schimbi lista din pagina lui, la „Ce trebuie
        să predea”.
      </p>

      {defaults.data ? (
        <DueDayForm
          base={base}
          dueDay={defaults.data.meta.due_day}
          onSaved={(dueDay) =>
            defaults.setData((previous) => ({ data: previous?.data ?? [], meta: { due_day: dueDay } }))
          }
        />
      ) : null}

      <ListStates
        list={defaults}
        errorText="Setul implicit nu a putut fi încărcat."
        serverError
        keepRowsOnError
        empty={<EmptyState title="Setul implicit este gol.">Adaugă documentele pe care le ceri lunar.</EmptyState>}
      >
        {(rows) => (
          <DataTable
            className="card table-wrap"
            busy={defaults.loading}
            caption={`Setul implicit: ${rows.length}`}
            captionClassName="muted"
            head={
              <>
                <th scope="col">Document</th>
                <th scope="col">Categoria</th>
                <th scope="col">Frecvența</th>
                <th scope="col">Se cere</th>
                <ActionsHeader />
              </>
            }
          >
            {rows.map((item) => (
              <tr key={item.id}>
                <RequirementCells item={item} />
                <td>{APPLIES_LABELS[item.applies]}</td>
                <RequirementActions
                  name={item.name}
                  onEdit={() => setEditing(item)}
                  onDelete={() => void remove(item)}
                />
              </tr>
            ))}
          </DataTable>
        )}
      </ListStates>

      {editing ? (
        <RequirementDialog
          title={editing === 'new' ? 'Document nou în setul implicit' : `Editează „${editing.name}”`}
          withApplies
          initial={editing === 'new' ? undefined : editing}
          categories={categories.data ?? []}
          onClose={() => setEditing(null)}
          onSave={async (input) => {
            const answer =
              editing === 'new'
                ? await storeRequirementDefault(base, input)
                : await updateRequirementDefault(base, editing.id, input);
            void toast.success(answer.message || 'Documentul a fost salvat.');
            defaults.reload();
          }}
        />
      ) : null}
    </div>
  );
}

function DueDayForm({ base, dueDay, onSaved }: { base: string; dueDay: number; onSaved: (day: number) => void }) {
  const [value, setValue] = useState(String(dueDay));
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  useEffect(() => setValue(String(dueDay)), [dueDay]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const day = Number(value);
    if (!Number.isInteger(day) || day < 1 || day > 31) {
      setError('Ziua scadentă este între 1 și 31.');
      return;
    }
    setBusy(true);
    try {
      const answer = await updateMonthSettings(base, day);
      setError(undefined);
      void toast.success(answer.message || 'Ziua scadentă a fost salvată.');
      onSaved(answer.due_day);
    } catch (err) {
      setError(fieldErrors(err).due_day);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card form" aria-label="Termenul de predare" onSubmit={(e) => void submit(e)} noValidate>
      <TextField
        label="Ziua scadentă"
        type="number"
        inputMode="numeric"
        min={1}
        max={31}
        hint="Ziua lunii următoare până la care clienții predau documentele lunii (mutată pe prima zi lucrătoare)."
        value={value}
        error={error}
        onChange={(e) => setValue(e.target.value)}
      />
      <FormActions busy={busy} busyLabel="Se salvează…" submitLabel="Salvează" />
    </form>
  );
}
