import type { Executor } from '../../infra/db.js';
import { AppError } from '../../infra/errors.js';
import { recordActivity, type ActivityEvent } from '../activity/index.js';
import { assertCanStore, withTenantsLocked } from '../billing/index.js';
import { findOrCreateCategory } from '../categories/index.js';
import { insertMedia } from '../documents/index.js';
import { lockOpenMonth } from '../month/index.js';
import {
  CATEGORY_OF,
  documentName,
  invoiceRow,
  removeFiles,
  storeFiles,
  type Candidate,
  type Ctx,
  type FiledBy,
  type Filing,
  type FilingOutcome,
  type Stored,
} from './filing-parts.js';
import { endInvoices, existingInvoices, insertInvoices, type InvoiceKey, type NewInvoice } from './repository.js';

export { CATEGORY_OF, documentName };
export type { Candidate, Client, FiledBy, Filing, FilingOutcome, Kind } from './filing-parts.js';

const keyOf = (k: InvoiceKey) => `${k.supplier_cui}\u0000${k.number}\u0000${k.issue_date}`;

/**
 * Files read invoices in one transaction per batch (docs/PRODUCT.md, „e-Factura”): under the firm's lock
 * (two imports never file the same invoice twice), each invoice is a duplicate, „De sortat”, refused (a
 * closed month, no room left in the plan) or filed — all of it or nothing of it: its copies' documents
 * (media rows answering the month's item of their category, as an upload does), its invoice rows and its
 * history events. Files are stored before the transaction and removed again for whatever was not filed.
 */

const refusal = (error: unknown): string | null => (error instanceof AppError ? error.message : null);

/** Files a batch of candidates; answers one outcome per candidate, in order. */
export async function fileCandidates(
  ctx: Ctx,
  companyId: number,
  candidates: Candidate[],
  by: FiledBy,
): Promise<FilingOutcome[]> {
  const stored = await storeFiles(ctx, companyId, candidates);
  const outcomes: (FilingOutcome | null)[] = candidates.map(() => null);
  try {
    await withTenantsLocked(ctx.db, [{ companyId }], (trx) =>
      fileInTransaction(trx, ctx, companyId, candidates, stored, outcomes, by),
    );
  } catch (error) {
    await removeFiles(ctx, stored);
    throw error;
  }
  await removeFiles(
    ctx,
    stored.filter((_, i) => outcomes[i]?.status === 'duplicate' || outcomes[i]?.status === 'refused'),
  );
  return outcomes as FilingOutcome[];
}

async function fileInTransaction(
  trx: Executor,
  ctx: Ctx,
  companyId: number,
  candidates: Candidate[],
  stored: Stored[],
  outcomes: (FilingOutcome | null)[],
  by: FiledBy,
): Promise<void> {
  // Duplicates: of an invoice already in the firm, or of an earlier one of this batch.
  const existing = await existingInvoices(
    trx,
    companyId,
    candidates.map((c) => c.key),
  );
  const wanted = new Set(candidates.map((c) => keyOf(c.key)));
  const same = existing.filter((e) => wanted.has(keyOf(e)));
  const live = new Set(same.filter((e) => !e.gone).map(keyOf));
  await endInvoices(
    trx,
    companyId,
    same.filter((e) => e.gone).map((e) => e.id),
    ctx.clock.now(),
  );
  const first = new Map<string, number>();
  const twins: [number, number][] = [];
  candidates.forEach((c, i) => {
    const key = keyOf(c.key);
    const earlier = first.get(key);
    if (live.has(key) || earlier !== undefined) outcomes[i] = { status: 'duplicate' };
    if (earlier !== undefined && !live.has(key)) twins.push([i, earlier]);
    if (earlier === undefined) first.set(key, i);
  });
  // Each copy's category and month: a closed month refuses the whole invoice.
  const categories = new Map<string, { id: number; name: string }>();
  const months = new Map<string, number | null | { refused: string }>();
  const placed: { categoryId: number; requirementId: number | null }[][] = candidates.map(() => []);
  for (const [i, c] of candidates.entries()) {
    if (outcomes[i]) continue;
    for (const copy of c.copies) {
      const name = CATEGORY_OF[copy.kind];
      const setKey = `${copy.client.holding_id ?? ''}:${name}`;
      let category = categories.get(setKey);
      if (!category) {
        category = await findOrCreateCategory(trx, companyId, copy.client.holding_id, name);
        categories.set(setKey, category);
      }
      const monthKey = `${copy.client.id}:${copy.period}:${category.id}`;
      if (!months.has(monthKey)) {
        try {
          const ids = { companyId, clientId: copy.client.id };
          months.set(monthKey, await lockOpenMonth(trx, ids, { period: copy.period, categoryId: category.id }));
        } catch (error) {
          const reason = refusal(error);
          if (reason === null) throw error;
          months.set(monthKey, { refused: `${copy.client.name}: ${reason}` });
        }
      }
      const month = months.get(monthKey) ?? null;
      if (month !== null && typeof month === 'object') outcomes[i] = { status: 'refused', reason: month.refused };
      placed[i].push({ categoryId: category.id, requirementId: typeof month === 'number' ? month : null });
    }
  }
  const filed = candidates.flatMap((c, i) => (outcomes[i] || c.copies.length === 0 ? [] : [i]));
  const bytes = filed.reduce((sum, i) => sum + candidates[i].read.xml.length * candidates[i].copies.length, 0);
  try {
    if (bytes > 0) await assertCanStore(trx, { companyId }, bytes);
  } catch (error) {
    const reason = refusal(error);
    if (reason === null) throw error;
    for (const i of filed) outcomes[i] = { status: 'refused', reason };
    filed.length = 0;
  }
  // A second copy of a refused invoice in the same batch is refused with it, not called a duplicate.
  for (const [twin, original] of twins) {
    const outcome = outcomes[original];
    if (outcome?.status === 'refused') outcomes[twin] = outcome;
  }
  const bases = candidates.map((c, i) => (outcomes[i] ? null : invoiceRow(companyId, c, by)));
  const mediaRows: Parameters<typeof insertMedia>[1] = filed.flatMap((i) =>
    candidates[i].copies.map((copy, n) => ({
      company_id: companyId,
      client_id: copy.client.id,
      category_id: placed[i][n].categoryId,
      period: copy.period,
      original_name: documentName(candidates[i].read, copy.kind),
      mime: 'application/xml',
      size: candidates[i].read.xml.length,
      sha256: bases[i]?.xml_sha256 ?? '',
      storage_key: stored[i].xml[n],
      uploaded_by: by.actor?.id ?? null,
      requirement_id: placed[i][n].requirementId,
    })),
  );
  const mediaIds = await insertMedia(trx, mediaRows);
  let m = 0;
  const invoiceRows: NewInvoice[] = [];
  const owners: { index: number; copy: number; mediaId: number | null }[] = [];
  for (const [i, c] of candidates.entries()) {
    const base = bases[i];
    if (outcomes[i] || !base) continue;
    if (c.copies.length === 0) {
      invoiceRows.push({ ...base, xml_storage_key: stored[i].xml[0], zip_storage_key: stored[i].zip[0] });
      owners.push({ index: i, copy: -1, mediaId: null });
      continue;
    }
    c.copies.forEach((copy, n) => {
      const mediaId = mediaIds[m++];
      invoiceRows.push({
        ...base,
        client_id: copy.client.id,
        media_id: mediaId,
        kind: copy.kind,
        xml_storage_key: stored[i].xml[n],
        zip_storage_key: stored[i].zip[n],
      });
      owners.push({ index: i, copy: n, mediaId });
    });
  }
  const invoiceIds = await insertInvoices(trx, invoiceRows);
  const events: ActivityEvent[] = [];
  owners.forEach((owner, k) => {
    const c = candidates[owner.index];
    if (owner.copy < 0) {
      outcomes[owner.index] = { status: 'unmatched', unsorted_id: invoiceIds[k] };
      return;
    }
    const copy = c.copies[owner.copy];
    const filing: Filing = {
      invoice_id: invoiceIds[k],
      client_id: copy.client.id,
      client_name: copy.client.name,
      category: CATEGORY_OF[copy.kind],
      period: copy.period,
      document_id: owner.mediaId as number,
      kind: copy.kind,
    };
    const outcome = outcomes[owner.index];
    if (outcome?.status === 'filed') outcome.copies.push(filing);
    else outcomes[owner.index] = { status: 'filed', copies: [filing] };
    events.push({
      action: 'document.upload',
      companyId,
      clientId: copy.client.id,
      period: copy.period,
      mediaId: owner.mediaId,
      details: { name: documentName(c.read, copy.kind), category: CATEGORY_OF[copy.kind], source: 'e-Factura' },
    });
  });
  const actor = by.actor ?? { id: null, name: 'Sincronizare SPV', role: null };
  if (events.length) await recordActivity(trx, { actor }, by.origin, events);
}
