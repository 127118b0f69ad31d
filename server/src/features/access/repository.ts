import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Executor } from '../../infra/db.js';
import type { TenantScope } from '../doors/index.js';

/**
 * Which rows a tenant may see or change, written once for every feature and both doors (after immich's
 * access repository). The conditions are expressions on a table alias the caller names, so a feature's
 * own query keeps its joins and columns and takes the rule as one more `where`; every value is a
 * parameter, the aliases are identifiers.
 *
 * A company sees its own live clients and utility files. A holding sees the live clients it owns at a
 * company it works with, and that company's utility files; it works with a company while the two are
 * linked (company_holding) and the company is live and active — a suspended or deleted company's rows
 * are out of its holdings' reach until it is back, and unlinking hides them without changing them.
 *
 * A holding shared by several firms is not any firm's: a person a firm invited into it (the scope's
 * `firm`) sees only what the holding sees at that firm — its clients there, their documents and months,
 * its utility files — never another firm's.
 */

/** The tenant a condition is for: the `kind`, `id` and `firm` of the door's scope. */
export type Tenant = Pick<TenantScope, 'kind' | 'id' | 'firm'>;

/** Which of a tenant's rows: the live ones, or those it put away (archived clients, trashed documents). */
export type RowState = 'live' | 'removed';

const column = <T = unknown>(alias: string, name: string) => sql.ref<T>(`${alias}.${name}`);

const removedIs = (alias: string, state: RowState) =>
  state === 'live'
    ? sql<SqlBool>`${column(alias, 'deleted_at')} is null`
    : sql<SqlBool>`${column(alias, 'deleted_at')} is not null`;

/** The holding works with the company: linked to it, and the company is live and active. */
function worksWith(holdingId: number, companyId: Expression<number>): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (
    select 1 from company_holding wh join companies wc on wc.id = wh.company_id
    where wh.holding_id = ${holdingId} and wh.company_id = ${companyId}
      and wc.deleted_at is null and wc.status = ${'active'}
  )`;
}

/** The holding's caller reaches the company's rows: it works with the company, and a firm's person only at that firm. */
function reaches(tenant: Tenant, companyId: Expression<number>): RawBuilder<SqlBool> {
  const worked = worksWith(tenant.id, companyId);
  return sql<SqlBool>`${firmInView(tenant, companyId)} and ${worked}`;
}

/**
 * Which of its holding's firms the caller may see at all (the holding's list of its companies): every
 * one, or for a person a firm invited, that firm alone.
 */
export function firmInView(tenant: Tenant, companyId: Expression<number>): RawBuilder<SqlBool> {
  return tenant.kind === 'holding' && tenant.firm !== null
    ? sql<SqlBool>`${companyId} = ${tenant.firm}`
    : sql<SqlBool>`true`;
}

/**
 * The clients (alias `alias` of `clients`) the tenant may see and change. `removed`: the company's
 * archived clients (a holding never sees an archived client).
 */
export function clientVisibleTo(tenant: Tenant, alias = 'clients', state: RowState = 'live'): RawBuilder<SqlBool> {
  if (tenant.kind === 'company')
    return sql<SqlBool>`${column(alias, 'company_id')} = ${tenant.id} and ${removedIs(alias, state)}`;
  if (state === 'removed') return sql<SqlBool>`false`;
  const worked = reaches(tenant, column<number>(alias, 'company_id'));
  return sql<SqlBool>`${column(alias, 'holding_id')} = ${tenant.id} and ${removedIs(alias, 'live')} and ${worked}`;
}

/**
 * The people (alias `user` of `users`) who see the client (alias `client` of `clients`) in the holding's
 * portal, as clientVisibleTo decides for their door: the holding's live people (roles 4, 5) — its own, or
 * those the client's firm invited — while the holding works with the client's firm. Who is told about a
 * client (reminders) is who can open it.
 */
export function seesClientInPortal(user = 'u', client = 'c'): RawBuilder<SqlBool> {
  const firm = column<number>(client, 'company_id');
  return sql<SqlBool>`${column(user, 'holding_id')} = ${column(client, 'holding_id')}
    and ${column(user, 'deleted_at')} is null and ${column(user, 'role')} in (${4}, ${5})
    and (${column(user, 'invited_by_company_id')} is null or ${column(user, 'invited_by_company_id')} = ${firm})
    and ${column(client, 'deleted_at')} is null
    and exists (
      select 1 from company_holding wh join companies wc on wc.id = wh.company_id
      where wh.holding_id = ${column(client, 'holding_id')} and wh.company_id = ${firm}
        and wc.deleted_at is null and wc.status = ${'active'}
    )`;
}

/**
 * The client's holding is linked to the client's company. An unlink (from either side) keeps
 * clients.holding_id, so relinking brings the client back; meanwhile it is outside any holding.
 */
export function holdingLinked(alias = 'clients'): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (
    select 1 from company_holding lh
    where lh.company_id = ${column(alias, 'company_id')} and lh.holding_id = ${column(alias, 'holding_id')}
  )`;
}

/**
 * The documents (alias `alias` of `media`) of a client the tenant may see: live ones, or with
 * `removed` those in the trash (tombstones included; the trash calls leave out what they do not list).
 */
export function documentVisibleTo(tenant: Tenant, alias = 'media', state: RowState = 'live'): RawBuilder<SqlBool> {
  const owner = sql<SqlBool>`exists (
    select 1 from clients dc
    where dc.id = ${column(alias, 'client_id')} and dc.company_id = ${column(alias, 'company_id')}
      and ${clientVisibleTo(tenant, 'dc')}
  )`;
  return sql<SqlBool>`${owner} and ${removedIs(alias, state)}`;
}

/**
 * A document its holding's side handled: uploaded or deleted by a person of the holding (`uploader` and
 * `deleter` alias the `users` who did). What a holding's trash shows (TRASH_RULES' `side`).
 */
export function handledBySide(holdingId: number, uploader: string, deleter: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${column(uploader, 'holding_id')} = ${holdingId} or ${column(deleter, 'holding_id')} = ${holdingId})`;
}

/**
 * The live utility files (alias `alias` of `utility_files`) the tenant sees: a company its own, a
 * holding those of the companies it works with (a firm's person, that firm's).
 */
export function utilityFileVisibleTo(tenant: Tenant, alias = 'utility_files'): RawBuilder<SqlBool> {
  const live = removedIs(alias, 'live');
  if (tenant.kind === 'company') return sql<SqlBool>`${column(alias, 'company_id')} = ${tenant.id} and ${live}`;
  return sql<SqlBool>`${live} and ${reaches(tenant, column<number>(alias, 'company_id'))}`;
}

/**
 * Whether the tenant may put its rows at the company: a company at itself, a holding at a company it
 * works with, a firm's person at that firm (what it would not see afterwards, it may not create).
 */
export async function worksWithCompany(db: Executor, tenant: Tenant, companyId: number): Promise<boolean> {
  if (tenant.kind === 'company') return tenant.id === companyId;
  const row = await db
    .selectFrom('companies as co')
    .select('co.id')
    .where('co.id', '=', companyId)
    .where(reaches(tenant, sql.ref<number>('co.id')))
    .executeTakeFirst();
  return Boolean(row);
}

/** A live client the caller's tenant may work on; a feature's queries then filter by its ids. */
export interface ScopedClient {
  id: number;
  company_id: number;
  holding_id: number | null;
  name: string;
}

/** The client when the tenant may see it, or undefined (another tenant's client is just not there). */
export async function findScopedClient(
  db: Executor,
  tenant: Tenant,
  clientId: number,
): Promise<ScopedClient | undefined> {
  return db
    .selectFrom('clients as c')
    .select(['c.id', 'c.company_id', 'c.holding_id', 'c.name'])
    .where('c.id', '=', clientId)
    .where(clientVisibleTo(tenant, 'c'))
    .executeTakeFirst();
}

/** Which of the documents `ids` the tenant may see (live, or in the trash with `removed`). */
export async function visibleDocumentIds(
  db: Executor,
  tenant: Tenant,
  ids: number[],
  state: RowState = 'live',
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('media as m')
    .select('m.id')
    .where('m.id', 'in', ids)
    .where(documentVisibleTo(tenant, 'm', state))
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** Which of the utility files `ids` the tenant sees. */
export async function visibleUtilityFileIds(db: Executor, tenant: Tenant, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('utility_files as u')
    .select('u.id')
    .where('u.id', 'in', ids)
    .where(utilityFileVisibleTo(tenant, 'u'))
    .execute();
  return new Set(rows.map((row) => row.id));
}
