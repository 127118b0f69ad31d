import { sql } from 'kysely';
import type { Executor } from '../../infra/db.js';
import { seesClientInPortal } from '../access/index.js';

/**
 * Reminders' reads and writes: a firm's settings, the firms whose hour has come, a batch of clients that
 * may owe a step, their open items and the people who receive them, and the claims of the steps sent.
 * Set-based: one statement per batch of clients, never one per client.
 */

export interface SettingsRow {
  company_id: number;
  company_name: string;
  due_day: number;
  enabled: boolean;
  steps: number[];
  hour: number;
}

/** smallint[] comes back as numbers from PostgreSQL and PGlite alike; a text form is parsed just in case. */
const stepsOf = (value: unknown): number[] =>
  Array.isArray(value)
    ? value.map(Number)
    : String(value ?? '')
        .replace(/[{}]/g, '')
        .split(',')
        .filter(Boolean)
        .map(Number);

function settingsQuery(db: Executor) {
  return db
    .selectFrom('companies as co')
    .leftJoin('reminder_settings as rs', 'rs.company_id', 'co.id')
    .select([
      'co.id as company_id',
      'co.name as company_name',
      'co.due_day',
      sql<boolean>`coalesce(rs.enabled, false)`.as('enabled'),
      sql<unknown>`rs.steps`.as('steps'),
      sql<number | null>`rs.hour`.as('hour'),
    ]);
}

const toSettings = (
  row: Omit<SettingsRow, 'steps' | 'hour'> & { steps: unknown; hour: number | null },
  defaults: { steps: readonly number[]; hour: number },
): SettingsRow => ({
  ...row,
  steps: row.steps === null ? [...defaults.steps] : stepsOf(row.steps),
  hour: row.hour ?? defaults.hour,
});

export async function findSettings(
  db: Executor,
  companyId: number,
  defaults: { steps: readonly number[]; hour: number },
): Promise<SettingsRow | undefined> {
  const row = await settingsQuery(db).where('co.id', '=', companyId).executeTakeFirst();
  return row && toSettings(row, defaults);
}

/** The live, active firms with reminders on whose hour has come (`hour`: the Romanian hour now). */
export async function firmsDue(
  db: Executor,
  hour: number,
  defaults: { steps: readonly number[]; hour: number },
): Promise<SettingsRow[]> {
  const rows = await settingsQuery(db)
    .where('rs.enabled', '=', true)
    .where('rs.hour', '<=', hour)
    .where('co.deleted_at', 'is', null)
    .where('co.status', '=', 'active')
    .orderBy('co.id')
    .execute();
  return rows.map((row) => toSettings(row, defaults));
}

export async function saveSettings(
  db: Executor,
  companyId: number,
  settings: { enabled: boolean; steps: number[]; hour: number; dueDay: number },
): Promise<void> {
  await db
    .insertInto('reminder_settings')
    .values({ company_id: companyId, enabled: settings.enabled, steps: settings.steps, hour: settings.hour })
    .onConflict((oc) =>
      oc.column('company_id').doUpdateSet({
        enabled: settings.enabled,
        steps: settings.steps,
        hour: settings.hour,
        updated_at: new Date(),
      }),
    )
    .execute();
  await db
    .updateTable('companies')
    .set({ due_day: settings.dueDay, updated_at: new Date() })
    .where('id', '=', companyId)
    .execute();
}

/** A client a digest may be about, with the due day that applies to it (its own, else the firm's). */
export interface ReminderClient {
  id: number;
  name: string;
  email: string | null;
  due_day: number;
}

/**
 * The next batch (by id, after `afterId`) of the firm's live clients whose due day is one of `dueDays`
 * (all with null), paused ones left out unless `withPaused`, or only `clientId`.
 */
export async function clientBatch(
  db: Executor,
  firm: { companyId: number; dueDay: number },
  options: { dueDays: number[] | null; afterId: number; limit: number; clientId?: number; withPaused?: boolean },
): Promise<ReminderClient[]> {
  const effective = sql<number>`coalesce(c.due_day, ${firm.dueDay})::int`;
  let query = db
    .selectFrom('clients as c')
    .select(['c.id', 'c.name', 'c.email', effective.as('due_day')])
    .where('c.company_id', '=', firm.companyId)
    .where('c.deleted_at', 'is', null)
    .where('c.id', '>', options.afterId)
    .orderBy('c.id')
    .limit(options.limit);
  if (!options.withPaused) query = query.where('c.reminders_paused', '=', false);
  if (options.clientId !== undefined) query = query.where('c.id', '=', options.clientId);
  if (options.dueDays) {
    if (options.dueDays.length === 0) return [];
    query = query.where(sql<boolean>`${effective} = any(cast(${`{${options.dueDays.join(',')}}`} as int[]))`);
  }
  return query.execute();
}

/** An item still owed by a client in a month: missing (nothing sent) or rejected (all of it refused). */
export interface OpenItemRow {
  client_id: number;
  period: string;
  name: string;
  status: 'missing' | 'rejected';
}

/** Whether requirement `r` is owed in month `p.period`: the month feature's rule (frequency and its months). */
const OWED = sql<boolean>`r.starts_period <= p.period and (r.ends_period is null or p.period < r.ends_period)
  and (r.frequency = ${'monthly'}
    or (r.frequency = ${'quarterly'} and right(p.period, 2) in (${'03'}, ${'06'}, ${'09'}, ${'12'}))
    or (r.frequency = ${'yearly'} and right(p.period, 2) = ${'12'}))`;

/**
 * The open items of the firm's clients `ids` in `periods`, by client, each client's in month and checklist
 * order. An item is open when it is not marked not applicable and no live document answering it awaits
 * review or was accepted: missing without any document, rejected when every one was refused (the month
 * feature's statuses, checklist-status.ts, read for open items only). None of a closed month, nor of one the
 * client marked "Am terminat" (unless the firm reopened it since). The batch's open months, marks and
 * documents are each read once, by client, and joined by hash: one probe per item and month made it 40
 * times slower. Each client's items come as one JSON array: on the embedded database, a row per item took
 * twice as long to read back as the query took to run.
 */
export async function openItems(
  db: Executor,
  companyId: number,
  ids: number[],
  periods: string[],
): Promise<Map<number, OpenItemRow[]>> {
  if (ids.length === 0 || periods.length === 0) return new Map();
  const clients = sql`cast(${`{${ids.join(',')}}`} as int[])`;
  const months = sql`cast(${`{${periods.join(',')}}`} as char(7)[])`;
  const { rows } = await sql<{ client_id: number; items: [period: string, name: string, missing: boolean][] }>`
    with finished as materialized (
      select cp.client_id, cp.period from client_periods cp
      where cp.client_id = any(${clients}) and cp.period = any(${months})
        and (cp.closed_at is not null
          or (cp.done_at is not null and (cp.reopened_at is null or cp.done_at > cp.reopened_at)))
    ), open_months as materialized (
      select k.client_id, p.period
      from unnest(${clients}) as k(client_id) cross join unnest(${months}) as p(period)
      except all select f.client_id, f.period from finished f
    ), owed as materialized (
      select r.id, r.client_id, r.name, r.position, r.frequency, r.starts_period, r.ends_period from requirements r
      where r.client_id = any(${clients}) and r.company_id = ${companyId}
    ), marks as materialized (
      select ci.requirement_id, ci.period from checklist_items ci
      where ci.client_id = any(${clients}) and ci.period = any(${months}) and ci.not_applicable_at is not null
    ), docs as materialized (
      select x.requirement_id, x.period, bool_or(x.review_status <> ${'rejected'}) as answered
      from media x
      where x.company_id = ${companyId} and x.client_id = any(${clients}) and x.period = any(${months})
        and x.deleted_at is null and x.requirement_id is not null
      group by x.requirement_id, x.period
    )
    select r.client_id,
      json_agg(json_build_array(p.period, r.name, d.requirement_id is null) order by p.period, r.position, r.id) as items
    from open_months p
    join owed r on r.client_id = p.client_id
    left join marks n on n.requirement_id = r.id and n.period = p.period
    left join docs d on d.requirement_id = r.id and d.period = p.period
    where ${OWED} and n.requirement_id is null and d.answered is not true
    group by r.client_id`.execute(db);
  return new Map(
    rows.map((row) => [
      row.client_id,
      row.items.map(([period, name, missing]) => ({
        client_id: row.client_id,
        period,
        name,
        status: missing ? ('missing' as const) : ('rejected' as const),
      })),
    ]),
  );
}

export interface RecipientRow {
  client_id: number;
  email: string;
  name: string;
}

/** The people who see each of the clients `ids` in the portal (access feature's rule), by client. */
export async function portalPeople(db: Executor, ids: number[]): Promise<RecipientRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<RecipientRow>`
    select c.id as client_id, u.email, u.name
    from clients c join users u on ${seesClientInPortal('u', 'c')}
    where c.id = any(cast(${`{${ids.join(',')}}`} as int[]))
    order by c.id, u.id`.execute(db);
  return rows;
}

export interface Claim {
  client_id: number;
  period: string;
  step: number;
}

/** The steps among `claims` already sent (claimed), as `${client}:${period}:${step}`. */
export async function claimedSteps(db: Executor, ids: number[], periods: string[]): Promise<Set<string>> {
  if (ids.length === 0 || periods.length === 0) return new Set();
  const rows = await db
    .selectFrom('reminder_claims')
    .select(['client_id', sql<string>`period::text`.as('period'), 'step'])
    .where('client_id', 'in', ids)
    .where('period', 'in', periods)
    .execute();
  return new Set(rows.map((r) => `${r.client_id}:${r.period}:${r.step}`));
}

/**
 * Claims the steps in the caller's transaction; answers those this call won. A claim another transaction
 * holds makes this one wait for it, then do nothing: each step is sent once, however many instances run.
 */
export async function claimSteps(db: Executor, companyId: number, day: string, claims: Claim[]): Promise<Claim[]> {
  if (claims.length === 0) return [];
  // The claims go as three arrays, not as rows of parameters: a batch's few thousand claims are one short
  // statement the database unpacks.
  const column = (values: (string | number)[]) => `{${values.join(',')}}`;
  const { rows } = await sql<Claim>`
    insert into reminder_claims (client_id, period, step, company_id, sent_on)
    select c.client_id, c.period, c.step, ${companyId}, cast(${day} as date)
    from unnest(cast(${column(claims.map((c) => c.client_id))} as int[]),
      cast(${column(claims.map((c) => c.period))} as char(7)[]),
      cast(${column(claims.map((c) => c.step))} as smallint[])) as c(client_id, period, step)
    on conflict (client_id, period, step) do nothing
    returning client_id, period::text as period, step`.execute(db);
  return rows;
}
