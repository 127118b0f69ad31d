import type { AppContext } from '../../infra/context.js';
import type { JobDefinition } from '../../infra/job-definition.js';
import { VAT_BATCH, type CompanyRecord } from '../../infra/anaf/index.js';
import { isValidCui } from '../../lib/cui.js';
import { recordActivity } from '../activity/index.js';
import { cuiDigits, lookupCompanies } from './lookup-service.js';
import { clientsToCheck, saveState, statesOf, type ClientToCheck, type StateRow } from './state-repository.js';

/**
 * The nightly check of every firm's portfolio against the VAT-payer registry (docs/PRODUCT.md, "Datele
 * firmei de la ANAF"): each client's CUI is looked up (≤ 100 a request, one request a second: the
 * adapter's pace) and what changed since the last night — became inactive or active again, VAT
 * registration, e-Factura registration, gone from the registry — is kept on the client as a flag the
 * firm sees and written in the client's history. A CUI with a wrong control digit is never sent.
 */

/** Who the history names for the check: no user. */
const ANAF_CHECK = { actor: { id: null, name: 'Verificare ANAF', role: null } };
const NO_ORIGIN = { ip: null, userAgent: null };

const CHANGE_TEXT: Record<string, (record: CompanyRecord | null) => string> = {
  found: (r) => (r ? 'a apărut în registrul ANAF' : 'nu mai apare în registrul ANAF'),
  inactive: (r) => (r?.inactive ? 'a devenit inactiv fiscal' : 'nu mai este inactiv fiscal'),
  vat_payer: (r) => (r?.vat_payer ? 'a devenit plătitor de TVA' : 'nu mai este plătitor de TVA'),
  e_factura: (r) => (r?.e_factura ? 's-a înscris în registrul RO e-Factura' : 'nu mai este în registrul RO e-Factura'),
};

/** What differs between last night's state and today's record. */
export function changesBetween(previous: StateRow | undefined, record: CompanyRecord | null): string[] {
  if (!previous) return [];
  if (previous.found !== (record !== null)) return ['found'];
  if (!record) return [];
  const changes: string[] = [];
  if (previous.inactive !== record.inactive) changes.push('inactive');
  if (previous.vat_payer !== record.vat_payer) changes.push('vat_payer');
  if (previous.e_factura !== record.e_factura) changes.push('e_factura');
  return changes;
}

export const describeChanges = (changes: string[], record: CompanyRecord | null): string =>
  changes.map((change) => CHANGE_TEXT[change]?.(record) ?? change).join('; ');

async function checkBatch(ctx: AppContext, clients: ClientToCheck[]): Promise<number> {
  const records = await lookupCompanies(
    ctx,
    clients.map((client) => cuiDigits(client.cui)),
  );
  const previous = await statesOf(
    ctx.db,
    clients.map((client) => client.id),
  );
  const now = ctx.clock.now();
  let changed = 0;
  for (const client of clients) {
    const record = records.get(cuiDigits(client.cui)) ?? null;
    const changes = changesBetween(previous.get(client.id), record);
    await ctx.db.transaction().execute(async (trx) => {
      await saveState(trx, {
        client_id: client.id,
        company_id: client.company_id,
        cui: cuiDigits(client.cui),
        found: record !== null,
        vat_payer: record?.vat_payer ?? null,
        e_factura: record?.e_factura ?? null,
        inactive: record?.inactive ?? null,
        checked_at: now,
        change: changes.length ? { changes, at: now } : null,
      });
      if (changes.length === 0) return;
      changed += 1;
      await recordActivity(trx, ANAF_CHECK, NO_ORIGIN, {
        action: 'client.anaf_change',
        companyId: client.company_id,
        clientId: client.id,
        details: { changes, summary: describeChanges(changes, record) },
      });
    });
  }
  return changed;
}

/** Checks every client; answers how many changed. Safe to run again the same day (today's answers are kept). */
export async function runPortfolioCheck(ctx: AppContext): Promise<{ checked: number; changed: number }> {
  let afterId = 0;
  let checked = 0;
  let changed = 0;
  for (;;) {
    const page = await clientsToCheck(ctx.db, afterId, 1000);
    if (page.length === 0) break;
    afterId = page[page.length - 1].id;
    const valid = page.filter((client) => isValidCui(client.cui));
    for (let start = 0; start < valid.length; start += VAT_BATCH) {
      const batch = valid.slice(start, start + VAT_BATCH);
      changed += await checkBatch(ctx, batch);
      checked += batch.length;
    }
  }
  return { checked, changed };
}

export const anafPortfolioCheck: JobDefinition = {
  name: 'anaf-portfolio-check',
  // 02:30 in Romania: ANAF's registry is updated overnight, the firm sees the flags in the morning.
  cron: '30 2 * * *',
  run: async (ctx) => {
    await runPortfolioCheck(ctx);
  },
};
