import type { AppContext } from '../../infra/context.js';
import { fieldMessages } from '../../infra/error-messages.js';
import { errors } from '../../infra/errors.js';
import { paging } from '../../lib/paging.js';
import { todayInRomania } from '../../lib/ro-calendar.js';
import { loadScopedClient } from '../access/index.js';
import type { TenantScope } from '../doors/index.js';
import { endsSpan, monthsBetween, owedOrFiled, rulesInForce, type Rule } from './calendar.js';
import { filingKey, presentObligation, type PresentedObligation } from './presenter.js';
import { firmClientsPage, fiscalProfileOf, listFilings, listRules, type FilingRow } from './repository.js';
import type { GridBody, RangeBody } from './schemas.js';

/**
 * The declaration calendar's reads, on both doors (docs/PRODUCT.md, "Declarations"): a client's
 * obligations over a range of months, and the firm's grid of clients × declarations for one month. Due
 * dates come from the dated rules table and the Romanian calendar; the status from the filings and today
 * in Romania (the app's clock).
 */

type Ctx = Pick<AppContext, 'db' | 'clock'>;

/** The most months one request may ask for. */
export const MAX_MONTHS = 36;

const today = (ctx: Ctx): string => todayInRomania(ctx.clock.now());

function checkRange(body: RangeBody): string[] {
  if (body.from > body.to) throw errors.field('from', fieldMessages.obligations.rangeReversed);
  const months = monthsBetween(body.from, body.to);
  if (months.length > MAX_MONTHS) throw errors.field('to', fieldMessages.obligations.rangeTooLong(MAX_MONTHS));
  return months;
}

/** The filings by `filingKey`, and the codes filed per `${clientId}|${period}`. */
function indexFilings(filings: FilingRow[]) {
  const byKey = new Map<string, FilingRow>();
  const codes = new Map<string, string[]>();
  for (const filing of filings) {
    byKey.set(filingKey(filing.client_id, filing.code, filing.period), filing);
    const key = `${filing.client_id}|${filing.period}`;
    codes.set(key, [...(codes.get(key) ?? []), filing.code]);
  }
  return { byKey, codes };
}

/** A client's obligations for the months `months`, each with its status. */
function obligationsOf(
  rules: readonly Rule[],
  client: { id: number; fiscal_profile: Parameters<typeof owedOrFiled>[1] },
  months: readonly string[],
  filings: ReturnType<typeof indexFilings>,
  day: string,
): PresentedObligation[] {
  return months.flatMap((period) =>
    owedOrFiled(rules, client.fiscal_profile, period, filings.codes.get(`${client.id}|${period}`) ?? []).map((owed) =>
      presentObligation(owed, filings.byKey.get(filingKey(client.id, owed.code, period)), day),
    ),
  );
}

/** clients/{clientId}/obligations: what the client owes from `from` to `to`, by month then code. */
export async function clientObligations(ctx: Ctx, scope: TenantScope, clientId: number, body: RangeBody) {
  const client = await loadScopedClient(ctx, scope, clientId);
  const months = checkRange(body);
  const ids = { companyId: client.company_id, clientId: client.id };
  const [rules, profile, filings] = await Promise.all([
    listRules(ctx.db),
    fiscalProfileOf(ctx.db, ids),
    listFilings(ctx.db, { companyId: client.company_id, clientIds: [client.id], from: body.from, to: body.to }),
  ]);
  const data = obligationsOf(
    rules,
    { id: client.id, fiscal_profile: profile },
    months,
    indexFilings(filings),
    today(ctx),
  );
  return { data, fiscal_profile: profile };
}

/** obligations: the firm's clients (a page, by name) × the declarations they owe for `period`. */
export async function firmGrid(ctx: Ctx, scope: TenantScope, body: GridBody) {
  const p = paging(body, 50);
  const [rules, page] = await Promise.all([
    listRules(ctx.db),
    firmClientsPage(ctx.db, scope, { offset: p.offset, limit: p.perPage, search: p.search }),
  ]);
  const filings = indexFilings(
    await listFilings(ctx.db, {
      companyId: scope.id,
      clientIds: page.rows.map((row) => row.id),
      from: body.period,
      to: body.period,
    }),
  );
  const day = today(ctx);
  const data = page.rows.map((row) => ({
    client: { id: row.id, name: row.name, cui: row.cui },
    fiscal_profile: row.fiscal_profile,
    obligations: obligationsOf(rules, row, [body.period], filings, day),
  }));
  // The columns: every declaration due for that month under some profile, whether or not this page's clients owe it.
  const names = new Map<string, string>();
  for (const rule of rulesInForce(rules, body.period)) {
    if (endsSpan(body.period, rule.frequency) && !names.has(rule.code)) names.set(rule.code, rule.name);
  }
  const codes = [...names].map(([code, name]) => ({ code, name })).sort((a, b) => a.code.localeCompare(b.code));
  return { period: body.period, codes, data, meta: { page: p.page, per_page: p.perPage, total: page.total } };
}
