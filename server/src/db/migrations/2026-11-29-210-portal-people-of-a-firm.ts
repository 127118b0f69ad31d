import { type Kysely, sql } from 'kysely';

/**
 * A holding can work with several firms, and a firm may bring its clients' people into the holding's
 * portal. Such a person is the firm's, not the holding's: `users.invited_by_company_id` names the firm
 * that invited them. They see only that firm's clients in the holding, only that firm lists, resends and
 * revokes them, and they are never the holding's administrator (the check: a firm's person is a role-5
 * person of a holding). The holding's own people (added by the holding, or before this column) have none.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users add column invited_by_company_id integer references companies(id)`.execute(db);
  await sql`alter table users add constraint users_firm_person_is_holding_user
    check (invited_by_company_id is null or (role = 5 and holding_id is not null))`.execute(db);
  await sql`create index users_holding_firm on users (holding_id, invited_by_company_id)
    where invited_by_company_id is not null`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists users_holding_firm`.execute(db);
  await sql`alter table users drop constraint if exists users_firm_person_is_holding_user`.execute(db);
  await sql`alter table users drop column if exists invited_by_company_id`.execute(db);
}
