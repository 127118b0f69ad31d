import type { Db } from '../../infra/db.js';
import type { TenantScope } from '../doors/index.js';
import type { ActivityAction, RequestOrigin } from './index.js';
import { findReadSession, insertActivity, lockReadSession, updateActivityDetails } from './repository.js';

/**
 * What a file call handed over, as the history keeps it. Every answer that delivers bytes is in the
 * history, named after what the call was made for:
 * - a preview (`?inline=1`, what the preview dialogs send) joins the reader's open `document.preview` of
 *   that document, whether the answer held a part or the whole file (a small PDF comes whole in pdf.js's
 *   first range): one entry for the reads of one person within READ_SESSION_MINUTES, listing the byte
 *   spans read and whether they cover the file (`whole`). A preview is never called a download;
 * - without `?inline=1`, the whole file is a `document.download`; a part joins the reader's open partial
 *   read (`document.read`), and once those spans cover the whole file a `document.download` is added,
 *   so fetching a file in pieces is no way round the history.
 */

/** How long one person's reads of one document count as one preview. */
export const READ_SESSION_MINUTES = 30;

export interface FileRead {
  companyId: number;
  clientId: number;
  mediaId: number;
  period: string | null;
  name: string;
  size: number;
  /** The inclusive span of the file the answer holds. */
  start: number;
  end: number;
  inline: boolean;
}

type Span = [number, number];

/** Sorted, merged spans (adjacent ones joined). */
export function mergeSpans(spans: readonly Span[]): Span[] {
  const merged: Span[] = [];
  for (const [start, end] of [...spans].sort((a, b) => a[0] - b[0])) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1] + 1) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

const spansOf = (details: Record<string, unknown> | null): Span[] =>
  Array.isArray(details?.spans)
    ? (details.spans as unknown[]).filter(
        (s): s is Span => Array.isArray(s) && s.length === 2 && s.every((n) => Number.isSafeInteger(n)),
      )
    : [];

export async function recordFileRead(
  db: Db,
  scope: Pick<TenantScope, 'actor'>,
  origin: RequestOrigin,
  read: FileRead,
): Promise<void> {
  const row = (action: ActivityAction, details: Record<string, unknown>) => ({
    company_id: read.companyId,
    client_id: read.clientId,
    period: read.period,
    media_id: read.mediaId,
    action,
    actor_id: scope.actor.id,
    actor_name: scope.actor.name,
    actor_role: scope.actor.role,
    ip: origin.ip,
    user_agent: origin.userAgent,
    details: JSON.stringify(details),
  });
  if (!read.inline && read.start === 0 && read.end >= read.size - 1) {
    await insertActivity(db, [row('document.download', { name: read.name })]);
    return;
  }
  const action: ActivityAction = read.inline ? 'document.preview' : 'document.read';
  await db.transaction().execute(async (trx) => {
    await lockReadSession(trx, scope.actor.id, read.mediaId);
    const open = await findReadSession(trx, {
      companyId: read.companyId,
      clientId: read.clientId,
      mediaId: read.mediaId,
      actorId: scope.actor.id,
      action,
      since: new Date(Date.now() - READ_SESSION_MINUTES * 60_000),
    });
    const spans = mergeSpans([...spansOf(open?.details ?? null), [read.start, read.end]]);
    const whole = spans.length === 1 && spans[0][0] === 0 && spans[0][1] >= read.size - 1;
    const wasWhole = open?.details?.whole === true;
    const details = {
      name: read.name,
      size: read.size,
      spans,
      reads: Number(open?.details?.reads ?? 0) + 1,
      whole: whole || wasWhole,
    };
    if (open) await updateActivityDetails(trx, open.id, details);
    else await insertActivity(trx, [row(action, details)]);
    if (!read.inline && whole && !wasWhole) {
      await insertActivity(trx, [row('document.download', { name: read.name, pieces: details.reads })]);
    }
  });
}
