import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../infra/context.js';
import { fieldMessages } from '../../infra/error-messages.js';
import { errors } from '../../infra/errors.js';
import { sha256 } from '../../infra/tokens.js';
import { originOf, recordActivity, type ActivityActor, type ActivityEvent } from '../activity/index.js';
import { assertScopeWritable } from '../billing/index.js';
import { storeClientDocuments } from '../documents/index.js';
import { markDone, openItems } from '../month/index.js';
import { findLinkByHash, findLinkClient, markLinkUsed, type UploadLinkRow } from './repository.js';

/**
 * The public side of an upload link (docs/PRODUCT.md, "Linkul de încărcare"; docs/api/upload-links.md):
 * the token names one client; it lists that client's open items (missing or rejected, of months not
 * closed), takes uploads into them through the documents feature's storeFiles checks, and "Am terminat".
 * It never lists, shows or downloads a document. Every use is in the client's history, by „link de încărcare”.
 */

type Ctx = Pick<AppContext, 'db' | 'config' | 'storage' | 'limiter' | 'clock'>;

/** The history's actor of every act through a link: no user. */
export const LINK_ACTOR: ActivityActor = { id: null, name: 'link de încărcare', role: null };

/** Calls per IP and minute, across every link (opening, uploads, "Am terminat"). */
export const LINK_CALLS_PER_IP_PER_MINUTE = 30;

/** What issueUploadLink hands out: 32 random bytes, base64url. */
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

type LinkClient = NonNullable<Awaited<ReturnType<typeof findLinkClient>>>;

interface OpenLink {
  link: UploadLinkRow;
  client: LinkClient;
  /** The firm's company door scope, acting as the link (the month feature's reads and "Am terminat"). */
  scope: { kind: 'company'; id: number; firm: null; actor: ActivityActor };
}

/**
 * The live link of a token, or the refusal: 429 past the IP's calls, 404 unknown or revoked (one text),
 * 410 expired. A link whose client or firm is gone answers as unknown.
 */
async function openLink(ctx: Ctx, request: FastifyRequest, token: string): Promise<OpenLink> {
  const { allowed, retryAfter } = await ctx.limiter.hit(`upload-link:${request.ip}`, LINK_CALLS_PER_IP_PER_MINUTE, 60);
  if (!allowed) throw errors.throttled(retryAfter);
  if (!TOKEN_FORMAT.test(token)) throw errors.uploadLinkInvalid();
  const link = await findLinkByHash(ctx.db, sha256(token));
  if (!link || link.revoked_at !== null) throw errors.uploadLinkInvalid();
  if (new Date(link.expires_at) <= ctx.clock.now()) throw errors.uploadLinkExpired();
  const client = await findLinkClient(ctx.db, link);
  if (!client) throw errors.uploadLinkInvalid();
  return { link, client, scope: { kind: 'company', id: link.company_id, firm: null, actor: LINK_ACTOR } };
}

/** The months the link still serves (the month feature's open items), or 410 when none is left. */
async function openMonths(ctx: Ctx, open: OpenLink) {
  const { data } = await openItems(ctx, open.scope, open.client.id);
  if (data.length === 0) throw errors.uploadLinkSpent();
  return data;
}

async function record(
  ctx: Ctx,
  request: FastifyRequest,
  open: OpenLink,
  events: Omit<ActivityEvent, 'companyId' | 'clientId'>[],
) {
  const ids = { companyId: open.client.company_id, clientId: open.client.id };
  try {
    await recordActivity(
      ctx.db,
      { actor: LINK_ACTOR },
      originOf(request),
      events.map((e) => ({ ...e, ...ids })),
    );
    await markLinkUsed(ctx.db, open.link.id, ctx.clock.now());
  } catch (error) {
    request.log.error({ err: error }, 'upload link use not recorded');
  }
}

/** upload-links/{token}: the client's and the firm's names and the open items by month (never a document). */
export async function showLink(ctx: Ctx, request: FastifyRequest, token: string) {
  const open = await openLink(ctx, request, token);
  const months = await openMonths(ctx, open);
  await record(ctx, request, open, [{ action: 'upload_link.open' }]);
  return {
    client: { name: open.client.name },
    firm: { name: open.client.firm_name },
    expires_at: new Date(open.link.expires_at).toISOString(),
    months: months.map((m) => ({
      period: m.period,
      due_date: m.due_date,
      days_left: m.days_left,
      done_at: m.done_at,
      items: m.items.map((item) => ({
        id: item.id,
        name: item.name,
        details: item.details,
        category: item.category?.name ?? null,
        // open-items lists only missing and rejected items.
        status: item.status === 'rejected' ? ('rejected' as const) : ('missing' as const),
        reason: item.reason,
      })),
    })),
  };
}

/**
 * upload-links/{token}/storeFiles: files into one open item (`item_id`, sent before the files) through
 * the documents feature: the same size, type and storage checks, all or nothing. The item then waits
 * for the firm's review.
 */
export async function uploadThroughLink(ctx: Ctx, request: FastifyRequest, token: string) {
  const open = await openLink(ctx, request, token);
  await assertScopeWritable(ctx.db, open.scope);
  let openIds: Set<number> | null = null;
  const checkItem = async (itemId: number | null) => {
    openIds ??= new Set((await openMonths(ctx, open)).flatMap((m) => m.items.map((item) => item.id)));
    if (itemId === null || !openIds.has(itemId)) throw errors.field('item_id', fieldMessages.shared.itemMissing);
  };
  const { data } = await storeClientDocuments(ctx, request, {
    client: open.client,
    tenants: [{ companyId: open.client.company_id }],
    uploadedBy: null,
    checkItem,
  });
  await record(
    ctx,
    request,
    open,
    data.map((d) => ({
      action: 'document.upload' as const,
      period: d.period,
      mediaId: d.id,
      details: { name: d.name, category: d.category?.name ?? null },
    })),
  );
  const count = data.length;
  return {
    message: count === 1 ? 'Am primit fișierul.' : `Am primit ${count} fișiere.`,
    files: data.map((d) => ({ name: d.name, size: d.size })),
  };
}

/** upload-links/{token}/done: "Am terminat" for one of the link's months, as the client's own button. */
export async function doneThroughLink(ctx: Ctx, request: FastifyRequest, token: string, period: string) {
  const open = await openLink(ctx, request, token);
  await assertScopeWritable(ctx.db, open.scope);
  const months = await openMonths(ctx, open);
  if (!months.some((m) => m.period === period)) throw errors.uploadLinkPeriod();
  await markLinkUsed(ctx.db, open.link.id, ctx.clock.now());
  return markDone(ctx, open.scope, request, open.client.id, period);
}
