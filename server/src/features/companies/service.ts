import type { Db } from '../../infra/db.js';
import { startTrial } from '../billing/index.js';
import { insertDefaultSet } from '../month/index.js';
import * as repo from './repository.js';

/** The categories every new company starts with (the demo world's companies too). */
export const DEFAULT_CATEGORIES = [
  'Facturi emise',
  'Facturi primite',
  'Extrase bancare',
  'Salarii',
  'Contracte',
  'Bonuri fiscale',
];

/** A company's own fields, already checked and normalised by the caller. */
export interface NewCompany {
  name: string;
  cui: string;
  reg_no?: string | null;
  email: string | null;
  phone: string | null;
  address?: string | null;
}

/** The owner (role 2): with a password hash when they chose one, null when invited to set it from an e-mail. */
export interface NewOwner {
  name: string;
  email: string;
  password_hash: string | null;
}

export interface Provisioned {
  companyId: number;
  ownerId: number;
  /** Set when the CUI was already a live company's: the company was born without it, claiming it. */
  cuiClaim: { id: number; status: 'pending' } | null;
}

/**
 * How every company is born (self-registration, the platform admin, a holding's invitation accepted): an
 * active company, its trial subscription, the default categories, the month's default set and its owner. Call it inside the
 * caller's transaction; the caller checks its own input (its messages differ) and sends its own e-mails.
 * An e-mail already in use surfaces as the database's unique violation (23505), for the caller to word.
 *
 * A CUI is unique among live companies: checked under a per-CUI lock held to the end of the transaction.
 * A CUI another live company has doesn't fail the birth (the real firm may be the one arriving second):
 * the company is born with cui NULL and a pending claim the platform administrator decides (claims.ts).
 */
export async function provisionCompany(trx: Db, company: NewCompany, owner: NewOwner): Promise<Provisioned> {
  await repo.lockCui(trx, company.cui);
  const holder = await repo.findCuiHolder(trx, company.cui);
  const companyId = await repo.insertCompany(trx, { ...company, cui: holder === undefined ? company.cui : null });
  await startTrial(trx, { companyId });
  await repo.insertDefaultCategories(trx, companyId, DEFAULT_CATEGORIES);
  // The month's default set (docs/PRODUCT.md, "The month"), filed under those categories.
  await insertDefaultSet(trx, companyId);
  const ownerId = await repo.insertOwner(trx, companyId, owner);
  const cuiClaim =
    holder === undefined
      ? null
      : {
          id: await repo.insertClaim(trx, { cui: company.cui, companyId, holderCompanyId: holder }),
          status: 'pending' as const,
        };
  return { companyId, ownerId, cuiClaim };
}

/**
 * An account whose address was never proven holds an address a link has just proven to be someone
 * else's: it is a squatter. The user goes (sessions too); so does its company unless a verified user
 * remains there, which frees the company's CUI. Audited. Call it inside the caller's transaction.
 */
export async function retireUnverifiedAccount(
  trx: Db,
  account: { id: number; company_id: number | null },
  reason: { subject: string; ip: string | null },
): Promise<void> {
  const now = new Date();
  await repo.softDeleteUser(trx, account.id, now);
  let companyRetired = false;
  if (account.company_id !== null) {
    const others = await repo.liveUsersOf(trx, account.company_id);
    if (!others.some((u) => u.id !== account.id && u.email_verified_at !== null)) {
      await repo.softDeleteCompany(trx, account.company_id, now);
      companyRetired = true;
    }
  }
  await repo.recordAudit(trx, {
    userId: account.id,
    action: 'account.squatter_retired',
    subject: `user:${account.id}${companyRetired ? ` company:${account.company_id}` : ''} ${reason.subject}`,
    ip: reason.ip,
  });
}

/** Whether a live company already has this CUI (spaces and the RO prefix ignored). */
export const cuiTaken = (db: Db, cui: string): Promise<boolean> => repo.cuiTaken(db, cui);
