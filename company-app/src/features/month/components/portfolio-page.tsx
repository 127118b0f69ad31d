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
  formatPeriodShort,
  getPortfolio,
  getPortfolioMonths,
  periodFromNow,
  useListSearch,
  useRequest,
  type MonthsRow,
  type PortfolioRow,
  type PortfolioStatusFilter,
} from '@dosar/shared';
import { companyBase, useCompanyId } from '../../../lib/company-api';
import { paths } from '../../../paths';
import { DueText, MonthPicker, StatusBadge, countsText, doneCount, periodTitle } from './month-bits';

const PER_PAGE = 20;
const ALL = '';

const STATUS_FILTERS: { value: PortfolioStatusFilter | typeof ALL; label: string }[] = [
  { value: ALL, label: 'Toate' },
  { value: 'complete', label: 'Complete' },
  { value: 'incomplete', label: 'Incomplete' },
  { value: 'missing', label: 'Cu lipsuri' },
  { value: 'uploaded', label: 'De verificat' },
  { value: 'rejected', label: 'Respinse' },
];

type View = 'clients' | 'months';

/**
 * /company/month „Luna”: the firm's clients in one month, as a grid of what each owes
 * („Pe clienți”), or over the last 6 months („Pe luni”). A row opens the client's month.
 */
export function PortfolioPage() {
  const companyId = useCompanyId();
  const [period, setPeriod] = useState(() => periodFromNow(0));
  const [view, setView] = useState<View>('clients');
  const [status, setStatus] = useState<PortfolioStatusFilter | typeof ALL>(ALL);
  const { search, setSearch, term, page, setPage, firstPage } = useListSearch();

  return (
    <div className="page">
      <PageHeader title="Luna" />
      <SearchField id="month-search" label="Caută clientul" placeholder="ex. Alfa" value={search} onChange={setSearch}>
        <MonthPicker
          id="month-period"
          value={period}
          onChange={(p) => {
            setPeriod(p);
            firstPage();
          }}
        />
        {view === 'clients' ? (
          <div className="field">
            <label htmlFor="month-status-filter">Stare</label>
            <Select
              inputId="month-status-filter"
              aria-label="Stare"
              options={STATUS_FILTERS}
              value={status}
              onChange={(value) => {
                setStatus(value as PortfolioStatusFilter | typeof ALL);
                firstPage();
              }}
            />
          </div>
        ) : null}
      </SearchField>

      <div className="toolbar" role="group" aria-label="Vedere">
        <button
          type="button"
          className={view === 'clients' ? 'btn btn-primary' : 'btn'}
          aria-pressed={view === 'clients'}
          onClick={() => {
            setView('clients');
            firstPage();
          }}
        >
          Pe clienți
        </button>
        <button
          type="button"
          className={view === 'months' ? 'btn btn-primary' : 'btn'}
          aria-pressed={view === 'months'}
          onClick={() => {
            setView('months');
            firstPage();
          }}
        >
          Pe luni
        </button>
      </div>

      {view === 'clients' ? (
        <ClientsGrid companyId={companyId} period={period} search={term} status={status} page={page} onPage={setPage} />
      ) : (
        <MonthsGrid companyId={companyId} period={period} search={term} page={page} onPage={setPage} />
      )}
    </div>
  );
}

interface GridProps {
  companyId: number;
  period: string;
  search: string;
  page: number;
  onPage: (page: number) => void;
}

/** The requirement names of every row, in the order they first appear: the grid's columns. */
export function requirementColumns(rows: PortfolioRow[]): string[] {
  const names: string[] = [];
  for (const row of rows) for (const item of row.items) if (!names.includes(item.name)) names.push(item.name);
  return names;
}

function ClientsGrid({ companyId, period, search, status, page, onPage }: GridProps & { status: string }) {
  const portfolio = useRequest(
    (signal) =>
      getPortfolio(
        companyBase(companyId),
        {
          period,
          search: search || undefined,
          status: (status || undefined) as PortfolioStatusFilter | undefined,
          page,
          per_page: PER_PAGE,
        },
        signal,
      ),
    [companyId, period, search, status, page],
  );
  const filtered = search !== '' || status !== ALL;

  return (
    <ListStates
      list={portfolio}
      errorText="Luna clienților nu a putut fi încărcată."
      serverError
      keepRowsOnError
      empty={
        filtered ? (
          <EmptyState title="Niciun client nu corespunde căutării.">Încearcă alt nume sau altă stare.</EmptyState>
        ) : (
          <EmptyState title="Nu ai încă niciun client.">Clienții adăugați vor apărea aici.</EmptyState>
        )
      }
    >
      {(rows, data) => {
        const columns = requirementColumns(rows);
        return (
          <DataTable
            className="card table-wrap month-grid"
            busy={portfolio.loading}
            caption={`${periodTitle(data.meta.period)}: ${countOf(data.meta.total, 'client', 'clienți')}`}
            captionClassName="muted"
            head={
              <>
                <th scope="col">Client</th>
                <th scope="col">Stare</th>
                {columns.map((name) => (
                  <th scope="col" key={name}>
                    {name}
                  </th>
                ))}
              </>
            }
            footer={<Pager meta={data.meta} onPage={onPage} />}
          >
            {rows.map((row) => (
              <tr key={row.client.id}>
                <td className="month-client">
                  <Link to={paths.clientMonth(row.client.id, data.meta.period)}>{row.client.name}</Link>
                  {row.client.holding ? <div className="muted">{row.client.holding.name}</div> : null}
                </td>
                <td>
                  <RowSummary row={row} />
                </td>
                {columns.map((name) => {
                  const items = row.items.filter((item) => item.name === name);
                  return (
                    <td key={name}>
                      {items.length === 0 ? (
                        <span className="muted" title="Nu se cere">
                          —
                        </span>
                      ) : (
                        <span className="month-actions">
                          {items.map((item, index) => (
                            <StatusBadge key={item.id ?? `${item.requirement_id}-${index}`} status={item.status} />
                          ))}
                        </span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </DataTable>
        );
      }}
    </ListStates>
  );
}

function RowSummary({ row }: { row: PortfolioRow }) {
  return (
    <div>
      <div>{`${doneCount(row.counts)} din ${row.total} gata`}</div>
      {row.total > 0 ? <div className="muted">{countsText(row.counts)}</div> : null}
      <div className="month-actions">
        {row.closed ? <span className="badge badge-muted">Închisă</span> : null}
        {row.complete && !row.closed ? <span className="badge badge-success">Completă</span> : null}
        {row.done && !row.closed ? <span className="badge">Clientul a terminat</span> : null}
      </div>
      {row.closed || row.complete ? null : <DueText dueDate={row.due_date} daysLeft={row.days_left} />}
    </div>
  );
}

type Completeness = 'closed' | 'complete' | 'partly' | 'nothing' | 'none';

const COMPLETENESS_LABELS: Record<Completeness, string> = {
  closed: 'Închisă',
  complete: 'Completă',
  partly: 'Parțial',
  nothing: 'Nimic',
  none: 'Nimic de predat',
};

/** How far a month got: closed, complete, partly (something arrived), nothing yet. */
export function completeness(month: MonthsRow['months'][number]): Completeness {
  if (month.closed) return 'closed';
  if (month.total === 0) return 'none';
  if (month.complete) return 'complete';
  const arrived = month.counts.accepted + month.counts.not_applicable + month.counts.uploaded;
  return arrived > 0 ? 'partly' : 'nothing';
}

function MonthsGrid({ companyId, period, search, page, onPage }: GridProps) {
  const months = useRequest(
    (signal) =>
      getPortfolioMonths(
        companyBase(companyId),
        { period, months: 6, search: search || undefined, page, per_page: PER_PAGE },
        signal,
      ),
    [companyId, period, search, page],
  );

  return (
    <ListStates
      list={months}
      errorText="Lunile clienților nu au putut fi încărcate."
      serverError
      keepRowsOnError
      empty={
        search ? (
          <EmptyState title="Niciun client nu corespunde căutării.">Încearcă alt nume.</EmptyState>
        ) : (
          <EmptyState title="Nu ai încă niciun client.">Clienții adăugați vor apărea aici.</EmptyState>
        )
      }
    >
      {(rows, data) => (
        <DataTable
          className="card table-wrap month-grid"
          busy={months.loading}
          caption={countOf(data.meta.total, 'client', 'clienți')}
          captionClassName="muted"
          head={
            <>
              <th scope="col">Client</th>
              {data.meta.periods.map((p) => (
                <th scope="col" key={p}>
                  {formatPeriodShort(p)}
                </th>
              ))}
            </>
          }
          footer={<Pager meta={data.meta} onPage={onPage} />}
        >
          {rows.map((row) => (
            <tr key={row.client.id}>
              <td className="month-client">
                <Link to={paths.clientMonth(row.client.id, period)}>{row.client.name}</Link>
              </td>
              {data.meta.periods.map((p) => {
                const month = row.months.find((m) => m.period === p);
                if (!month) {
                  return (
                    <td key={p} className="month-cell-none">
                      —
                    </td>
                  );
                }
                const state = completeness(month);
                return (
                  <td key={p} className={`month-cell-${state}`}>
                    <Link
                      to={paths.clientMonth(row.client.id, p)}
                      aria-label={`${row.client.name}, ${periodTitle(p)}: ${COMPLETENESS_LABELS[state]}`}
                    >
                      {COMPLETENESS_LABELS[state]}
                    </Link>
                    {month.total > 0 ? (
                      <div className="muted">{`${doneCount(month.counts)}/${month.total}`}</div>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </DataTable>
      )}
    </ListStates>
  );
}
