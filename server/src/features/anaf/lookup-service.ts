import type { AppContext } from '../../infra/context.js';
import { anafOf, AnafError, type CompanyRecord } from '../../infra/anaf/index.js';
import { errors } from '../../infra/errors.js';
import { fieldMessages } from '../../infra/error-messages.js';
import { isValidCui } from '../../lib/cui.js';
import { todayInRomania } from '../../lib/ro-calendar.js';
import { findLookups, saveLookups } from './lookup-repository.js';

type Ctx = Pick<AppContext, 'db' | 'config' | 'limiter' | 'clock'>;

/** The CUI as ANAF writes it ("RO 013548146" → "13548146": ANAF answers numbers); its control digit is checked first. */
export const cuiDigits = (cui: string): string => {
  const digits = cui.trim().toUpperCase().replace(/^RO/, '').replace(/\s+/g, '');
  return /^\d+$/.test(digits) ? String(Number(digits)) : digits;
};

/**
 * The registry's record of each CUI today (null: not in the registry). Today's answers come from the
 * database; only the rest reach ANAF, in the adapter's batches and pace.
 */
export async function lookupCompanies(ctx: Ctx, cuis: readonly string[]): Promise<Map<string, CompanyRecord | null>> {
  const day = todayInRomania(ctx.clock.now());
  const unique = [...new Set(cuis)];
  const known = await findLookups(ctx.db, unique, day);
  const missing = unique.filter((cui) => !known.has(cui));
  if (missing.length === 0) return known;
  const answer = await anafOf(ctx as AppContext).lookupVat(missing, day);
  const fresh = new Map<string, CompanyRecord | null>();
  for (const record of answer.found) fresh.set(record.cui, record);
  for (const cui of missing) if (!fresh.has(cui)) fresh.set(cui, null);
  await saveLookups(ctx.db, day, fresh);
  for (const [cui, record] of fresh) known.set(cui, record);
  return known;
}

/** What a firm's new-client form fills from a CUI. A CUI with a wrong control digit never leaves Dosar. */
export async function lookupCui(ctx: Ctx, input: string): Promise<CompanyRecord> {
  if (!isValidCui(input)) throw errors.field('cui', fieldMessages.shared.cuiInvalid);
  const cui = cuiDigits(input);
  const records = await withAnafErrors(() => lookupCompanies(ctx, [cui]));
  const record = records.get(cui);
  if (!record) throw errors.cuiNotInRegistry();
  return record;
}

/** ANAF's failures as the catalogue's Romanian answers. */
export async function withAnafErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof AnafError)) throw error;
    if (error.kind === 'throttled') throw errors.anafThrottled();
    if (error.kind === 'not_configured') throw errors.anafNotConfigured();
    if (error.kind === 'unreachable') throw errors.anafUnreachable();
    throw errors.anafRefused();
  }
}
