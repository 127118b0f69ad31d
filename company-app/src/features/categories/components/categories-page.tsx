import { useState, type FormEvent } from 'react';
import {
  EmptyState,
  FormActions,
  ListStates,
  PageHeader,
  Select,
  confirmDelete,
  errorMessage,
  fieldErrors,
  toast,
} from '@dosar/shared';
import { useCompanyId } from '../../../lib/company-api';
import { useHoldingOptions } from '../../../lib/api/list-holdings';
import { deleteCategory } from '../api/delete-category';
import { useCategories, type Category, type CategorySet } from '../api/list-categories';
import { storeCategory } from '../api/store-category';
import { updateCategory } from '../api/update-category';
import { updatePositions } from '../api/update-position';
import { CategoryList } from './category-list';

const DEFAULT_SET = 'default';

/** Categories (role 2): the company's default set or one holding's; create, rename, delete, reorder. */
export function CategoriesPage() {
  const companyId = useCompanyId();
  const holdings = useHoldingOptions(companyId);
  const [scope, setScope] = useState(DEFAULT_SET);
  const holdingId = scope === DEFAULT_SET ? null : Number(scope);
  const categories = useCategories(companyId, holdingId);
  const [announcement, setAnnouncement] = useState('');
  const [newName, setNewName] = useState('');
  const [newError, setNewError] = useState<string | undefined>();
  const [creating, setCreating] = useState(false);

  const list = categories.data?.data ?? [];
  const inherited = holdingId !== null && categories.data?.inherited === true;
  const scopeOptions = [{ value: DEFAULT_SET, label: 'Setul implicit al companiei' }, ...holdings.options];
  const scopeLabel = scopeOptions.find((o) => o.value === scope)?.label ?? '';

  const onCreate = async (event: FormEvent) => {
    event.preventDefault();
    const name = newName.trim();
    if (!name) {
      setNewError('Scrie numele categoriei.');
      return;
    }
    setCreating(true);
    try {
      await storeCategory(companyId, { name, holding_id: holdingId });
      void toast.success(
        inherited ? 'Categoria a fost adăugată; holdingul are acum setul său propriu.' : 'Categoria a fost adăugată.',
      );
      setNewName('');
      setNewError(undefined);
      categories.reload();
    } catch (err) {
      setNewError(fieldErrors(err).name);
    } finally {
      setCreating(false);
    }
  };

  const replaceList = (list: Category[]) => categories.setData((set): CategorySet => ({ ...(set ?? {}), data: list }));

  const onReorder = async (ordered: Category[], moved: Category) => {
    const previous = list;
    const renumbered = ordered.map((c, position) => ({ ...c, position }));
    replaceList(renumbered);
    const at = renumbered.findIndex((c) => c.id === moved.id) + 1;
    setAnnouncement(`„${moved.name}” este acum pe poziția ${at} din ${renumbered.length}.`);
    try {
      await updatePositions(companyId, { holding_id: holdingId, ids: renumbered.map((c) => c.id) });
    } catch {
      replaceList(previous);
      setAnnouncement('Ordinea nu a putut fi salvată; lista a revenit la ordinea anterioară.');
    }
  };

  const onRename = async (category: Category, name: string): Promise<string | undefined> => {
    try {
      const result = await updateCategory(companyId, category.id, { name });
      replaceList(list.map((c) => (c.id === category.id ? { ...c, name: result.data?.name ?? name } : c)));
      void toast.success('Categoria a fost redenumită.');
      return undefined;
    } catch (err) {
      return fieldErrors(err).name ?? errorMessage(err);
    }
  };

  const onDelete = (category: Category) =>
    confirmDelete({
      title: `Ștergi categoria „${category.name}”?`,
      text: 'Documentele deja încărcate în această categorie nu se pierd.',
      run: () => deleteCategory(companyId, category.id),
      success: 'Categoria a fost ștearsă.',
      onDone: () => {
        replaceList(list.filter((c) => c.id !== category.id));
        categories.reload();
      },
    });

  return (
    <div className="page">
      <PageHeader title="Categorii" />

      <div className="toolbar">
        <div className="field grow">
          <label htmlFor="category-scope">Setul de categorii</label>
          <Select
            inputId="category-scope"
            aria-label="Setul de categorii"
            options={scopeOptions}
            value={scope}
            onChange={(v) => {
              setScope(String(v));
              setAnnouncement('');
            }}
          />
        </div>
      </div>

      <form className="card form" noValidate onSubmit={onCreate}>
        <div className="field">
          <label htmlFor="category-new-name">{`Categorie nouă în „${scopeLabel}”`}</label>
          <input
            id="category-new-name"
            value={newName}
            maxLength={120}
            aria-invalid={newError ? true : undefined}
            aria-describedby={newError ? 'category-new-error' : undefined}
            onChange={(e) => {
              setNewName(e.target.value);
              setNewError(undefined);
            }}
          />
          {newError && (
            <p id="category-new-error" className="field-error" role="alert">
              {newError}
            </p>
          )}
        </div>
        <FormActions busy={creating} busyLabel="Se adaugă…" submitLabel="Adaugă categoria" />
      </form>

      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>

      <ListStates
        list={categories}
        errorText="Categoriile nu au putut fi încărcate."
        serverError
        empty={<EmptyState title="Setul nu are încă nicio categorie.">Adaugă prima categorie mai sus.</EmptyState>}
      >
        {(rows) =>
          inherited ? (
            <section className="card" aria-labelledby="inherited-title">
              <h2 id="inherited-title">Holdingul folosește setul implicit al companiei</h2>
              <p className="muted">
                Adaugă o categorie mai sus ca să-i creezi un set propriu (pornește de la cel implicit) pe care îl poți
                apoi reordona și modifica. Setul implicit se modifică din „Setul implicit al companiei”.
              </p>
              <ol>
                {rows.map((c) => (
                  <li key={c.id}>{c.name}</li>
                ))}
              </ol>
            </section>
          ) : (
            <CategoryList
              categories={rows}
              onReorder={(ordered, moved) => void onReorder(ordered, moved)}
              onRename={onRename}
              onDelete={(c) => void onDelete(c)}
            />
          )
        }
      </ListStates>
    </div>
  );
}
