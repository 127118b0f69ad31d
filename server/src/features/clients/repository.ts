import { sql, type ExpressionBuilder, type Transaction } from 'kysely';
import type { Db } from '../../infra/db.js';
import type { Database } from '../../db/schema.js';

/**
 * One client of a tenant, on both doors. Every query is scoped: a company sees its own live clients;
 * a holding sees the live clients in it at the companies still linked to it (and not deleted). The
 * company lists live in list.repository.ts, the holding's in monthly.repository.ts.
 */

export type Executor = Db | Transaction<Database>;

/** The tenant a query is scoped to (the `kind` and `id` of the door's TenantScope). */
export interface ClientScope {
  kind: 'company' | 'holding';
  id: number;
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
}

/** The client's company is linked to the holding (company_holding). */
const linkedTo = (holdingId: number) => (eb: ExpressionBuilder<Database, 'clients'>) =>
  eb.exists(
    eb
      .selectFrom('company_holding as sh')
      .select('sh.company_id')
      .whereRef('sh.company_id', '=', 'clients.company_id')
      .where('sh.holding_id', '=', holdingId),
  );

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
  if (archived && scope.kind !== 'company') return undefined;
  const query = db
    .selectFrom('clients as c')
    .innerJoin('companies as co', 'co.id', 'c.company_id')
    // The holding only while it is linked to the company: an unlink (from either side) keeps
    // clients.holding_id, so relinking brings the client back, but meanwhile it is outside any holding.
    .leftJoin('company_holding as ch', (join) =>
      join.onRef('ch.company_id', '=', 'c.company_id').onRef('ch.holding_id', '=', 'c.holding_id'),
    )
    .leftJoin('holdings as h', (join) => join.onRef('h.id', '=', 'ch.holding_id').on('h.deleted_at', 'is', null))
    .where('c.id', '=', clientId)
    .where('c.deleted_at', archived ? 'is not' : 'is', null)
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
    ]);
  const scoped =
    scope.kind === 'holding'
      ? query
          .where('c.holding_id', '=', scope.id)
          .where('ch.holding_id', 'is not', null)
          .where('co.deleted_at', 'is', null)
          // A suspended company's clients are out of its holdings' reach until it is reactivated.
          .where('co.status', '=', 'active')
      : query.where('c.company_id', '=', scope.id);
  return scoped.executeTakeFirst();
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

/** The scope's live client, for an update or a delete (a holding's only while its company is linked). */
function scopedUpdate(db: Executor, scope: ClientScope, clientId: number) {
  const query = db.updateTable('clients').where('id', '=', clientId).where('deleted_at', 'is', null);
  return scope.kind === 'company'
    ? query.where('company_id', '=', scope.id)
    : query.where('holding_id', '=', scope.id).where(linkedTo(scope.id));
}

/** Updates a client of the scope (the company door may also move it to another holding, or none). */
export async function updateClient(
  db: Executor,
  scope: ClientScope,
  clientId: number,
  fields: ClientFields & { holding_id?: number | null },
): Promise<boolean> {
  const result = await scopedUpdate(db, scope, clientId)
    .set({ ...fields, updated_at: new Date() })
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
