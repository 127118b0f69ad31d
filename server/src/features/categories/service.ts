import type { AppContext } from '../../infra/context.js';
import type { Db, Executor } from '../../infra/db.js';
import { fieldMessages } from '../../infra/error-messages.js';
import { errors } from '../../infra/errors.js';
import type { TenantScope } from '../doors/index.js';
import { findLinkedHolding } from '../links/index.js';
import * as repo from './repository.js';
import { presentCategory } from './presenter.js';

/**
 * A company's category sets: its default set, and a set of its own for a holding it works with (a
 * holding without one uses the default). Only the company door edits them; the holding door reads
 * the set of a client's view through effectiveSetQuery() (clients/view.repository.ts).
 */

type Ctx = Pick<AppContext, 'db'>;

export const categoryNotFound = () => errors.notFound('Categoria');
const holdingNotLinked = (field = 'holding_id') => errors.field(field, fieldMessages.shared.holdingNotLinked);
const nameTaken = () => errors.field('name', fieldMessages.categories.nameTaken);

/** The company whose categories the scope edits (only the company door offers these calls). */
function companyOf(scope: Pick<TenantScope, 'kind' | 'id'>): number {
  if (scope.kind !== 'company') throw errors.forbidden();
  return scope.id;
}

/** Whether a client of `holdingId` at the company may file a document under `categoryId`. */
export function filesUnder(db: Db, companyId: number, holdingId: number | null, categoryId: number): Promise<boolean> {
  return repo.inEffectiveSet(db, companyId, holdingId, categoryId);
}

/**
 * The category named `name` (case-insensitive) of the set a client of `holdingId` files under, created at
 * the end of that set when missing (the e-Factura import's „Facturi primite” / „Facturi emise”). A holding
 * without a set of its own uses, and so grows, the company's default set. In the caller's transaction.
 */
export async function findOrCreateCategory(
  trx: Executor,
  companyId: number,
  holdingId: number | null,
  name: string,
): Promise<repo.CategoryRecord> {
  const { categories, inherited } = await repo.effectiveSet(trx, companyId, holdingId);
  const found = categories.find((c) => c.name.toLowerCase() === name.toLowerCase());
  if (found) return found;
  const setHolding = inherited ? null : holdingId;
  const position = categories.reduce((max, c) => Math.max(max, c.position + 1), 0);
  const [id] = await repo.insertCategories(trx, [{ company_id: companyId, holding_id: setHolding, name, position }]);
  return { id, company_id: companyId, holding_id: setHolding, name, position };
}

async function assertHolding(
  ctx: Ctx,
  companyId: number,
  holdingId: number | null,
  field = 'holding_id',
): Promise<void> {
  if (holdingId !== null && !(await findLinkedHolding(ctx.db, companyId, holdingId))) throw holdingNotLinked(field);
}

/** GET categories?holding_id=: the set that applies (the default one when the holding has none of its own). */
export async function listCategories(ctx: Ctx, scope: TenantScope, holdingId: number | null) {
  const companyId = companyOf(scope);
  await assertHolding(ctx, companyId, holdingId);
  const set = await repo.effectiveSet(ctx.db, companyId, holdingId);
  return { data: set.categories.map(presentCategory), holding_id: holdingId, inherited: set.inherited };
}

/**
 * storeCategory {name, holding_id?}. A holding still using the default set
 * gets its own set: a copy of the default one plus the new category, so
 * what the user saw stays and the new category follows.
 */
export async function createCategory(ctx: Ctx, scope: TenantScope, body: { name: string; holding_id?: number | null }) {
  const companyId = companyOf(scope);
  const holdingId = body.holding_id ?? null;
  const name = body.name.trim();
  if (!name) throw errors.field('name', fieldMessages.shared.nameRequired);
  await assertHolding(ctx, companyId, holdingId);
  const id = await ctx.db.transaction().execute(async (trx) => {
    let set = await repo.listSet(trx, companyId, holdingId);
    if (holdingId !== null && set.length === 0) {
      const defaults = await repo.listSet(trx, companyId, null);
      await repo.insertCategories(
        trx,
        defaults.map((c, position) => ({ company_id: companyId, holding_id: holdingId, name: c.name, position })),
      );
      set = await repo.listSet(trx, companyId, holdingId);
    }
    if (set.some((c) => c.name.toLowerCase() === name.toLowerCase())) throw nameTaken();
    const position = set.reduce((max, c) => Math.max(max, c.position + 1), 0);
    const [newId] = await repo.insertCategories(trx, [
      { company_id: companyId, holding_id: holdingId, name, position },
    ]);
    return newId;
  });
  const created = await repo.findCategory(ctx.db, companyId, id);
  return { data: presentCategory(created as repo.CategoryRecord) };
}

export async function renameCategory(ctx: Ctx, scope: TenantScope, categoryId: number, rawName: string) {
  const companyId = companyOf(scope);
  const category = await repo.findCategory(ctx.db, companyId, categoryId);
  if (!category) throw categoryNotFound();
  const name = rawName.trim();
  if (!name) throw errors.field('name', fieldMessages.shared.nameRequired);
  if (await repo.nameTaken(ctx.db, companyId, category.holding_id, name, category.id)) throw nameTaken();
  await repo.renameCategory(ctx.db, companyId, categoryId, name);
  return { data: presentCategory({ ...category, name }) };
}

/** categories/updatePosition {ids, holding_id?}: ids must be exactly the live categories of that set, in the new order. */
export async function reorderCategories(
  ctx: Ctx,
  scope: TenantScope,
  body: { ids: readonly number[]; holding_id?: number | null },
) {
  const companyId = companyOf(scope);
  const holdingId = body.holding_id ?? null;
  await assertHolding(ctx, companyId, holdingId);
  return ctx.db.transaction().execute(async (trx) => {
    const set = await repo.listSet(trx, companyId, holdingId);
    const current = new Set(set.map((c) => c.id));
    const unique = new Set(body.ids);
    if (unique.size !== body.ids.length || unique.size !== current.size || body.ids.some((id) => !current.has(id))) {
      throw errors.field('ids', fieldMessages.categories.orderMismatch);
    }
    await repo.setPositions(trx, companyId, body.ids);
    const reordered = await repo.listSet(trx, companyId, holdingId);
    return { data: reordered.map(presentCategory) };
  });
}

export async function deleteCategory(ctx: Ctx, scope: TenantScope, categoryId: number) {
  const companyId = companyOf(scope);
  if (!(await repo.softDeleteCategory(ctx.db, companyId, categoryId))) throw categoryNotFound();
  return { message: 'Categoria a fost ștearsă. Documentele din ea se păstrează.' };
}

/**
 * holdings/{holdingId}/transferCategory {holding_id}: copies the set of
 * holding {holdingId} (the default set when it has none) into holding
 * holding_id. Categories the target already has (same name) are kept, not
 * duplicated; the others follow at the end, in the source order.
 */
export async function transferCategories(
  ctx: Ctx,
  scope: TenantScope,
  sourceHoldingId: number,
  targetHoldingId: number,
) {
  const companyId = companyOf(scope);
  if (!(await findLinkedHolding(ctx.db, companyId, sourceHoldingId))) throw errors.notFound('Holdingul');
  if (sourceHoldingId === targetHoldingId) throw errors.field('holding_id', fieldMessages.categories.sameHolding);
  await assertHolding(ctx, companyId, targetHoldingId);
  return ctx.db.transaction().execute(async (trx) => {
    const source = (await repo.effectiveSet(trx, companyId, sourceHoldingId)).categories;
    const target = await repo.listSet(trx, companyId, targetHoldingId);
    const have = new Set(target.map((c) => c.name.toLowerCase()));
    let position = target.reduce((max, c) => Math.max(max, c.position + 1), 0);
    const missing = source.filter((c) => !have.has(c.name.toLowerCase()));
    await repo.insertCategories(
      trx,
      missing.map((c) => ({ company_id: companyId, holding_id: targetHoldingId, name: c.name, position: position++ })),
    );
    const result = await repo.listSet(trx, companyId, targetHoldingId);
    return { data: result.map(presentCategory), copied: missing.length };
  });
}
