import type { Db } from '../../infra/db.js';
import { startTrial } from '../billing/index.js';
import * as repo from './repository.js';

/** The categories every new company starts with (the demo world's companies too). */
export const DEFAULT_CATEGORIES = ['Facturi emise', 'Facturi primite', 'Extrase bancare', 'Salarii', 'Contracte'];

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

/**
 * How every company is born (self-registration, the platform admin, a holding's invitation accepted): an
 * active company, its trial subscription, the default categories and its owner. Call it inside the
 * caller's transaction; the caller checks its own input (its messages differ) and sends its own e-mails.
 * An e-mail already in use surfaces as the database's unique violation (23505), for the caller to word.
 */
export async function provisionCompany(
  trx: Db,
  company: NewCompany,
  owner: NewOwner,
): Promise<{ companyId: number; ownerId: number }> {
  const companyId = await repo.insertCompany(trx, company);
  await startTrial(trx, { companyId });
  await repo.insertDefaultCategories(trx, companyId, DEFAULT_CATEGORIES);
  const ownerId = await repo.insertOwner(trx, companyId, owner);
  return { companyId, ownerId };
}

/** Whether a live company already has this CUI (spaces and the RO prefix ignored). */
export const cuiTaken = (db: Db, cui: string): Promise<boolean> => repo.cuiTaken(db, cui);
