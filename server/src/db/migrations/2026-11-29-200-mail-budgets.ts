import { type Kysely, sql } from 'kysely';

/**
 * Mail nobody can flood:
 * - `client_periods.done_mailed_at`: when the firm was e-mailed that its client finished the month. Set
 *   once; "Am terminat" pressed again (also after a reopen) marks the month done but mails nobody.
 * - `mail_outbox.merge_key` / `merge_items`: a message that waits in the outbox (its `next_attempt_at`
 *   a few minutes ahead) and that later acts with the same key fold into, instead of queueing their own
 *   (rejections of a client's documents to one person). `merge_items` holds what the message lists, so
 *   it is written again from all of them. At most one such message per key is still unclaimed (the
 *   partial unique index); once the worker claims it, the next act starts a new one.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table client_periods add column done_mailed_at timestamptz`.execute(db);
  await sql`alter table mail_outbox add column merge_key text, add column merge_items jsonb`.execute(db);
  await sql`
    create unique index mail_outbox_merge_key on mail_outbox (merge_key)
    where merge_key is not null and status = 'queued' and attempts = 0`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import app types
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists mail_outbox_merge_key`.execute(db);
  await sql`alter table mail_outbox drop column if exists merge_items, drop column if exists merge_key`.execute(db);
  await sql`alter table client_periods drop column if exists done_mailed_at`.execute(db);
}
