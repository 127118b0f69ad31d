import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../infra/context.js';
import { fieldMessages } from '../../infra/error-messages.js';
import { errors } from '../../infra/errors.js';
import { todayInRomania } from '../../lib/ro-calendar.js';
import { loadScopedClient, type ScopedClient } from '../access/index.js';
import { originOf, recordActivity } from '../activity/index.js';
import { withTenantsLocked } from '../billing/index.js';
import type { TenantScope } from '../doors/index.js';
import {
  assertFits,
  checkBeforeUpload,
  insertMedia,
  receiveMultipart,
  softDeleteClientMedia,
  storageTenants,
} from '../documents/index.js';
import { labelInSentence, owedOrFiled, periodLabel, type Owed } from './calendar.js';
import { presentObligation, type PresentedObligation } from './presenter.js';
import { deleteFiling, fiscalProfileOf, insertFiling, listFilings, listRules } from './repository.js';

/**
 * Marking a client's declaration filed, with its receipt (recipisă), and undoing it; company door only.
 * The receipt goes through the documents feature's upload (type sniffed, size and plan storage checked,
 * all or nothing) and becomes a document of the client, accepted, in no month: a closed month stays as it
 * was handed over. Both acts are in the client's history.
 */

type Ctx = Pick<AppContext, 'db' | 'clock' | 'config' | 'storage'>;

/** Only what ANAF gives back for a filing: its PDF receipt or the XML of the answer. */
const RECEIPT_TYPES = new Set(['application/pdf', 'application/xml']);

/** The obligation `code` for `period` the client owes (or, `filed`, may have filed), or 422 (a declaration its profile does not ask for). */
async function owedObligation(
  ctx: Ctx,
  client: ScopedClient,
  target: { code: string; period: string },
  filed = false,
): Promise<Owed> {
  const { code, period } = target;
  const [rules, profile] = await Promise.all([
    listRules(ctx.db),
    fiscalProfileOf(ctx.db, { companyId: client.company_id, clientId: client.id }),
  ]);
  // An undo also finds a filing the profile no longer asks for (owedOrFiled keeps it on the calendar).
  const owed = owedOrFiled(rules, profile, period, filed ? [code] : []).find((o) => o.code === code);
  if (owed) return owed;
  const known = rules.find((r) => r.code === code);
  const label = known ? labelInSentence(periodLabel(period, known.frequency)) : period;
  throw errors.field('code', fieldMessages.obligations.notOwed(code, label));
}

/** The obligation as it stands now (after a filing or its undoing). */
async function presentNow(ctx: Ctx, client: ScopedClient, owed: Owed): Promise<PresentedObligation> {
  const [filing] = (
    await listFilings(ctx.db, {
      companyId: client.company_id,
      clientIds: [client.id],
      from: owed.period,
      to: owed.period,
    })
  ).filter((f) => f.code === owed.code);
  return presentObligation(owed, filing, todayInRomania(ctx.clock.now()));
}

/** clients/{clientId}/obligations/{code}/{period}/file: multipart with one PDF or XML receipt. */
export async function fileObligation(
  ctx: Ctx,
  scope: TenantScope,
  request: FastifyRequest,
  target: { clientId: number; code: string; period: string },
): Promise<{ message: string; data: PresentedObligation }> {
  const client = await loadScopedClient(ctx, scope, target.clientId);
  const owed = await owedObligation(ctx, client, target);
  const label = labelInSentence(periodLabel(owed.period, owed.frequency));
  const tenants = storageTenants(scope, client.company_id);
  const totalLimit = await checkBeforeUpload(ctx.db, tenants, request);
  const upload = await receiveMultipart(ctx, request, {
    keyPrefix: `company-${client.company_id}/client-${client.id}`,
    maxFiles: 1,
    totalLimit,
  });
  try {
    const [file] = upload.files;
    if (!file) throw errors.field('files', fieldMessages.obligations.receiptRequired);
    if (!RECEIPT_TYPES.has(file.mime)) throw errors.field('files', fieldMessages.obligations.receiptType);
    const now = ctx.clock.now();
    await withTenantsLocked(ctx.db, tenants, async (trx) => {
      await assertFits(trx, tenants, file.size);
      const [mediaId] = await insertMedia(trx, [
        {
          company_id: client.company_id,
          client_id: client.id,
          category_id: null,
          period: null,
          original_name: file.name,
          mime: file.mime,
          size: file.size,
          sha256: file.sha256,
          storage_key: file.key,
          uploaded_by: scope.actor.id,
          // The firm's own document: nothing for its review inbox.
          review_status: 'accepted',
          reviewed_by: scope.actor.id,
          reviewed_at: now,
        },
      ]);
      const filed = await insertFiling(trx, {
        company_id: client.company_id,
        client_id: client.id,
        code: owed.code,
        period: owed.period,
        media_id: mediaId,
        filed_by: scope.actor.id,
        filed_at: now,
      });
      if (!filed) throw errors.obligationFiled(owed.code, label);
      await recordActivity(trx, scope, originOf(request), {
        action: 'obligation.file',
        companyId: client.company_id,
        clientId: client.id,
        period: owed.period,
        mediaId,
        details: { code: owed.code, period: owed.period, name: file.name },
      });
    });
  } catch (error) {
    await upload.discard();
    throw error;
  }
  return {
    message: `Declarația ${owed.code} pentru ${label} a fost marcată ca depusă.`,
    data: await presentNow(ctx, client, owed),
  };
}

/** .../unfile: the filing is undone and its receipt goes to the client's trash (restorable there). */
export async function unfileObligation(
  ctx: Ctx,
  scope: TenantScope,
  request: FastifyRequest,
  target: { clientId: number; code: string; period: string },
): Promise<{ message: string; data: PresentedObligation }> {
  const client = await loadScopedClient(ctx, scope, target.clientId);
  const owed = await owedObligation(ctx, client, target, true);
  const label = labelInSentence(periodLabel(owed.period, owed.frequency));
  await ctx.db.transaction().execute(async (trx) => {
    const undone = await deleteFiling(trx, {
      companyId: client.company_id,
      clientId: client.id,
      code: owed.code,
      period: owed.period,
      by: scope.actor.id,
    });
    if (!undone) throw errors.obligationNotFiled(owed.code, label);
    if (undone.media_id !== null) {
      await softDeleteClientMedia(
        trx,
        { companyId: client.company_id, clientId: client.id, mediaId: undone.media_id },
        scope.actor.id,
      );
    }
    await recordActivity(trx, scope, originOf(request), {
      action: 'obligation.unfile',
      companyId: client.company_id,
      clientId: client.id,
      period: owed.period,
      mediaId: undone.media_id,
      details: { code: owed.code, period: owed.period },
    });
  });
  return {
    message: `Depunerea ${owed.code} pentru ${label} a fost anulată.`,
    data: await presentNow(ctx, client, owed),
  };
}
