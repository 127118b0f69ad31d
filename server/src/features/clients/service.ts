import type { AppContext } from '../../infra/context.js';
import { AppError, errors, type FieldErrors } from '../../infra/errors.js';
import { renderMail, unlinked } from '../../infra/mail-templates.js';
import { spendTenantMessages, tenantSubject } from '../../infra/tenant-mail.js';
import { isValidCui, normalizeCui } from '../../lib/cui.js';
import { clientNotFound, worksWithCompany } from '../access/index.js';
import { assertEmailVerified, isEmail } from '../auth/index.js';
import { assertCanAddClient, lockTenants, startTrial, type TenantRef } from '../billing/index.js';
import { findCompanyName, findLinkedHolding, insertLinkedHolding } from '../links/index.js';
import { provisionClientRequirements } from '../month/index.js';
import { currentMonth } from '../../lib/ro-calendar.js';
import type { Executor } from '../../infra/db.js';
import { blankToNull, cleanClientInput, cuiDigitsOf, MESSAGES, type ClientInput } from './input.js';
import * as repo from './repository.js';

/**
 * The client rules both doors share: loading a client in the caller's scope, creating one (its input
 * rule, its CUI unique in the company, the plan limits of its company and of its holding), notifying.
 * Updating, archiving and restoring are in record-service.ts, lists in list-service.ts, the client
 * view in view-service.ts, portal access in access-service.ts.
 */

type Scope = repo.ClientScope;

export { clientNotFound };

/**
 * The scope's live client with what the client screens show, or 404 (another tenant's client is just
 * "not found"); the access feature's rule decides which (loadScopedClient is its lean twin).
 */
export async function loadClient(
  ctx: Pick<AppContext, 'db'>,
  scope: Scope,
  clientId: number,
): Promise<repo.ClientRecord> {
  const client = await repo.findClient(ctx.db, scope, clientId);
  if (!client) throw clientNotFound();
  return client;
}

/** The refusal when the side that is not the caller has no room (the caller's own refusal names its plan). */
const OTHER_SIDE_FULL = {
  company: {
    plan_limit: 'Compania aleasă a atins limita de clienți a planului ei: nu mai poate primi clienți noi.',
    read_only: 'Abonamentul companiei alese a expirat: nu mai poate primi clienți noi.',
  },
  holding: {
    plan_limit: 'Holdingul ales a atins limita de clienți a planului său: nu mai poate primi clienți noi.',
    read_only: 'Abonamentul holdingului ales a expirat: nu mai poate primi clienți noi.',
  },
} as const;

/**
 * Checks one side's room for one more client; when that side is not the caller's own tenant, its
 * refusal says which side is full (the caller's own refusal names its plan).
 */
export async function assertSideRoom(trx: Executor, tenant: TenantRef, callerSide: boolean): Promise<void> {
  try {
    await assertCanAddClient(trx, tenant);
  } catch (error) {
    if (callerSide || !(error instanceof AppError) || error.statusCode !== 402) throw error;
    const side = OTHER_SIDE_FULL[tenant.companyId !== undefined ? 'company' : 'holding'];
    throw errors.planLimit(error.code === 'read_only' ? side.read_only : side.plan_limit);
  }
}

/**
 * A client counts against the plan of its company and, when it is in one, of its holding — whichever
 * door adds it. The caller's own tenant is checked first (its message names its plan); the other
 * side's refusal says which side is full. Run inside the transaction that holds lockTenants.
 */
export async function assertRoomForClient(trx: Executor, scope: Scope, companyId: number, holdingId: number | null) {
  const company: TenantRef = { companyId };
  const tenants: TenantRef[] = holdingId === null ? [company] : [company, { holdingId }];
  if (scope.kind === 'holding') tenants.reverse();
  for (const tenant of tenants) {
    const callerSide = tenant.companyId !== undefined ? scope.kind === 'company' : scope.kind === 'holding';
    await assertSideRoom(trx, tenant, callerSide);
  }
}

/** What a create call brings: the client fields, and where the client goes. */
export interface NewClientInput extends ClientInput {
  name: string;
  cui: string;
  /** Holding door: which of its linked companies the client belongs to. */
  company_id?: number;
  /** Company door: one of its holdings, or a new one. */
  holding_id?: number | null;
  new_holding?: { name: string; cui?: string | null; email?: string | null } | null;
}

/** The new holding of a company-door create, checked like a client's CUI and e-mail. */
function cleanNewHolding(input: NewClientInput, problems: FieldErrors) {
  const add = (field: string, message: string) => (problems[field] ??= []).push(message);
  const holding = input.new_holding ?? null;
  if (input.holding_id && holding) add('holding_id', 'Alege un holding existent sau creează unul nou, nu amândouă.');
  if (!holding) return null;
  if (!holding.name.trim()) add('new_holding.name', 'Câmpul nume al holdingului este obligatoriu.');
  let cui = blankToNull(holding.cui);
  if (cui) {
    cui = normalizeCui(cui);
    if (!isValidCui(cui)) add('new_holding.cui', 'CUI-ul holdingului nu este valid (verifică cifra de control).');
  }
  const email = blankToNull(holding.email);
  if (email && !isEmail(email)) add('new_holding.email', 'E-mailul holdingului nu este o adresă validă.');
  return { name: holding.name.trim(), cui, email: email?.toLowerCase() ?? null };
}

/**
 * Creates a client: on the company door in the company (optionally in one of its holdings or a new
 * one), on the holding door in the holding at one of its linked companies. One transaction locks
 * the tenants, then checks the CUI and the plan limits, then inserts: parallel creations never pass
 * a limit nor add one CUI twice.
 */
export async function createClient(ctx: AppContext, scope: Scope, input: NewClientInput): Promise<repo.ClientRecord> {
  const problems: FieldErrors = {};
  const fields = cleanClientInput(input, problems);
  const newHolding = scope.kind === 'company' ? cleanNewHolding(input, problems) : null;
  if (Object.keys(problems).length) throw errors.validation(problems);

  let companyId: number;
  let holdingId: number | null;
  if (scope.kind === 'company') {
    companyId = scope.id;
    holdingId = input.holding_id ?? null;
    if (holdingId !== null && !(await findLinkedHolding(ctx.db, companyId, holdingId))) {
      throw errors.field('holding_id', 'Holdingul ales nu este asociat companiei.');
    }
  } else {
    companyId = input.company_id as number;
    holdingId = scope.id;
    // Linked is not enough: a suspended company's clients are out of the holding's reach, so one created
    // there would answer 404 the moment it exists.
    if (!(await worksWithCompany(ctx.db, scope, companyId))) {
      throw errors.field('company_id', 'Compania aleasă nu colaborează cu holdingul.');
    }
  }

  const clientId = await ctx.db.transaction().execute(async (trx) => {
    await lockTenants(trx, holdingId === null ? [{ companyId }] : [{ companyId }, { holdingId }]);
    if (await repo.clientCuiTaken(trx, companyId, cuiDigitsOf(fields.cui as string))) {
      throw errors.field('cui', MESSAGES.cuiTaken);
    }
    if (newHolding) {
      holdingId = await insertLinkedHolding(trx, companyId, newHolding);
      await startTrial(trx, { holdingId });
    }
    await assertRoomForClient(trx, scope, companyId, holdingId);
    const id = await repo.insertClient(trx, {
      company_id: companyId,
      holding_id: holdingId,
      name: fields.name as string,
      cui: fields.cui as string,
      email: fields.email ?? null,
      phone: fields.phone ?? null,
      notes: fields.notes ?? null,
    });
    // What it owes each month from this one on: the firm's default set for a profile not filled in yet.
    await provisionClientRequirements(
      trx,
      { companyId, clientId: id },
      { bank_accounts: [], has_employees: false, has_cash_register: false },
      currentMonth(),
    );
    return id;
  });
  return loadClient(ctx, scope, clientId);
}

/**
 * "Notifică clientul": one greeting, who writes (the firm), the firm's message as it typed it, and the way
 * into the client's portal. The firm's words go from Dosar's address: shown as text, never as a link; a
 * greeting the firm typed itself stays part of its message.
 */
export function notifyMail(
  publicUrl: string,
  client: { id: number; name: string; email: string },
  companyName: string,
  subject: string,
  message: string,
) {
  const firm = unlinked(companyName);
  return renderMail(client.email, {
    subject: unlinked(subject),
    greeting: `Bună ziua, ${unlinked(client.name)},`,
    paragraphs: [`${firm} v-a trimis un mesaj prin Dosar:`, unlinked(message.trim())],
    action: { label: 'Deschide portalul', url: `${publicUrl.replace(/\/$/, '')}/client/${client.id}` },
    footer: `${firm}, prin Dosar`,
  });
}

/**
 * E-mails the client a message from its company (the client must have an address), under the
 * company's name and within the tenant-written mail budgets (infra/tenant-mail.ts).
 */
export async function notifyClient(
  ctx: AppContext,
  scope: Scope & { actor: { id: number } },
  clientId: number,
  body: { message: string; subject?: string | null },
) {
  await assertEmailVerified(ctx.db, scope.actor.id);
  const client = await loadClient(ctx, scope, clientId);
  if (!client.email)
    throw errors.field('email', 'Clientul nu are o adresă de e-mail. Adaug-o înainte de a trimite un mesaj.');
  await spendTenantMessages(ctx.limiter, `company:${client.company_id}`, [client.email], scope.actor.id);
  const companyName = await findCompanyName(ctx.db, client.company_id);
  const subject = tenantSubject(companyName, blankToNull(body.subject));
  const to = { id: client.id, name: client.name, email: client.email };
  await ctx.mailer.send(notifyMail(ctx.config.publicUrl, to, companyName, subject, body.message));
  return { message: 'Mesajul a fost trimis.' };
}
