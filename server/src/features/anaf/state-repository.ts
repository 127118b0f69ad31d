import { sql } from 'kysely';
import type { Executor } from '../../infra/db.js';
import { clientVisibleTo, type Tenant } from '../access/index.js';

/** The clients' registry states (migration 280) and the clients the nightly check reads. */

export interface ClientToCheck {
  id: number;
  company_id: number;
  cui: string;
}

/** Every live client with a CUI of every live, active firm, after `afterId` (pages of `limit`). */
export async function clientsToCheck(db: Executor, afterId: number, limit: number): Promise<ClientToCheck[]> {
  const rows = await db
    .selectFrom('clients')
    .innerJoin('companies', 'companies.id', 'clients.company_id')
    .select(['clients.id', 'clients.company_id', 'clients.cui'])
    .where('clients.deleted_at', 'is', null)
    .where('companies.deleted_at', 'is', null)
    .where('companies.status', '=', 'active')
    .where('clients.cui', 'is not', null)
    .where('clients.id', '>', afterId)
    .orderBy('clients.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, company_id: row.company_id, cui: row.cui as string }));
}

export type StateRow = {
  client_id: number;
  cui: string;
  found: boolean;
  vat_payer: boolean | null;
  e_factura: boolean | null;
  inactive: boolean | null;
  checked_at: Date;
  changes: string[] | null;
  changed_at: Date | null;
  seen_at: Date | null;
};

export async function statesOf(db: Executor, clientIds: readonly number[]): Promise<Map<number, StateRow>> {
  if (clientIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('anaf_client_states')
    .select([
      'client_id',
      'cui',
      'found',
      'vat_payer',
      'e_factura',
      'inactive',
      'checked_at',
      'changes',
      'changed_at',
      'seen_at',
    ])
    .where('client_id', 'in', [...clientIds])
    .execute();
  return new Map(rows.map((row) => [row.client_id, row]));
}

export interface NewState {
  client_id: number;
  company_id: number;
  cui: string;
  found: boolean;
  vat_payer: boolean | null;
  e_factura: boolean | null;
  inactive: boolean | null;
  checked_at: Date;
  /** Set when something changed: what, and when. */
  change: { changes: string[]; at: Date } | null;
}

export async function saveState(db: Executor, state: NewState): Promise<void> {
  const { change, ...columns } = state;
  const values = {
    ...columns,
    changes: change ? JSON.stringify(change.changes) : null,
    changed_at: change ? change.at : null,
  };
  await db
    .insertInto('anaf_client_states')
    .values(values)
    .onConflict((oc) =>
      oc.column('client_id').doUpdateSet((eb) => ({
        company_id: eb.ref('excluded.company_id'),
        cui: eb.ref('excluded.cui'),
        found: eb.ref('excluded.found'),
        vat_payer: eb.ref('excluded.vat_payer'),
        e_factura: eb.ref('excluded.e_factura'),
        inactive: eb.ref('excluded.inactive'),
        checked_at: eb.ref('excluded.checked_at'),
        // A quiet night keeps the last change (and its flag) as it was.
        ...(change ? { changes: eb.ref('excluded.changes'), changed_at: eb.ref('excluded.changed_at') } : {}),
      })),
    )
    .execute();
}

/** The tenant's live clients, by name, with their CUI (the ANAF screen's rows). */
export async function firmClients(
  db: Executor,
  tenant: Tenant,
): Promise<{ id: number; name: string; cui: string | null }[]> {
  return db
    .selectFrom('clients')
    .select(['clients.id', 'clients.name', 'clients.cui'])
    .where(clientVisibleTo(tenant))
    .orderBy('clients.name')
    .orderBy('clients.id')
    .limit(5000)
    .execute();
}

export async function markSeen(db: Executor, clientId: number, at: Date): Promise<void> {
  await db
    .updateTable('anaf_client_states')
    .set({ seen_at: at })
    .where('client_id', '=', clientId)
    .where(sql<boolean>`changed_at is not null`)
    .execute();
}

/** The tenant's live client with its CUI, or undefined (another tenant's client is just not there). */
export async function scopedClientCui(
  db: Executor,
  tenant: Tenant,
  clientId: number,
): Promise<{ id: number; cui: string | null } | undefined> {
  return db
    .selectFrom('clients')
    .select(['clients.id', 'clients.cui'])
    .where('clients.id', '=', clientId)
    .where(clientVisibleTo(tenant))
    .executeTakeFirst();
}
