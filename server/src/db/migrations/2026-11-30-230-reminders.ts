import { type Kysely, sql } from 'kysely';

/**
 * Reminders (docs/PRODUCT.md, "Reminders"): a firm e-mails its clients' people a digest of what is still
 * missing or rejected, on steps around each month's due date.
 *
 * - reminder_settings: a firm's choice, one row once it saved one (no row: off, steps -3, 0, 3, 7 days, 9
 *   o'clock Romanian time). The firm's due day stays companies.due_day.
 * - clients.reminders_paused: the firm stops reminders for one client.
 * - reminder_claims: one row per client, month and step already sent. The job claims a step here in the
 *   transaction that queues its mail, and the primary key lets only one instance win the claim.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table reminder_settings (
      company_id integer primary key references companies(id),
      enabled boolean not null default false,
      steps smallint[] not null default '{-3,0,3,7}',
      hour smallint not null default 9 check (hour between 0 and 23),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`alter table clients add column reminders_paused boolean not null default false`.execute(db);
  await sql`
    create table reminder_claims (
      client_id integer not null references clients(id),
      period char(7) not null,
      step smallint not null,
      company_id integer not null references companies(id),
      sent_on date not null,
      created_at timestamptz not null default now(),
      primary key (client_id, period, step)
    )`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists reminder_claims`.execute(db);
  await sql`alter table clients drop column if exists reminders_paused`.execute(db);
  await sql`drop table if exists reminder_settings`.execute(db);
}
