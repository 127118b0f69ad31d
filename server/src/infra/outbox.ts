import { sql } from 'kysely';
import type { Db } from './db.js';
import type { Mailer, MailMessage } from './mailer.js';

/**
 * The mail outbox: a message is a row first (in the caller's transaction, so a
 * rolled-back action sends nothing) and leaves through the job queue
 * (infra/jobs.ts), which claims due rows in batches (`for update skip locked`,
 * so several server instances never send one row twice), sends them through
 * the mailer and retries failures with backoff until MAX_ATTEMPTS.
 *
 * Queuing a message also NOTIFYs OUTBOX_CHANNEL in the same transaction:
 * PostgreSQL delivers it only once that transaction commits, and the queue
 * answers with a send job at once, so mail leaves within a second or two; the
 * queue's per-minute sweep sends what waits (merged mail, retries).
 *
 *   await enqueueMail(trx, renderMail(to, { subject, paragraphs }));
 */

export const MAX_ATTEMPTS = 5;
/** Rows claimed (and sent) per batch. */
export const OUTBOX_BATCH_SIZE = 25;
/** The NOTIFY channel that tells the job queue new mail is due (after the queuing transaction commits). */
export const OUTBOX_CHANNEL = 'dosar_mail_outbox';
/** A claimed row is reclaimable after this long (the sender crashed mid-send). */
const CLAIM_SECONDS = 300;

/** 30 s, 2 min, 8 min, 32 min… after the nth failed attempt. */
export const backoffSeconds = (attempts: number): number => 30 * 4 ** Math.max(0, attempts - 1);

export async function enqueueMail(
  db: Db,
  message: MailMessage,
  options: { campaignId?: number } = {},
): Promise<number> {
  const row = await db
    .insertInto('mail_outbox')
    .values({
      to_address: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
      campaign_id: options.campaignId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await notifyQueued(db);
  return row.id;
}

/**
 * Tells the job queue mail is due in `delaySeconds` (the payload), when the caller's transaction commits
 * (nobody listening in tests: a no-op).
 */
async function notifyQueued(db: Db, delaySeconds = 0): Promise<void> {
  await sql`select pg_notify(${OUTBOX_CHANNEL}, ${String(delaySeconds)})`.execute(db);
}

/** One thing a merged message lists; a newer item with the same `key` replaces the earlier one. */
export interface MergedItem {
  key: string;
}

/**
 * Queues a message that waits `delaySeconds` in the outbox and that later calls with the same `mergeKey`
 * fold into while it waits: the message is written again by `render` from every item it lists (the
 * newest of each `key`), and still leaves when the first call set (a stream of calls never holds it
 * back). Kept in the table, in the caller's transaction: a restart loses nothing and a rolled-back act
 * adds nothing. Once the worker claims it, the next call starts a new message.
 */
export async function enqueueMerged<Item extends MergedItem>(
  db: Db,
  mail: { mergeKey: string; delaySeconds: number; items: Item[]; render: (items: Item[]) => MailMessage },
): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const fresh = mail.render(mail.items);
    const inserted = await sql<{ id: number }>`
      insert into mail_outbox (to_address, subject, html, text, next_attempt_at, merge_key, merge_items)
      values (${fresh.to}, ${fresh.subject}, ${fresh.html}, ${fresh.text},
              now() + make_interval(secs => ${mail.delaySeconds}), ${mail.mergeKey}, ${JSON.stringify(mail.items)})
      on conflict (merge_key) where merge_key is not null and status = 'queued' and attempts = 0 do nothing
      returning id`.execute(db);
    if (inserted.rows.length) {
      await notifyQueued(db, mail.delaySeconds);
      return;
    }
    // Another message with this key waits: lock it (the worker skips a locked row) and fold into it.
    const waiting = await db
      .selectFrom('mail_outbox')
      .select(['id', 'merge_items'])
      .where('merge_key', '=', mail.mergeKey)
      .where('status', '=', 'queued')
      .where('attempts', '=', 0)
      .forUpdate()
      .executeTakeFirst();
    if (!waiting) continue; // claimed in between: queue a new one
    const earlier = Array.isArray(waiting.merge_items) ? (waiting.merge_items as Item[]) : [];
    const items = [...earlier.filter((e) => !mail.items.some((i) => i.key === e.key)), ...mail.items];
    const merged = mail.render(items);
    await db
      .updateTable('mail_outbox')
      .set({ subject: merged.subject, html: merged.html, text: merged.text, merge_items: JSON.stringify(items) })
      .where('id', '=', waiting.id)
      .execute();
    return;
  }
  await enqueueMail(db, mail.render(mail.items));
}

/** A Mailer whose send() only queues: the worker delivers through the real transport. */
export function outboxMailer(db: Db): Mailer {
  return {
    async send(message) {
      await enqueueMail(db, message);
    },
    async close() {},
  };
}

export async function enqueueMany(
  db: Db,
  messages: MailMessage[],
  options: { campaignId?: number } = {},
): Promise<void> {
  for (let i = 0; i < messages.length; i += 500) {
    await db
      .insertInto('mail_outbox')
      .values(
        messages.slice(i, i + 500).map((m) => ({
          to_address: m.to,
          subject: m.subject,
          html: m.html,
          text: m.text,
          campaign_id: options.campaignId ?? null,
        })),
      )
      .execute();
  }
  if (messages.length) await notifyQueued(db);
}

interface Claimed {
  id: number;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  attempts: number;
}

async function claimBatch(db: Db, size: number, asOf: Date | null): Promise<Claimed[]> {
  const result = await sql<Claimed>`
    update mail_outbox
    set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${CLAIM_SECONDS})
    where id in (
      select id from mail_outbox
      where status = 'queued' and next_attempt_at <= coalesce(${asOf}::timestamptz, now())
      order by next_attempt_at, id
      limit ${size}
      for update skip locked
    )
    returning id, to_address, subject, html, text, attempts`.execute(db);
  return result.rows;
}

async function deliver(db: Db, mailer: Mailer, row: Claimed): Promise<'sent' | 'failed' | 'retry'> {
  try {
    await mailer.send({ to: row.to_address, subject: row.subject, html: row.html, text: row.text });
    await db
      .updateTable('mail_outbox')
      .set({ status: 'sent', sent_at: new Date(), last_error: null })
      .where('id', '=', row.id)
      .execute();
    return 'sent';
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    const final = row.attempts >= MAX_ATTEMPTS;
    await db
      .updateTable('mail_outbox')
      .set({
        status: final ? 'failed' : 'queued',
        last_error: message,
        next_attempt_at: sql<Date>`now() + make_interval(secs => ${backoffSeconds(row.attempts)})`,
      })
      .where('id', '=', row.id)
      .execute();
    return final ? 'failed' : 'retry';
  }
}

export interface DrainResult {
  sent: number;
  failed: number;
  retrying: number;
}

/**
 * Sends every message due now (batch after batch) and answers what happened; tests call it directly
 * (`asOf`: as if it were that moment, for messages that wait).
 */
export async function drainOutbox(
  ctx: { db: Db; mailer: Mailer },
  options: { maxBatches?: number; asOf?: Date } = {},
): Promise<DrainResult> {
  const totals: DrainResult = { sent: 0, failed: 0, retrying: 0 };
  const maxBatches = options.maxBatches ?? Number.POSITIVE_INFINITY;
  for (let batch = 0; batch < maxBatches; batch++) {
    const rows = await claimBatch(ctx.db, OUTBOX_BATCH_SIZE, options.asOf ?? null);
    if (rows.length === 0) break;
    for (const row of rows) {
      const outcome = await deliver(ctx.db, ctx.mailer, row);
      if (outcome === 'sent') totals.sent += 1;
      else if (outcome === 'failed') totals.failed += 1;
      else totals.retrying += 1;
    }
  }
  return totals;
}
