import type { AppContext } from '../../infra/context.js';
import type { Executor } from '../../infra/db.js';
import type { JobDefinition } from '../../infra/job-definition.js';
import { enqueueMail } from '../../infra/outbox.js';
import { addMonths, dueDate, todayInRomania } from '../../lib/ro-calendar.js';
import { openItemCounts } from '../month/index.js';
import { digestMail, isEmpty, type Overdue } from './digest-mail.js';
import {
  claimDigest,
  claimOverdueCheck,
  dueRecipients,
  firmsToCheck,
  insertNotices,
  liveClients,
  markDigestSent,
  newsMark,
  newsSince,
  previousMark,
  type Recipient,
} from './digest-repository.js';

/**
 * The firm's daily digest (docs/PRODUCT.md, "Ce află firma"). Every run reads "now" from ctx.clock:
 * - once a day per firm, the clients past their due date with items still open become notices (the
 *   in-app list shows them; nothing in the history records a date passing);
 * - every owner and staff member whose hour has come (Romanian time, 8 unless they chose) and who has
 *   not had today's digest gets one mail: the uploads awaiting review since their previous digest, the
 *   "Am terminat" received, the clients past due. Nothing to say, no mail. The day is claimed in the
 *   transaction that queues the mail, so a restart or a second instance never sends it twice.
 */

type Ctx = Pick<AppContext, 'db' | 'config' | 'clock'>;

/** How many past months the overdue look covers: the last one due, and the one before. */
const OVERDUE_MONTHS = 2;

const ROMANIAN_HOUR = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Bucharest',
  hour: '2-digit',
  hourCycle: 'h23',
});

export const romanianHour = (now: Date): number => Number(ROMANIAN_HOUR.format(now));

/**
 * The firm's clients past the due date of one of the last months with items still open (missing or
 * rejected; a closed month owes nothing), oldest month first, then by name.
 */
export async function overdueClients(db: Executor, companyId: number, firmDueDay: number, today: string) {
  const clients = await liveClients(db, companyId);
  const overdue: Overdue[] = [];
  for (let back = OVERDUE_MONTHS; back >= 1; back--) {
    const period = addMonths(today.slice(0, 7), -back);
    const late = clients
      .map((c) => ({ ...c, due: dueDate(period, c.due_day ?? firmDueDay) }))
      .filter((c) => c.due < today);
    const open = await openItemCounts(
      db,
      companyId,
      late.map((c) => c.id),
      period,
    );
    for (const c of late) {
      const items = open.get(c.id);
      if (items) overdue.push({ client_id: c.id, client_name: c.name, period, due_date: c.due, open_items: items });
    }
  }
  return overdue;
}

/** Once per firm and day: today's overdue clients become notices (each client and month once). */
async function recordOverdueNotices(ctx: Ctx, day: string): Promise<void> {
  for (const firm of await firmsToCheck(ctx.db, day)) {
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await claimOverdueCheck(trx, firm.id, day))) return;
      const overdue = await overdueClients(trx, firm.id, firm.due_day, day);
      await insertNotices(
        trx,
        overdue.map((o) => ({
          company_id: firm.id,
          client_id: o.client_id,
          period: o.period,
          kind: 'overdue' as const,
          due_date: o.due_date,
          open_items: o.open_items,
        })),
      );
    });
  }
}

async function sendDigest(ctx: Ctx, person: Recipient, day: string, overdue: Overdue[]): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const upTo = await newsMark(trx, person.company_id);
    if (!(await claimDigest(trx, person.id, day, upTo))) return;
    const after = await previousMark(trx, person.id, day);
    const uploads = await newsSince(trx, person.company_id, 'document.upload', { after, upTo });
    const done = await newsSince(trx, person.company_id, 'period.done', { after, upTo });
    const content = { uploads, done, overdue };
    if (isEmpty(content)) return;
    const url = `${ctx.config.publicUrl.replace(/\/$/, '')}/company/notifications`;
    await enqueueMail(trx, digestMail(person, content, url));
    await markDigestSent(trx, person.id, day);
  });
}

export async function runFirmDigest(ctx: Ctx): Promise<void> {
  const now = ctx.clock.now();
  const day = todayInRomania(now);
  await recordOverdueNotices(ctx, day);
  const overdueOf = new Map<number, Overdue[]>();
  for (const person of await dueRecipients(ctx.db, day, romanianHour(now))) {
    let overdue = overdueOf.get(person.company_id);
    if (!overdue) {
      overdue = await overdueClients(ctx.db, person.company_id, person.company_due_day, day);
      overdueOf.set(person.company_id, overdue);
    }
    await sendDigest(ctx, person, day, overdue);
  }
}

/** Every quarter of an hour: a digest goes out within 15 minutes of its hour. */
export const firmDigestJob: JobDefinition = {
  name: 'firm-digest',
  cron: '*/15 * * * *',
  run: (ctx) => runFirmDigest(ctx),
};
