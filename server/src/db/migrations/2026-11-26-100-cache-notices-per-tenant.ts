import { type Kysely, sql } from 'kysely';

/**
 * Change notices name what changed, so a write drops only its tenant's cached answers
 * (src/infra/read-cache.ts), where migration 060 sent '*' (everything, every tenant) for users,
 * companies, holdings and ended sessions:
 * - a company's id for every company whose cached answers may show the row: the company of a staff
 *   member, the company itself, and each company a holding (or one of its people) works with;
 * - 'sessions' when a signed-in user may have to be checked again (a user, a company, a holding
 *   changed, a token revoked): remembered sessions go, cached answers stay.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function dosar_cache_tenant(company integer, holding integer) returns void language plpgsql as $$
    begin
      if company is not null then
        perform pg_notify('dosar_cache', company::text);
      end if;
      if holding is not null then
        perform pg_notify('dosar_cache', ch.company_id::text) from company_holding ch where ch.holding_id = holding;
      end if;
    end $$`.execute(db);
  // A user: the staff member's company, or the companies of the holding.
  await sql`
    create function dosar_cache_people() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then
        perform dosar_cache_tenant(old.company_id, old.holding_id);
      end if;
      if tg_op <> 'DELETE' then
        perform dosar_cache_tenant(new.company_id, new.holding_id);
      end if;
      perform pg_notify('dosar_cache', 'sessions');
      return null;
    end $$`.execute(db);
  await sql`
    create function dosar_cache_company_row() returns trigger language plpgsql as $$
    begin
      perform dosar_cache_tenant(case when tg_op = 'DELETE' then old.id else new.id end, null);
      perform pg_notify('dosar_cache', 'sessions');
      return null;
    end $$`.execute(db);
  await sql`
    create function dosar_cache_holding_row() returns trigger language plpgsql as $$
    begin
      perform dosar_cache_tenant(null, case when tg_op = 'DELETE' then old.id else new.id end);
      perform pg_notify('dosar_cache', 'sessions');
      return null;
    end $$`.execute(db);
  await sql`
    create function dosar_cache_sessions() returns trigger language plpgsql as $$
    begin
      perform pg_notify('dosar_cache', 'sessions');
      return null;
    end $$`.execute(db);
  const triggers: [table: string, events: string, fn: string][] = [
    ['users', 'insert or update or delete', 'dosar_cache_people'],
    ['companies', 'insert or update or delete', 'dosar_cache_company_row'],
    ['holdings', 'insert or update or delete', 'dosar_cache_holding_row'],
    // As migration 070: only what ends or moves a session (not its last use).
    ['access_tokens', 'delete or update of user_id, token_hash', 'dosar_cache_sessions'],
  ];
  for (const [table, events, fn] of triggers) {
    await sql`drop trigger if exists ${sql.raw(`${table}_cache`)} on ${sql.table(table)}`.execute(db);
    await sql`
      create trigger ${sql.raw(`${table}_cache`)} after ${sql.raw(events)} on ${sql.table(table)}
      for each row execute function ${sql.raw(fn)}()`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['users', 'companies', 'holdings']) {
    await sql`drop trigger if exists ${sql.raw(`${table}_cache`)} on ${sql.table(table)}`.execute(db);
    await sql`
      create trigger ${sql.raw(`${table}_cache`)} after insert or update or delete on ${sql.table(table)}
      for each row execute function dosar_cache_all()`.execute(db);
  }
  await sql`drop trigger if exists access_tokens_cache on access_tokens`.execute(db);
  await sql`
    create trigger access_tokens_cache after delete or update of user_id, token_hash on access_tokens
    for each row execute function dosar_cache_all()`.execute(db);
  for (const fn of ['dosar_cache_people', 'dosar_cache_company_row', 'dosar_cache_holding_row', 'dosar_cache_sessions'])
    await sql`drop function if exists ${sql.raw(fn)}()`.execute(db);
  await sql`drop function if exists dosar_cache_tenant(integer, integer)`.execute(db);
}
