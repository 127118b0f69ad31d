import { type Kysely, sql } from 'kysely';

/**
 * What Dosar keeps from ANAF (docs/ARCHITECTURE.md, "ANAF"):
 * - `anaf_lookups`: the VAT-payer registry's answer per CUI and day, so a CUI is asked at most once a day.
 * - `anaf_client_states`: each client's last known registry state (VAT payer, e-Factura, inactive) and
 *   what changed at the last nightly check, until the firm marks it seen.
 * - `spv_authorizations`: a firm's e-Factura OAuth tokens, encrypted; `spv_oauth_states`: the one-time
 *   `state` of an authorisation under way (its SHA-256 only), bound to the firm and the user.
 * - `spv_clients`: which clients the firm syncs from SPV, and the last sync's outcome.
 * - `spv_messages`: every SPV message seen, once per client, with when it was downloaded and imported.
 * - `anaf_call_counts`: calls per CUI and day, against ANAF's daily limits (list, download per message).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table anaf_lookups (
      cui text not null,
      day date not null,
      found boolean not null,
      answer jsonb,
      fetched_at timestamptz not null default now(),
      primary key (cui, day)
    )`.execute(db);
  await sql`
    create table anaf_client_states (
      client_id integer primary key references clients(id),
      company_id integer not null references companies(id),
      cui text not null,
      found boolean not null,
      vat_payer boolean,
      e_factura boolean,
      inactive boolean,
      checked_at timestamptz not null,
      changes jsonb,
      changed_at timestamptz,
      seen_at timestamptz
    )`.execute(db);
  await sql`create index anaf_client_states_company on anaf_client_states (company_id)`.execute(db);
  await sql`
    create table spv_authorizations (
      company_id integer primary key references companies(id),
      access_token text not null,
      refresh_token text not null,
      expires_at timestamptz not null,
      authorized_by integer references users(id),
      authorized_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table spv_oauth_states (
      state_hash text primary key,
      company_id integer not null references companies(id),
      user_id integer not null references users(id),
      expires_at timestamptz not null
    )`.execute(db);
  await sql`
    create table spv_clients (
      client_id integer primary key references clients(id),
      company_id integer not null references companies(id),
      enabled boolean not null default false,
      last_sync_at timestamptz,
      last_status text,
      last_message text,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index spv_clients_company on spv_clients (company_id)`.execute(db);
  await sql`
    create table spv_messages (
      client_id integer not null references clients(id),
      message_id text not null,
      company_id integer not null references companies(id),
      cif text not null,
      kind text,
      details text,
      created_text text,
      storage_key text,
      downloaded_at timestamptz,
      imported_at timestamptz,
      error text,
      primary key (client_id, message_id)
    )`.execute(db);
  await sql`
    create table anaf_call_counts (
      cui text not null,
      day date not null,
      kind text not null,
      calls integer not null default 0,
      primary key (cui, day, kind)
    )`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'anaf_call_counts',
    'spv_messages',
    'spv_clients',
    'spv_oauth_states',
    'spv_authorizations',
    'anaf_client_states',
    'anaf_lookups',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
