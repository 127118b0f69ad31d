import { type Kysely, sql } from 'kysely';

/**
 * Whether a session (access token) was opened, or confirmed, with a second factor. A user with two-factor
 * sign-in on is served only by such sessions, and a firm that starts requiring it ends its people's
 * password-only ones. Sessions opened after the user enabled it went through the second step; older
 * ones (the one that enabled it included) are counted password-only and end.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table access_tokens add column second_factor boolean not null default false`.execute(db);
  await sql`
    update access_tokens t set second_factor = true
      from users u
     where u.id = t.user_id and u.totp_enabled_at is not null and t.created_at > u.totp_enabled_at`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table access_tokens drop column if exists second_factor`.execute(db);
}
