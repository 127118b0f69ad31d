import type { AppContext } from '../../infra/context.js';
import { fieldMessages } from '../../infra/error-messages.js';
import { errors, type FieldErrors } from '../../infra/errors.js';
import { isValidRoIban, normalizeIban } from '../../lib/iban.js';
import { currentMonth } from '../../lib/ro-calendar.js';
import type { TenantScope } from '../doors/index.js';
import { loadMonthClient } from './checklist-service.js';
import * as defaults from './defaults-repository.js';
import { presentDefault, presentProfile, presentRequirement } from './presenter.js';
import { syncProfileRequirements } from './provision.js';
import * as repo from './repository.js';
import type { DefaultBody, ProfileBody, RequirementBody } from './schemas.js';

/**
 * The firm's default set, its due day, a client's requirements and profile (company door). See
 * docs/api/month.md, "The firm's default set and the client's requirements".
 */

type Ctx = Pick<AppContext, 'db'>;

const requirementNotFound = () => errors.notFound('Cerința');
const MAX_BANK_ACCOUNTS = 10;

/** name (trimmed, 1–120), details (blank → null, ≤ 500), category_id (one of the firm's own). */
async function cleanFields(ctx: Ctx, companyId: number, body: Partial<DefaultBody>): Promise<defaults.DefaultFields> {
  const problems: FieldErrors = {};
  const fields: defaults.DefaultFields = {};
  if (body.name !== undefined) {
    const name = body.name.trim();
    if (!name) problems.name = [fieldMessages.month.requirementNameMissing];
    else if (name.length > 120) problems.name = [fieldMessages.month.requirementNameTooLong];
    fields.name = name;
  }
  if (body.details !== undefined) {
    const details = body.details?.trim() || null;
    if (details && details.length > 500) problems.details = [fieldMessages.month.detailsTooLong];
    fields.details = details;
  }
  if (body.category_id !== undefined) {
    if (body.category_id !== null && !(await defaults.isCompanyCategory(ctx.db, companyId, body.category_id))) {
      problems.category_id = [fieldMessages.shared.categoryMissing];
    }
    fields.category_id = body.category_id;
  }
  if (body.frequency !== undefined) fields.frequency = body.frequency;
  if (body.applies !== undefined) fields.applies = body.applies;
  if (Object.keys(problems).length) throw errors.validation(problems);
  return fields;
}

export async function listDefaults(ctx: Ctx, scope: TenantScope) {
  const [rows, dueDay] = await Promise.all([
    defaults.listDefaults(ctx.db, scope.id),
    defaults.findCompanyDueDay(ctx.db, scope.id),
  ]);
  return { data: rows.map(presentDefault), meta: { due_day: dueDay } };
}

async function answerDefault(ctx: Ctx, scope: TenantScope, id: number) {
  const row = await defaults.findDefault(ctx.db, scope.id, id);
  if (!row) throw requirementNotFound();
  return presentDefault(row);
}

export async function storeDefault(ctx: Ctx, scope: TenantScope, body: DefaultBody) {
  const fields = await cleanFields(ctx, scope.id, body);
  const id = await defaults.insertDefault(ctx.db, scope.id, {
    ...fields,
    name: fields.name as string,
    frequency: body.frequency,
  });
  return { message: 'Cerința a fost adăugată în setul firmei.', data: await answerDefault(ctx, scope, id) };
}

export async function updateDefault(ctx: Ctx, scope: TenantScope, id: number, body: Partial<DefaultBody>) {
  if (!(await defaults.findDefault(ctx.db, scope.id, id))) throw requirementNotFound();
  const fields = await cleanFields(ctx, scope.id, body);
  if (!(await defaults.updateDefault(ctx.db, scope.id, id, fields))) throw requirementNotFound();
  return { message: 'Cerința a fost actualizată.', data: await answerDefault(ctx, scope, id) };
}

export async function deleteDefault(ctx: Ctx, scope: TenantScope, id: number) {
  if (!(await defaults.deleteDefault(ctx.db, scope.id, id))) throw requirementNotFound();
  return { message: 'Cerința a fost scoasă din setul firmei. Clienții păstrează ce au deja.' };
}

export async function updateSettings(ctx: Ctx, scope: TenantScope, dueDay: number) {
  await defaults.updateCompanyDueDay(ctx.db, scope.id, dueDay);
  return { message: 'Termenul a fost salvat.', due_day: dueDay };
}

async function requirementsAnswer(ctx: Ctx, scope: TenantScope, clientId: number) {
  const client = await loadMonthClient(ctx.db, scope, clientId);
  const rows = await repo.listRequirements(ctx.db, { companyId: client.company_id, clientId: client.id });
  return { data: rows.map(presentRequirement), meta: { profile: presentProfile(client) } };
}

export const listRequirements = requirementsAnswer;

export async function storeRequirement(ctx: Ctx, scope: TenantScope, clientId: number, body: RequirementBody) {
  const client = await loadMonthClient(ctx.db, scope, clientId);
  const fields = await cleanFields(ctx, client.company_id, body);
  const ids = { companyId: client.company_id, clientId: client.id };
  const id = await ctx.db.transaction().execute(async (trx) => {
    await repo.lockClientRow(trx, client.id, 'update');
    const [inserted] = await repo.insertRequirements(trx, [
      {
        company_id: client.company_id,
        client_id: client.id,
        name: fields.name as string,
        category_id: fields.category_id ?? null,
        frequency: body.frequency,
        details: fields.details ?? null,
        source: 'custom',
        default_id: null,
        position: await repo.nextRequirementPosition(trx, client.id),
        starts_period: currentMonth(),
      },
    ]);
    return inserted;
  });
  const row = await repo.findRequirement(ctx.db, ids, id);
  if (!row) throw requirementNotFound();
  return { message: 'Cerința a fost adăugată.', data: presentRequirement(row) };
}

export async function updateRequirement(
  ctx: Ctx,
  scope: TenantScope,
  clientId: number,
  id: number,
  body: Partial<RequirementBody>,
) {
  const client = await loadMonthClient(ctx.db, scope, clientId);
  const ids = { companyId: client.company_id, clientId: client.id };
  if (!(await repo.findRequirement(ctx.db, ids, id))) throw requirementNotFound();
  const fields = await cleanFields(ctx, client.company_id, body);
  if (!(await repo.updateRequirement(ctx.db, ids, id, fields))) throw requirementNotFound();
  const row = await repo.findRequirement(ctx.db, ids, id);
  if (!row) throw requirementNotFound();
  return { message: 'Cerința a fost actualizată.', data: presentRequirement(row) };
}

export async function deleteRequirement(ctx: Ctx, scope: TenantScope, clientId: number, id: number) {
  const client = await loadMonthClient(ctx.db, scope, clientId);
  const ended = await repo.endRequirements(
    ctx.db,
    { companyId: client.company_id, clientId: client.id },
    [id],
    currentMonth(),
  );
  if (ended === 0) throw requirementNotFound();
  return { message: 'Cerința nu mai este cerută din luna aceasta.' };
}

/** IBANs: spaces ignored, upper case, RO + 22 characters with a valid checksum, at most 10, no repeats. */
function cleanIbans(values: string[]): string[] {
  const ibans = [...new Set(values.map(normalizeIban).filter(Boolean))];
  if (ibans.length > MAX_BANK_ACCOUNTS) {
    throw errors.field('bank_accounts', fieldMessages.month.tooManyBankAccounts(MAX_BANK_ACCOUNTS));
  }
  const bad = values.map(normalizeIban).find((iban) => iban && !isValidRoIban(iban));
  if (bad) throw errors.field('bank_accounts', fieldMessages.month.ibanInvalid(bad));
  return ibans;
}

/** profile: saves the answers and adds / ends the requirements they bring; answers the requirements. */
export async function updateProfile(ctx: Ctx, scope: TenantScope, clientId: number, body: ProfileBody) {
  const changes: Parameters<typeof repo.updateProfile>[2] = {};
  if (body.bank_accounts !== undefined) changes.bank_accounts = cleanIbans(body.bank_accounts);
  if (body.has_employees !== undefined) changes.has_employees = body.has_employees;
  if (body.has_cash_register !== undefined) changes.has_cash_register = body.has_cash_register;
  if (body.due_day !== undefined) changes.due_day = body.due_day;
  await ctx.db.transaction().execute(async (trx) => {
    const client = await loadMonthClient(trx, scope, clientId, 'update');
    await repo.updateProfile(trx, client.id, changes);
    const ids = { companyId: client.company_id, clientId: client.id };
    const current = await repo.listRequirements(trx, ids);
    await syncProfileRequirements(trx, ids, current, { ...client, ...changes }, currentMonth());
  });
  return { message: 'Profilul clientului a fost salvat.', ...(await requirementsAnswer(ctx, scope, clientId)) };
}
