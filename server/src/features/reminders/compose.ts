import type { Executor } from '../../infra/db.js';
import { groupMonths, type DigestMonth } from './digest.js';
import * as repo from './repository.js';
import { listedOn, windowMonths, type StepMatch } from './schedule.js';

/**
 * What one batch of a firm's clients would be sent on a day: for each client with open items, its open
 * months (digest.ts), the steps it owes that day (none for a digest sent by hand) and who receives it —
 * the people who see it in the portal, else the client's own address (addressed() keeps those with someone). Shared by the job, the preview and
 * "remind now", so the preview shows what the job then sends.
 */

export interface PlannedDigest {
  client: repo.ReminderClient;
  months: DigestMonth[];
  claims: repo.Claim[];
  recipients: { email: string; name: string | null }[];
}

/** The steps of the day by due day (schedule.ts, stepsOn). */
export function byDueDay(matches: StepMatch[]): Map<number, StepMatch[]> {
  const map = new Map<number, StepMatch[]>();
  for (const match of matches) map.set(match.dueDay, [...(map.get(match.dueDay) ?? []), match]);
  return map;
}

/**
 * Plans the digests of `clients` for `today`. With `steps` (the day's steps by due day) only clients that
 * owe one of them, with those claims; without, every client with open items (sent by hand).
 */
export async function planBatch(
  db: Executor,
  firm: Pick<repo.SettingsRow, 'company_id' | 'steps'>,
  today: string,
  clients: repo.ReminderClient[],
  steps: Map<number, StepMatch[]> | null,
): Promise<PlannedDigest[]> {
  if (clients.length === 0) return [];
  const rowsOf = await repo.openItems(
    db,
    firm.company_id,
    clients.map((c) => c.id),
    windowMonths(today),
  );
  // Whether a month is listed depends only on the month and the due day: worked out once per pair, not per item.
  const listedMonths = new Map<string, boolean>();
  const isListed = (period: string, dueDay: number) => {
    // Sent by hand: the firm asks now, so the client hears of every open month, the current one included.
    if (steps === null) return true;
    const key = `${period}|${dueDay}`;
    let listed = listedMonths.get(key);
    if (listed === undefined) listedMonths.set(key, (listed = listedOn(today, period, dueDay, firm.steps)));
    return listed;
  };
  const planned: PlannedDigest[] = [];
  for (const client of clients) {
    const listed = (rowsOf.get(client.id) ?? []).filter((r) => isListed(r.period, client.due_day));
    if (listed.length === 0) continue;
    const months = groupMonths(listed, client.due_day);
    const open = new Set(months.map((m) => m.period));
    const claims = (steps?.get(client.due_day) ?? [])
      .filter((match) => open.has(match.period))
      .map((match) => ({ client_id: client.id, period: match.period, step: match.step }));
    if (steps && claims.length === 0) continue;
    planned.push({ client, months, claims, recipients: [] });
  }
  const people = await repo.portalPeople(
    db,
    planned.map((p) => p.client.id),
  );
  const peopleOf = new Map<number, { email: string; name: string | null }[]>();
  for (const person of people) peopleOf.set(person.client_id, [...(peopleOf.get(person.client_id) ?? []), person]);
  for (const plan of planned) {
    const found = peopleOf.get(plan.client.id) ?? (plan.client.email ? [{ email: plan.client.email, name: null }] : []);
    const seen = new Set<string>();
    plan.recipients = found.filter((r) => {
      const key = r.email.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }
  return planned;
}

/** The plans with someone to send to (a client without anyone is skipped, and claims nothing). */
export const addressed = (plans: PlannedDigest[]): PlannedDigest[] => plans.filter((p) => p.recipients.length > 0);
