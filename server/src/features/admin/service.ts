import type { AppContext } from '../../infra/context.js';
import type { Db } from '../../infra/db.js';
import { fieldMessages } from '../../infra/error-messages.js';
import { errors } from '../../infra/errors.js';
import { enqueueMail } from '../../infra/outbox.js';
import { isValidCui, normalizeCui } from '../../lib/cui.js';
import { pagedList } from '../../lib/paging.js';
import { emailTaken } from '../auth/index.js';
import { tenantAccount, type Tenant } from '../billing/index.js';
import { cuiTaken, provisionCompany } from '../companies/index.js';
import { prepareSetPasswordMail } from '../users/index.js';
import * as repo from './repository.js';
import type { CompanyListQuery, CreateCompanyBody, HoldingListQuery } from './schemas.js';
import { isValidPhone } from '../../lib/phone.js';

function iso(d: Date | string): string;
function iso(d: Date | string | null): string | null;
function iso(d: Date | string | null): string | null {
  return d === null ? null : new Date(d).toISOString();
}

function listQuery(q: Omit<HoldingListQuery, 'sort'> & { sort?: string }, sorts: readonly string[]): repo.ListQuery {
  return {
    page: Math.max(1, Number(q.page ?? 1)),
    perPage: Math.min(100, Math.max(1, Number(q.per_page ?? 20))),
    search: q.search ?? '',
    sort: q.sort && sorts.includes(q.sort) ? q.sort : 'name',
    direction: q.direction ?? (q.sort === 'created_at' || q.sort === 'clients_count' ? 'desc' : 'asc'),
  };
}

/** GET /admin/companies: search (name, CUI, e-mail), status filter, paging. */
export async function companiesPage(db: Db, query: CompanyListQuery) {
  const q = listQuery(query, repo.COMPANY_SORTS);
  const { rows, total } = await repo.listCompanies(db, { ...q, status: query.status ?? null });
  return pagedList(
    rows.map((r) => ({ ...r, created_at: iso(r.created_at), current_period_end: iso(r.current_period_end) })),
    q,
    total,
  );
}

/** GET /admin/holdings: search and paging. */
export async function holdingsPage(db: Db, query: HoldingListQuery) {
  const q = listQuery(query, repo.HOLDING_SORTS);
  const { rows, total } = await repo.listHoldings(db, q);
  return pagedList(
    rows.map((r) => ({ ...r, created_at: iso(r.created_at), current_period_end: iso(r.current_period_end) })),
    q,
    total,
  );
}

export async function companyDetail(db: Db, id: number) {
  const company = await repo.findCompany(db, id);
  if (!company) throw errors.notFound('Compania');
  const tenant: Tenant = { kind: 'company', id };
  return {
    company: { ...company, created_at: iso(company.created_at) },
    users: (await repo.companyUsers(db, id)).map((u) => ({
      ...u,
      last_seen_at: iso(u.last_seen_at),
      created_at: iso(u.created_at),
    })),
    holdings: await repo.companyHoldings(db, id),
    ...(await tenantAccount(db, tenant)),
  };
}

export async function holdingDetail(db: Db, id: number) {
  const holding = await repo.findHolding(db, id);
  if (!holding) throw errors.notFound('Holdingul');
  const tenant: Tenant = { kind: 'holding', id };
  return {
    holding: { ...holding, created_at: iso(holding.created_at) },
    companies: await repo.holdingCompanies(db, id),
    users: (await repo.holdingUsers(db, id)).map((u) => ({
      ...u,
      last_seen_at: iso(u.last_seen_at),
      created_at: iso(u.created_at),
    })),
    ...(await tenantAccount(db, tenant)),
  };
}

const blank = (s: string | null | undefined): string | null => (s && s.trim() ? s.trim() : null);

/**
 * A company created by the admin: active, default categories, on trial, with
 * an owner (role 2) who sets a password from the e-mailed link (7 days). The
 * mail is queued in the same transaction, so it goes out only if all was saved.
 */
export async function createCompany(
  ctx: AppContext,
  body: CreateCompanyBody,
  actor: { id: number; ip: string },
): Promise<number> {
  const { db, config } = ctx;
  const problems: Record<string, string[]> = {};
  const name = body.name.trim();
  const ownerName = body.owner_name.trim();
  const ownerEmail = body.owner_email.trim().toLowerCase();
  const phone = blank(body.phone);
  if (!name) problems.name = [fieldMessages.shared.companyNameRequired];
  if (!isValidCui(body.cui)) problems.cui = [fieldMessages.shared.cuiInvalid];
  else if (await cuiTaken(db, body.cui)) problems.cui = [fieldMessages.admin.cuiTaken];
  if (phone && !isValidPhone(phone)) problems.phone = [fieldMessages.shared.phoneInvalid];
  if (!ownerName) problems.owner_name = [fieldMessages.admin.ownerNameRequired];
  if (await emailTaken(db, ownerEmail)) problems.owner_email = [fieldMessages.admin.ownerEmailTaken];
  if (Object.keys(problems).length) throw errors.validation(problems);

  try {
    return await db.transaction().execute(async (trx) => {
      const { companyId, ownerId } = await provisionCompany(
        trx,
        {
          name,
          cui: normalizeCui(body.cui),
          reg_no: blank(body.reg_no),
          email: blank(body.email)?.toLowerCase() ?? null,
          phone,
          address: blank(body.address),
        },
        { name: ownerName, email: ownerEmail, password_hash: null },
      );
      const mail = await prepareSetPasswordMail(
        trx,
        config,
        { id: ownerId, email: ownerEmail, name: ownerName },
        `Compania „${name}” a fost creată în Dosar de administratorul platformei, iar tu ești proprietarul contului.`,
      );
      await enqueueMail(trx, mail);
      await repo.recordAdminAudit(trx, {
        userId: actor.id,
        action: 'admin.company.create',
        subject: `company:${companyId}`,
        ip: actor.ip,
      });
      return companyId;
    });
  } catch (error) {
    if ((error as { code?: string }).code === '23505')
      throw errors.field('owner_email', fieldMessages.admin.ownerEmailTaken);
    throw error;
  }
}

/** Suspends (its users can't sign in; their tokens are refused) or reactivates a company. Nothing is deleted. */
export async function setCompanyStatus(
  db: Db,
  id: number,
  status: 'active' | 'suspended',
  actor: { id: number; ip: string },
): Promise<void> {
  if (!(await repo.setCompanyStatus(db, id, status))) throw errors.notFound('Compania');
  await repo.recordAdminAudit(db, {
    userId: actor.id,
    action: status === 'suspended' ? 'admin.company.suspend' : 'admin.company.reactivate',
    subject: `company:${id}`,
    ip: actor.ip,
  });
}
