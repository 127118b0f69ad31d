import { type Kysely, sql } from 'kysely';

// Lookups the auth feature makes: a user's reset tokens, a user's audit trail, recent events by action.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index password_resets_user on password_resets (user_id)`.execute(db);
  await sql`create index audit_events_user on audit_events (user_id, created_at)`.execute(db);
  await sql`create index audit_events_action on audit_events (action, created_at)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists audit_events_action`.execute(db);
  await sql`drop index if exists audit_events_user`.execute(db);
  await sql`drop index if exists password_resets_user`.execute(db);
}
