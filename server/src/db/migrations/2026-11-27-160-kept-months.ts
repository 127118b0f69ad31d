import { type Kysely, sql } from 'kysely';

/**
 * Each client's month as the grid shows it, kept once worked out (docs/ARCHITECTURE.md, "Kept months").
 *
 * `month_stamps` holds one number per client that every change to what the grid reads of it raises, in the
 * changing transaction: its requirements, its checklist items and its documents (statement-level triggers
 * for inserts and deletes, row-level ones for updates of the columns the grid reads).
 *
 * `kept_months` holds a client's month (its owed items in order, with their statuses, and the counts)
 * and the stamp it was worked out under. The grid reads a kept month only while its stamp is the client's
 * current one, both read in the grid's own snapshot: a month worked out before a change is never shown
 * after it, however the two interleave. A month without a current row is worked out by the grid and kept
 * (the newer stamp wins; a write never waits for the grid).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table month_stamps (
      client_id integer primary key references clients (id) on delete cascade,
      stamp bigint not null default 1
    )`.execute(db);
  // Unlogged: what it holds is worked out again from the tables above, so it needs no WAL, and a grid read
  // that keeps months commits without waiting for a WAL flush. A crash empties it (PostgreSQL truncates
  // unlogged tables on recovery); the stamps, logged, are kept.
  await sql`
    create unlogged table kept_months (
      client_id integer not null references clients (id) on delete cascade,
      period char(7) not null,
      stamp bigint not null,
      n integer not null,
      missing integer not null,
      uploaded integer not null,
      accepted integer not null,
      rejected integer not null,
      not_applicable integer not null,
      items json not null,
      primary key (client_id, period)
    )`.execute(db);

  // Raises the stamps of the clients in the statement's transition table (`changed`), in client order so
  // that two statements raising the same clients take their rows in the same order.
  await sql`
    create function dosar_month_stamps() returns trigger language plpgsql as $$
    begin
      insert into month_stamps as s (client_id)
      select distinct client_id from changed where client_id is not null order by client_id
      on conflict (client_id) do update set stamp = s.stamp + 1;
      return null;
    end
    $$`.execute(db);
  await sql`
    create function dosar_month_stamp_row() returns trigger language plpgsql as $$
    begin
      insert into month_stamps as s (client_id)
      select distinct x from unnest(array[old.client_id, new.client_id]) as x where x is not null order by x
      on conflict (client_id) do update set stamp = s.stamp + 1;
      return null;
    end
    $$`.execute(db);

  const watched: Record<string, string> = {
    requirements: 'client_id, company_id, name, position, frequency, starts_period, ends_period',
    checklist_items: 'client_id, requirement_id, period, not_applicable_at',
    media: 'client_id, requirement_id, period, review_status, deleted_at',
  };
  for (const [table, columns] of Object.entries(watched)) {
    const t = sql.raw(table);
    await sql`create trigger ${sql.raw(`${table}_month_stamps_insert`)} after insert on ${t}
      referencing new table as changed for each statement execute function dosar_month_stamps()`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_month_stamps_delete`)} after delete on ${t}
      referencing old table as changed for each statement execute function dosar_month_stamps()`.execute(db);
    const differs = columns
      .split(', ')
      .map((c) => `old.${c} is distinct from new.${c}`)
      .join(' or ');
    await sql`create trigger ${sql.raw(`${table}_month_stamp_update`)} after update on ${t}
      for each row when (${sql.raw(differs)}) execute function dosar_month_stamp_row()`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['requirements', 'checklist_items', 'media']) {
    for (const kind of ['stamps_insert', 'stamps_delete', 'stamp_update'])
      await sql`drop trigger if exists ${sql.raw(`${table}_month_${kind}`)} on ${sql.raw(table)}`.execute(db);
  }
  await sql`drop function if exists dosar_month_stamp_row()`.execute(db);
  await sql`drop function if exists dosar_month_stamps()`.execute(db);
  await sql`drop table if exists kept_months`.execute(db);
  await sql`drop table if exists month_stamps`.execute(db);
}
