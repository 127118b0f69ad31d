import { sql } from 'kysely';
import type { Executor } from '../../infra/db.js';

/** SPV: the OAuth states and tokens, the synced clients, the messages seen, the daily call counts (migration 280). */

export async function saveOauthState(
  db: Executor,
  row: { state_hash: string; company_id: number; user_id: number; expires_at: Date },
  now: Date,
): Promise<void> {
  // The firm's abandoned attempts go as a new one starts.
  await db
    .deleteFrom('spv_oauth_states')
    .where('company_id', '=', row.company_id)
    .where('expires_at', '<', now)
    .execute();
  await db.insertInto('spv_oauth_states').values(row).execute();
}

/** Takes a state once: the row is deleted as it is read, so a replayed callback finds nothing. */
export async function takeOauthState(
  db: Executor,
  stateHash: string,
): Promise<{ company_id: number; user_id: number; expires_at: Date } | undefined> {
  return db
    .deleteFrom('spv_oauth_states')
    .where('state_hash', '=', stateHash)
    .returning(['company_id', 'user_id', 'expires_at'])
    .executeTakeFirst();
}

export interface AuthorizationRow {
  company_id: number;
  access_token: string;
  refresh_token: string;
  expires_at: Date;
  authorized_at: Date;
}

export async function findAuthorization(db: Executor, companyId: number): Promise<AuthorizationRow | undefined> {
  return db
    .selectFrom('spv_authorizations')
    .select(['company_id', 'access_token', 'refresh_token', 'expires_at', 'authorized_at'])
    .where('company_id', '=', companyId)
    .executeTakeFirst();
}

export async function saveAuthorization(
  db: Executor,
  row: {
    company_id: number;
    access_token: string;
    refresh_token: string;
    expires_at: Date;
    authorized_by: number | null;
  },
  renewal: boolean,
): Promise<void> {
  await db
    .insertInto('spv_authorizations')
    .values(row)
    .onConflict((oc) =>
      oc.column('company_id').doUpdateSet((eb) => ({
        access_token: eb.ref('excluded.access_token'),
        refresh_token: eb.ref('excluded.refresh_token'),
        expires_at: eb.ref('excluded.expires_at'),
        updated_at: sql<Date>`now()`,
        // A refresh keeps who authorised and when; a new authorisation replaces both.
        ...(renewal ? {} : { authorized_by: eb.ref('excluded.authorized_by'), authorized_at: sql<Date>`now()` }),
      })),
    )
    .execute();
}

export interface SpvClientRow {
  client_id: number;
  enabled: boolean;
  last_sync_at: Date | null;
  last_status: 'ok' | 'error' | null;
  last_message: string | null;
}

export async function spvClientsOf(db: Executor, clientIds: readonly number[]): Promise<Map<number, SpvClientRow>> {
  if (clientIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('spv_clients')
    .select(['client_id', 'enabled', 'last_sync_at', 'last_status', 'last_message'])
    .where('client_id', 'in', [...clientIds])
    .execute();
  return new Map(rows.map((row) => [row.client_id, row]));
}

export async function setSpvClient(db: Executor, companyId: number, clientId: number, enabled: boolean): Promise<void> {
  await db
    .insertInto('spv_clients')
    .values({ client_id: clientId, company_id: companyId, enabled })
    .onConflict((oc) => oc.column('client_id').doUpdateSet({ enabled, updated_at: sql<Date>`now()` }))
    .execute();
}

export async function setSyncOutcome(
  db: Executor,
  clientId: number,
  at: Date,
  status: 'ok' | 'error',
  message: string,
): Promise<void> {
  await db
    .updateTable('spv_clients')
    .set({ last_sync_at: at, last_status: status, last_message: message })
    .where('client_id', '=', clientId)
    .execute();
}

export interface ClientToSync {
  client_id: number;
  company_id: number;
  cui: string;
}

/** The enabled clients (live, with a CUI, of a live active firm that authorised SPV), by firm. */
export async function clientsToSync(db: Executor): Promise<ClientToSync[]> {
  const rows = await db
    .selectFrom('spv_clients')
    .innerJoin('clients', 'clients.id', 'spv_clients.client_id')
    .innerJoin('companies', 'companies.id', 'clients.company_id')
    .innerJoin('spv_authorizations', 'spv_authorizations.company_id', 'clients.company_id')
    .select(['clients.id as client_id', 'clients.company_id', 'clients.cui'])
    .where('spv_clients.enabled', '=', true)
    .where('clients.deleted_at', 'is', null)
    .where('clients.cui', 'is not', null)
    .where('companies.deleted_at', 'is', null)
    .where('companies.status', '=', 'active')
    .orderBy('clients.company_id')
    .orderBy('clients.id')
    .execute();
  return rows.map((row) => ({ client_id: row.client_id, company_id: row.company_id, cui: row.cui as string }));
}

/** Counts one call against a daily limit; false (and nothing counted) once the limit is reached. */
export async function spendCall(db: Executor, cui: string, day: string, kind: string, limit: number): Promise<boolean> {
  const row = await db
    .insertInto('anaf_call_counts')
    .values({ cui, day, kind, calls: 1 })
    .onConflict((oc) =>
      oc
        .columns(['cui', 'day', 'kind'])
        .doUpdateSet({ calls: sql<number>`anaf_call_counts.calls + 1` })
        .where('anaf_call_counts.calls', '<', limit),
    )
    .returning('calls')
    .executeTakeFirst();
  return row !== undefined;
}

export async function rememberMessages(
  db: Executor,
  rows: {
    client_id: number;
    company_id: number;
    message_id: string;
    cif: string;
    kind: string;
    details: string;
    created_text: string;
  }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('spv_messages')
    .values(rows)
    .onConflict((oc) => oc.columns(['client_id', 'message_id']).doNothing())
    .execute();
}

/** The client's messages not imported yet, oldest first: those still to download and those downloaded. */
export async function pendingMessages(
  db: Executor,
  clientId: number,
): Promise<{ message_id: string; storage_key: string | null }[]> {
  return db
    .selectFrom('spv_messages')
    .select(['message_id', 'storage_key'])
    .where('client_id', '=', clientId)
    .where('imported_at', 'is', null)
    .orderBy('created_text')
    .orderBy('message_id')
    .limit(500)
    .execute();
}

export async function markDownloaded(
  db: Executor,
  clientId: number,
  messageId: string,
  storageKey: string,
  at: Date,
): Promise<void> {
  await db
    .updateTable('spv_messages')
    .set({ storage_key: storageKey, downloaded_at: at, error: null })
    .where('client_id', '=', clientId)
    .where('message_id', '=', messageId)
    .execute();
}

export async function markImported(
  db: Executor,
  clientId: number,
  messageIds: readonly string[],
  at: Date,
  error: string | null,
): Promise<void> {
  if (messageIds.length === 0) return;
  await db
    .updateTable('spv_messages')
    .set(error ? { error } : { imported_at: at, error: null })
    .where('client_id', '=', clientId)
    .where('message_id', 'in', [...messageIds])
    .execute();
}
