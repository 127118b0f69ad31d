import type { AppContext } from '../../../infra/context.js';
import { AppError, errors, type FieldErrors } from '../../../infra/errors.js';
import { renderMail } from '../../../infra/mail-templates.js';
import { isValidCui, normalizeCui } from '../../../lib/cui.js';
import { isEmail } from '../../auth/policy.js';
import { listClientMediaPage, listClientPeriods, presentMedia, uploadLimits } from '../../documents/index.js';
import { categorySet } from '../../categories/index.js';
import { findLinkedHolding, insertLinkedHolding } from '../holdings/repository.js';
import { fold, pageMeta, paging, toIso } from '../schemas.js';
import * as repo from './repository.js';
import { assertCanAddClient, startTrial } from '../../billing/index.js';
import type { ClientListBody, ClientViewBody, CreateClientBody, NotifyBody } from './schemas.js';

export const clientNotFound = () => new AppError(404, 'not_found', 'Clientul nu a fost găsit.');

export function presentClient(row: repo.ClientListRow) {
  return {
    id: row.id,
    name: row.name,
    cui: row.cui,
    email: row.email,
    phone: row.phone,
    holding:
      row.holding_id !== null && row.holding_name !== null ? { id: row.holding_id, name: row.holding_name } : null,
    documents_count: row.documents_count,
    last_upload_at: toIso(row.last_upload_at),
    created_at: toIso(row.created_at) as string,
  };
}

export async function listClients(ctx: AppContext, companyId: number, body: ClientListBody) {
  const p = paging(body);
  const { rows, total } = await repo.listClients(ctx.db, {
    companyId,
    offset: p.offset,
    limit: p.perPage,
    search: fold(p.search),
    holdingId: body.holding_id ?? undefined,
    sort: body.sort ?? 'name',
    direction: body.direction ?? (body.sort === 'last_upload' || body.sort === 'created_at' ? 'desc' : 'asc'),
  });
  return { data: rows.map(presentClient), meta: pageMeta(p, total) };
}

/** The client of this company or 404 (another company's client is just "not found"). */
export async function loadClient(
  ctx: Pick<AppContext, 'db'>,
  companyId: number,
  clientId: number,
): Promise<repo.ClientRow> {
  const client = await repo.findClient(ctx.db, companyId, clientId);
  if (!client) throw clientNotFound();
  return client;
}

const blankToNull = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

const PHONE = /^\+?[0-9 ().-]{6,30}$/;

export async function createClient(ctx: AppContext, companyId: number, body: CreateClientBody) {
  const problems: FieldErrors = {};
  const add = (field: string, message: string) => (problems[field] ??= []).push(message);
  const name = body.name.trim();
  if (!name) add('name', 'Câmpul nume este obligatoriu.');
  const cui = normalizeCui(body.cui);
  if (!isValidCui(cui)) add('cui', 'CUI-ul nu este valid (verifică cifra de control).');
  const email = blankToNull(body.email);
  if (email && !isEmail(email)) add('email', 'Câmpul e-mail trebuie să fie o adresă de e-mail validă.');
  const phone = blankToNull(body.phone);
  if (phone && !PHONE.test(phone)) add('phone', 'Numărul de telefon nu este valid.');
  const newHolding = body.new_holding ?? null;
  if (body.holding_id && newHolding) add('holding_id', 'Alege un grup existent sau creează unul nou, nu amândouă.');
  let holdingCui: string | null = null;
  let holdingEmail: string | null = null;
  if (newHolding) {
    if (!newHolding.name.trim()) add('new_holding.name', 'Câmpul nume al grupului este obligatoriu.');
    holdingCui = blankToNull(newHolding.cui);
    if (holdingCui) {
      holdingCui = normalizeCui(holdingCui);
      if (!isValidCui(holdingCui)) add('new_holding.cui', 'CUI-ul grupului nu este valid (verifică cifra de control).');
    }
    holdingEmail = blankToNull(newHolding.email);
    if (holdingEmail && !isEmail(holdingEmail)) add('new_holding.email', 'E-mailul grupului nu este o adresă validă.');
  }
  if (Object.keys(problems).length) throw errors.validation(problems);

  if (await repo.clientCuiTaken(ctx.db, companyId, cui.replace(/[^0-9]/g, ''))) {
    throw errors.field('cui', 'Există deja un client cu acest CUI.');
  }
  if (body.holding_id && !(await findLinkedHolding(ctx.db, companyId, body.holding_id))) {
    throw errors.field('holding_id', 'Grupul ales nu este asociat companiei.');
  }

  await assertCanAddClient(ctx.db, { companyId });
  const clientId = await ctx.db.transaction().execute(async (trx) => {
    const holdingId = newHolding
      ? await insertLinkedHolding(trx, companyId, {
          name: newHolding.name.trim(),
          cui: holdingCui,
          email: holdingEmail?.toLowerCase() ?? null,
        })
      : (body.holding_id ?? null);
    if (newHolding && holdingId !== null) await startTrial(trx, { holdingId });
    return repo.insertClient(trx, {
      company_id: companyId,
      holding_id: holdingId,
      name,
      cui,
      email,
      phone,
      notes: blankToNull(body.notes),
    });
  });
  return { data: presentClient(await loadClient(ctx, companyId, clientId)) };
}

/** The client view: the client, its category set, its months and its documents (optionally one month / category; at most DOCUMENTS_SHOWN). */
export async function viewClient(ctx: AppContext, companyId: number, clientId: number, body: ClientViewBody) {
  const client = await loadClient(ctx, companyId, clientId);
  const [set, periods, documents] = await Promise.all([
    categorySet(ctx.db, companyId, client.holding_id),
    listClientPeriods(ctx.db, { companyId, clientId }),
    listClientMediaPage(ctx.db, {
      companyId,
      clientId,
      period: body.period ?? null,
      categoryId: body.category_id ?? null,
    }),
  ]);
  return {
    data: { ...presentClient(client), notes: client.notes },
    categories: set.categories,
    categories_inherited: set.inherited,
    periods,
    documents: documents.rows.map(presentMedia),
    // More than DOCUMENTS_SHOWN matched: the list holds the newest ones; a month or category filter shows the rest.
    documents_truncated: documents.truncated,
    upload_limits: uploadLimits(ctx.config.uploadMaxBytes),
  };
}

const NOTIFY_LIMIT_PER_HOUR = 60;

/** E-mails the client a message from the company (the client must have an address). */
export async function notifyClient(ctx: AppContext, companyId: number, clientId: number, body: NotifyBody) {
  const client = await loadClient(ctx, companyId, clientId);
  if (!client.email)
    throw errors.field('email', 'Clientul nu are o adresă de e-mail. Adaug-o înainte de a trimite un mesaj.');
  const { allowed, retryAfter } = await ctx.limiter.hit(`company-notify:${companyId}`, NOTIFY_LIMIT_PER_HOUR, 3600);
  if (!allowed) throw errors.throttled(retryAfter);
  const companyName = await repo.findCompanyName(ctx.db, companyId);
  const subject = blankToNull(body.subject) ?? `Mesaj de la ${companyName}`;
  await ctx.mailer.send(
    renderMail(client.email, {
      subject,
      greeting: `Bună ziua, ${client.name},`,
      paragraphs: [body.message.trim(), `Mesaj trimis de ${companyName} prin Dosar.`],
      footer: companyName,
    }),
  );
  return { message: 'Mesajul a fost trimis.' };
}
