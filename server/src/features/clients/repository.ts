import { sql } from 'kysely';
import type { Executor } from '../../infra/db.js';
import type { FiscalProfile } from '../../db/schema-obligations.js';
import { clientVisibleTo, holdingLinked } from '../access/index.js';

/**
 * One client of a tenant, on both doors. Every query is scoped by the access feature's clientVisibleTo.
 * The company lists live in list.repository.ts, the holding's in monthly.repository.ts.
 */

/** The tenant a query is scoped to (the `kind`, `id` and `firm` of the door's TenantScope). */
export interface ClientScope {
  kind: 'company' | 'holding';
  id: number;
  /** A holding person a firm invited: that firm (they reach only its clients); else null. */
  firm: number | null;
}

/** A live client as both doors read it. */
export interface ClientRecord {
  id: number;
  company_id: number;
  company_name: string;
  name: string;
  cui: string | null;
  email: string | null;
  phone: string | null;
  notes: string | null;
  /** The client's holding while it is linked to the company (and live); null otherwise. */
  holding_id: number | null;
  holding_name: string | null;
  documents_count: number;
  last_upload_at: Date | null;
  created_at: Date;
  updated_at: Date;
  /** When the company archived it (only an archived client, read with `archived`, has one). */
  archived_at: Date | null;
  /** Which declarations it owes (the declaration calendar); null until the firm fills it in. */
  fiscal_profile: FiscalProfile | null;
  /** Its own due day (null: the firm's) and whether the firm paused its reminders. */
  due_day: number | null;
  reminders_paused: boolean;
}

/**
 * The live client `clientId` of the scope, or undefined (another tenant's client is just not there).
 * With `archived`, the company's archived one instead (a holding never sees archived clients).
 */
export async function findClient(
  db: Executor,
  scope: ClientScope,
  clientId: number,
  archived = false,
): Promise<ClientRecord | undefined> {
  return (
    db
      .selectFrom('clients as c')
      .innerJoin('companies as co', 'co.id', 'c.company_id')
      // The holding only while it is linked to the company (and live).
      .leftJoin('holdings as h', (join) =>
        join.onRef('h.id', '=', 'c.holding_id').on('h.deleted_at', 'is', null).on(holdingLinked('c')),
      )
      .where('c.id', '=', clientId)
      .where(clientVisibleTo(scope, 'c', archived ? 'removed' : 'live'))
      .select([
        'c.id',
        'c.company_id',
        'co.name as company_name',
        'c.name',
        'c.cui',
        'c.email',
        'c.phone',
        'c.notes',
        'h.id as holding_id',
        'h.name as holding_name',
        'c.documents_count',
        'c.last_upload_at',
        'c.created_at',
        'c.updated_at',
        'c.deleted_at as archived_at',
        'c.fiscal_profile',
        'c.due_day',
        'c.reminders_paused',
      ])
      .executeTakeFirst()
  );
}

/**
 * Whether another live client of the company has this CUI. CUIs compare on their digits, so
 * "RO 18547290" and "18547290" are the same code.
 */
export async function clientCuiTaken(
  db: Executor,
  companyId: number,
  cuiDigits: string,
  exceptClientId?: number,
): Promise<boolean> {
  let query = db
    .selectFrom('clients')
    .select('id')
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .where(sql<string>`regexp_replace(coalesce(cui, ''), '[^0-9]', '', 'g')`, '=', cuiDigits);
  if (exceptClientId !== undefined) query = query.where('id', '!=', exceptClientId);
  return Boolean(await query.executeTakeFirst());
}

export interface ClientFields {
  name?: string;
  cui?: string;
  email?: string | null;
  phone?: string | null;
  notes?: string | null;
}

export async function insertClient(
  db: Executor,
  client: Required<ClientFields> & { company_id: number; holding_id: number | null },
): Promise<number> {
  const row = await db.insertInto('clients').values(client).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The scope's live client, for an update or a delete. */
function scopedUpdate(db: Executor, scope: ClientScope, clientId: number) {
  return db.updateTable('clients').where('id', '=', clientId).where(clientVisibleTo(scope));
}

/** Updates a client of the scope (the company door may also move it to another holding, or none). */
export async function updateClient(
  db: Executor,
  scope: ClientScope,
  clientId: number,
  fields: ClientFields & {
    holding_id?: number | null;
    fiscal_profile?: FiscalProfile | null;
    due_day?: number | null;
    reminders_paused?: boolean;
  },
): Promise<boolean> {
  const { fiscal_profile, ...columns } = fields;
  // A jsonb column takes its JSON text.
  const profile =
    fiscal_profile === undefined ? {} : { fiscal_profile: fiscal_profile && JSON.stringify(fiscal_profile) };
  const result = await scopedUpdate(db, scope, clientId)
    .set({ ...columns, ...profile, updated_at: new Date() })
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Soft delete: the client leaves every list; its documents stay stored. */
export async function softDeleteClient(db: Executor, scope: ClientScope, clientId: number): Promise<boolean> {
  const now = new Date();
  const result = await scopedUpdate(db, scope, clientId).set({ deleted_at: now, updated_at: now }).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Brings an archived client of the company back among its live clients; answers whether one was
 * archived. The client_counts triggers count it again, like any other revival.
 */
export async function restoreClient(db: Executor, companyId: number, clientId: number): Promise<boolean> {
  const result = await db
    .updateTable('clients')
    .set({ deleted_at: null, updated_at: new Date() })
    .where('id', '=', clientId)
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is not', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
