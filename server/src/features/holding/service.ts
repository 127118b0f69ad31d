import type { FastifyReply } from 'fastify';
import type { Actor } from '../../infra/auth.js';
import type { AppContext } from '../../infra/context.js';
import { AppError, errors, type FieldErrors } from '../../infra/errors.js';
import { isEmail } from '../auth/policy.js';
import { emailTaken, normalizeEmail } from '../auth/repository.js';
import { EMAIL_TAKEN } from '../auth/service.js';
import { canDeleteDocument, leavesHoldingWithoutAdmin } from './policy.js';
import * as repo from './repository.js';
import { assertCanAddUser } from '../billing/index.js';
import { prepareSetPasswordMail } from '../company/set-password.js';
import { clientNotFound, loadClient as loadScopedClient } from '../clients/index.js';
import { toIso } from '../company/schemas.js';
import { userNotFound } from '../company/users/service.js';
import { documentNotFound, fileMissing, findClientMedia, sendFile } from '../files/index.js';

/** Rules of the holding calls; routes validate and present, the repository queries. */

type Ctx = Pick<AppContext, 'db' | 'mailer' | 'config'>;

export const notFound = {
  client: clientNotFound,
  user: userNotFound,
  company: () => errors.notFound('Compania'),
};

export interface ListInput<S extends string> {
  page?: number | string;
  per_page?: number | string;
  search?: string;
  sort?: S;
  direction?: repo.Direction;
}

function pageOf<S extends string>(
  input: ListInput<S> | null | undefined,
  defaultDirection: repo.Direction = 'asc',
): repo.Page {
  const search = input?.search?.trim();
  return {
    page: Math.max(1, Number(input?.page ?? 1) || 1),
    perPage: Math.min(100, Math.max(1, Number(input?.per_page ?? 20) || 20)),
    search: search ? search : undefined,
    direction: input?.direction ?? defaultDirection,
  };
}

const meta = (page: repo.Page, total: number) => ({ page: page.page, per_page: page.perPage, total });

/** A live document of a client of the holding that the actor may delete, or 404/403. */
export async function authorizeDocumentDelete(
  ctx: Ctx,
  actor: Actor,
  client: { id: number; company_id: number },
  mediaId: number,
) {
  const document = await findClientMedia(ctx.db, { companyId: client.company_id, clientId: client.id, mediaId });
  if (!document) throw documentNotFound();
  if (!canDeleteDocument(actor, document)) {
    throw new AppError(403, 'forbidden', 'Poți șterge doar documentele încărcate de tine.');
  }
}

/** The client of the holding (in a linked company), or 404: the clients feature's one loader. */
export const loadClient = (ctx: Ctx, holdingId: number, clientId: number) =>
  loadScopedClient(ctx, { kind: 'holding', id: holdingId }, clientId);

// ---- users ---------------------------------------------------------------

function presentUser(row: repo.HoldingUserRow) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    has_password: row.has_password,
    last_seen_at: toIso(row.last_seen_at),
    created_at: toIso(row.created_at) as string,
  };
}

export async function listUsers(
  ctx: Ctx,
  holdingId: number,
  input: ListInput<'name' | 'email' | 'role' | 'created_at'> | undefined,
) {
  const page = pageOf(input);
  const { rows, total } = await repo.listUsers(ctx.db, holdingId, { ...page, sort: input?.sort ?? 'name' });
  return { data: rows.map(presentUser), meta: meta(page, total) };
}

interface UserInput {
  name?: string;
  email?: string;
  role?: 4 | 5;
}

function cleanUserInput(input: UserInput): UserInput {
  const out: UserInput = { ...input };
  const problems: FieldErrors = {};
  if (input.name !== undefined) {
    out.name = input.name.trim();
    if (!out.name) problems.name = ['Numele este obligatoriu.'];
  }
  if (input.email !== undefined) {
    out.email = normalizeEmail(input.email);
    if (!isEmail(out.email)) problems.email = ['Adresa de e-mail nu este validă.'];
  }
  if (Object.keys(problems).length) throw errors.validation(problems);
  return out;
}

const emailInUse = () => errors.field('email', EMAIL_TAKEN);

/** Two requests racing for one e-mail: the unique index (users_email_unique) decides, the loser gets 422. */
async function uniqueEmail<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw emailInUse();
    throw error;
  }
}

export async function storeUser(ctx: Ctx, actor: Actor, holdingId: number, input: Required<UserInput>) {
  const fields = cleanUserInput(input) as Required<UserInput>;
  if (await emailTaken(ctx.db, fields.email)) throw emailInUse();
  await assertCanAddUser(ctx.db, { holdingId });
  const { id, mail } = await uniqueEmail(() =>
    ctx.db.transaction().execute(async (trx) => {
      const id = await repo.insertUser(trx, holdingId, fields);
      const holding = await trx
        .selectFrom('holdings')
        .select('name')
        .where('id', '=', holdingId)
        .executeTakeFirstOrThrow();
      const mail = await prepareSetPasswordMail(
        trx,
        ctx.config,
        { id, email: fields.email, name: fields.name },
        `${actor.name} ți-a creat un cont în portalul Dosar al grupului „${holding.name}”.`,
      );
      return { id, mail };
    }),
  );
  await ctx.mailer.send(mail);
  const user = await repo.findUser(ctx.db, holdingId, id);
  return {
    message: 'Utilizatorul a fost creat și a primit un e-mail pentru setarea parolei.',
    user: presentUser(user as repo.HoldingUserRow),
  };
}

export async function updateUser(ctx: Ctx, holdingId: number, userId: number, input: UserInput) {
  const fields = cleanUserInput(input);
  await uniqueEmail(() =>
    ctx.db.transaction().execute(async (trx) => {
      const admins = await repo.lockAdmins(trx, holdingId);
      const target = await repo.findUser(trx, holdingId, userId);
      if (!target) throw notFound.user();
      if (leavesHoldingWithoutAdmin(admins, target, { role: fields.role })) {
        throw errors.field('role', 'Grupul trebuie să păstreze cel puțin un administrator (rolul 4).');
      }
      if (
        fields.email &&
        fields.email !== target.email.toLowerCase() &&
        (await emailTaken(trx, fields.email, userId))
      ) {
        throw emailInUse();
      }
      await repo.updateUser(trx, holdingId, userId, fields);
    }),
  );
  const user = await repo.findUser(ctx.db, holdingId, userId);
  return { message: 'Utilizatorul a fost actualizat.', user: presentUser(user as repo.HoldingUserRow) };
}

export async function deleteUser(ctx: Ctx, holdingId: number, userId: number) {
  await ctx.db.transaction().execute(async (trx) => {
    const admins = await repo.lockAdmins(trx, holdingId);
    const target = await repo.findUser(trx, holdingId, userId);
    if (!target) throw notFound.user();
    if (leavesHoldingWithoutAdmin(admins, target, { deleted: true })) {
      throw errors.conflict('Nu poți șterge ultimul administrator (rolul 4) al grupului.');
    }
    await repo.softDeleteUser(trx, holdingId, userId);
  });
  return { message: 'Utilizatorul a fost șters.' };
}

// ---- utility files -------------------------------------------------------

export async function listUtils(
  ctx: Ctx,
  holdingId: number,
  input: (ListInput<'title' | 'created_at'> & { company_id?: string }) | undefined,
) {
  const sort = input?.sort ?? 'title';
  const page = pageOf(input, sort === 'title' ? 'asc' : 'desc');
  const { rows, total } = await repo.listUtils(ctx.db, holdingId, {
    ...page,
    sort,
    companyId: input?.company_id ? Number(input.company_id) : undefined,
  });
  return {
    data: rows.map((r) => ({
      id: r.id,
      media_id: r.media_id,
      title: r.title,
      description: r.description,
      company: { id: r.company_id, name: r.company_name },
      original_name: r.original_name,
      mime: r.mime,
      size: r.size,
      created_at: toIso(r.created_at) as string,
      updated_at: toIso(r.updated_at) as string,
    })),
    meta: meta(page, total),
  };
}

/** POST utils/{mediaId}: the file of a utility file of a company linked to the holding; else 404. */
export async function sendUtilityFile(
  ctx: Ctx & Pick<AppContext, 'storage'>,
  reply: FastifyReply,
  holdingId: number,
  mediaId: number,
) {
  const media = await repo.findUtilityMedia(ctx.db, holdingId, mediaId);
  if (!media) throw fileMissing();
  return sendFile(reply, ctx.storage, media);
}
