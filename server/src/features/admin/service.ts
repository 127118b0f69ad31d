import { Readable } from 'node:stream';
import type { AppContext } from '../../infra/context.js';
import { errors } from '../../infra/errors.js';
import { isValidCui, normalizeCui } from '../../lib/cui.js';
import { cuiTaken, provisionCompany } from '../companies/index.js';
import { prepareSetPasswordMail } from '../company/set-password.js';
import { effectiveStatus } from '../billing/service.js';
import { findSubscription, listTenantPayments, storageUsed, countClients } from '../billing/repository.js';
import { presentPayment, presentPlan, ron } from '../billing/presenter.js';
import { enqueueMail } from '../../infra/outbox.js';
import * as repo from './repository.js';
import { csvAmount, csvDate, csvRow, CSV_BOM } from './csv.js';
import type { Tenant } from '../billing/tenant.js';
import type { Db } from '../../infra/db.js';

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

async function tenantBilling(db: Db, tenant: Tenant) {
  const subscription = await findSubscription(db, tenant);
  return {
    subscription: subscription
      ? {
          id: subscription.id,
          status: effectiveStatus(subscription),
          current_period_end: iso(subscription.current_period_end),
          plan: presentPlan(subscription.plan),
        }
      : null,
    payments: (await listTenantPayments(db, tenant, 50)).map(presentPayment),
  };
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
    clients_count: await countClients(db, tenant),
    storage_bytes: await storageUsed(db, tenant),
    ...(await tenantBilling(db, tenant)),
  };
}

export async function holdingDetail(db: Db, id: number) {
  const holding = await repo.findHolding(db, id);
  if (!holding) throw errors.notFound('Grupul');
  const tenant: Tenant = { kind: 'holding', id };
  return {
    holding: { ...holding, created_at: iso(holding.created_at) },
    companies: await repo.holdingCompanies(db, id),
    users: (await repo.holdingUsers(db, id)).map((u) => ({
      ...u,
      last_seen_at: iso(u.last_seen_at),
      created_at: iso(u.created_at),
    })),
    clients_count: await countClients(db, tenant),
    storage_bytes: await storageUsed(db, tenant),
    ...(await tenantBilling(db, tenant)),
  };
}

export interface CreateCompanyBody {
  name: string;
  cui: string;
  reg_no?: string | null;
  email?: string | null;
  phone?: string | null;
  address?: string | null;
  owner_name: string;
  owner_email: string;
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
  if (!name) problems.name = ['Numele companiei este obligatoriu.'];
  if (!isValidCui(body.cui))
    problems.cui = ['CUI-ul nu este valid: verifică cifrele (cifra de control nu corespunde).'];
  else if (await cuiTaken(db, body.cui)) problems.cui = ['Există deja o companie cu acest CUI.'];
  if (phone && !/^\+?[0-9 ().-]{6,30}$/.test(phone)) problems.phone = ['Numărul de telefon nu este valid.'];
  if (!ownerName) problems.owner_name = ['Numele proprietarului este obligatoriu.'];
  if (await repo.emailTaken(db, ownerEmail))
    problems.owner_email = ['Adresa de e-mail este folosită deja de alt cont.'];
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
      throw errors.field('owner_email', 'Adresa de e-mail este folosită deja de alt cont.');
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

export function presentAdminPayment(p: repo.AdminPaymentRow) {
  return {
    ...presentPayment(p),
    company_name: p.company_name,
    holding_name: p.holding_name,
    user_name: p.user_name,
    user_email: p.user_email,
  };
}

export async function paymentsPage(db: Db, filters: repo.PaymentFilters, page: number, perPage: number) {
  const { rows, total, totals } = await repo.listPayments(db, filters, page, perPage);
  const present = (t: { count: number; amount_bani: number }) => ({ count: t.count, amount: ron(t.amount_bani) });
  return {
    data: rows.map(presentAdminPayment),
    meta: { page, per_page: perPage, total },
    totals: { pending: present(totals.pending), paid: present(totals.paid), failed: present(totals.failed) },
  };
}

const STATUS_RO = { pending: 'În așteptare', paid: 'Plătită', failed: 'Eșuată' } as const;

export const PAYMENT_CSV_HEADER = [
  'Nr. plată',
  'Data',
  'Tip client',
  'Firmă / grup',
  'Plan',
  'Sumă',
  'Monedă',
  'Stare',
  'Procesator',
  'Referință procesator',
  'Plătitor',
  'E-mail plătitor',
  'Valabil până la',
];

/** The CSV export as a stream: header, then the payments in batches (never the whole table in memory). */
export function paymentsCsv(db: Db, filters: repo.PaymentFilters): Readable {
  async function* lines(): AsyncGenerator<string> {
    yield CSV_BOM + csvRow(PAYMENT_CSV_HEADER);
    for await (const batch of repo.streamPayments(db, filters)) {
      yield batch
        .map((p) =>
          csvRow([
            p.id,
            csvDate(p.created_at),
            p.company_id !== null ? 'Companie' : 'Grup',
            p.company_name ?? p.holding_name,
            p.plan_name,
            csvAmount(p.amount_bani),
            p.currency,
            STATUS_RO[p.status],
            p.provider,
            p.provider_ref,
            p.user_name,
            p.user_email,
            csvDate(p.period_end),
          ]),
        )
        .join('');
    }
  }
  return Readable.from(lines());
}
