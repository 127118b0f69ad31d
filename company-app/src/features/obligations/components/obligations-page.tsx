import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  DataTable,
  EmptyState,
  ListStates,
  PageHeader,
  Pager,
  SearchField,
  Select,
  countOf,
  periodFromNow,
  periodTitle,
  useListSearch,
  useRequest,
} from '@dosar/shared';
import { useCompanyId } from '../../../lib/company-api';
import { paths } from '../../../paths';
import { getObligationGrid, type Obligation, type ObligationGrid, type ObligationGridRow } from '../api/obligations';
import { ObligationActions, StatusChip, romanianDay } from './obligation-bits';

const PER_PAGE = 25;

/** Next month and the 24 before it, newest first: the months whose declarations a firm looks at. */
function monthOptions(chosen: string) {
  const periods = Array.from({ length: 26 }, (_, i) => periodFromNow(1 - i));
  const list = periods.includes(chosen) ? periods : [chosen, ...periods];
  return list.map((p) => ({ value: p, label: periodTitle(p) }));
}

/** What the page says about the shown clients' declarations: „De depus: 12 · Întârziate: 3 · Depuse: 20”. */
export function gridSummary(rows: ObligationGridRow[]): string {
  const all = rows.flatMap((row) => row.obligations);
  const count = (status: Obligation['status']) => all.filter((o) => o.status === status).length;
  return `De depus: ${count('due')} · Întârziate: ${count('late')} · Depuse: ${count('filed')}`;
}

/**
 * /company/declarations „Declarații”: for a chosen month, the firm's clients × the declarations due for it,
 * each with its due date and status („De depus”, „Întârziată”, „Depusă”); a declaration is marked filed
 * with its receipt, or the filing undone. On a phone the grid scrolls sideways inside its box, as the
 * month's grid does.
 */
export function ObligationsPage() {
  const companyId = useCompanyId();
  const [period, setPeriod] = useState(() => periodFromNow(-1));
  const { search, setSearch, term, page, setPage, firstPage } = useListSearch();
  const grid = useRequest(
    (signal) => getObligationGrid(companyId, { period, search: term || undefined, page, per_page: PER_PAGE }, signal),
    [companyId, period, term, page],
    companyId > 0,
  );

  const replace = (clientId: number, changed: Obligation) =>
    grid.setData((previous) => {
      const current = previous as ObligationGrid;
      return {
        ...current,
        data: current.data.map((row) =>
          row.client.id !== clientId
            ? row
            : {
                ...row,
                obligations: row.obligations.map((o) =>
                  o.code === changed.code && o.period === changed.period ? changed : o,
                ),
              },
        ),
      };
    });

  return (
    <div className="page">
      <PageHeader title="Declarații" />
      <p className="muted">
        Declarațiile fiecărui client, după profilul lui fiscal. Termenele cad pe zile lucrătoare (fără weekenduri și
        sărbători legale).
      </p>
      <SearchField
        id="obligations-search"
        label="Caută clientul"
        placeholder="ex. Alfa"
        value={search}
        onChange={setSearch}
      >
        <div className="field">
          <label htmlFor="obligations-period">Luna declarațiilor</label>
          <Select
            inputId="obligations-period"
            aria-label="Luna declarațiilor"
            options={monthOptions(period)}
            value={period}
            onChange={(value) => {
              setPeriod(String(value));
              firstPage();
            }}
          />
        </div>
      </SearchField>

      <ListStates
        list={grid}
        errorText="Declarațiile nu au putut fi încărcate."
        serverError
        keepRowsOnError
        empty={
          term ? (
            <EmptyState title="Niciun client nu corespunde căutării.">Încearcă alt nume sau alt CUI.</EmptyState>
          ) : (
            <EmptyState title="Nu ai încă niciun client.">Clienții adăugați vor apărea aici.</EmptyState>
          )
        }
      >
        {(rows, data) => (
          <DataTable
            className="card table-wrap month-grid"
            busy={grid.loading}
            caption={`${periodTitle(data.period)}: ${countOf(data.meta.total, 'client', 'clienți')} — ${gridSummary(rows)}`}
            captionClassName="muted"
            head={
              <>
                <th scope="col">Client</th>
                {data.codes.map((c) => (
                  <th scope="col" key={c.code} title={c.name}>
                    {c.code}
                  </th>
                ))}
              </>
            }
            footer={<Pager meta={data.meta} onPage={setPage} />}
          >
            {rows.map((row) => (
              <tr key={row.client.id}>
                <td className="month-client">
                  <Link to={`${paths.client(row.client.id)}?tab=declaratii`}>{row.client.name}</Link>
                  {row.fiscal_profile ? null : <div className="muted">Profil fiscal necompletat</div>}
                </td>
                {data.codes.map((c) => {
                  const obligation = row.obligations.find((o) => o.code === c.code);
                  if (!obligation) {
                    return (
                      <td key={c.code}>
                        <span className="muted" title="Nu se depune">
                          —
                        </span>
                      </td>
                    );
                  }
                  return (
                    <td key={c.code}>
                      <div>
                        <StatusChip status={obligation.status} />
                      </div>
                      <div className="muted">{`Termen: ${romanianDay(obligation.due_date)}`}</div>
                      {obligation.frequency !== 'monthly' ? (
                        <div className="muted">{obligation.period_label}</div>
                      ) : null}
                      <ObligationActions
                        companyId={companyId}
                        clientId={row.client.id}
                        clientName={row.client.name}
                        obligation={obligation}
                        onChanged={(changed) => replace(row.client.id, changed)}
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </DataTable>
        )}
      </ListStates>
    </div>
  );
}
