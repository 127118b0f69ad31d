import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../infra/context.js';
import { errors } from '../../infra/errors.js';
import { paging, pagedList, type PagingInput } from '../../lib/paging.js';
import { originOf, recordActivity } from '../activity/index.js';
import { loadScopedClient } from '../access/index.js';
import { assertCanStore, withTenantsLocked } from '../billing/index.js';
import { findOrCreateCategory } from '../categories/index.js';
import { insertMedia } from '../documents/index.js';
import type { TenantScope } from '../doors/index.js';
import { lockOpenMonth } from '../month/index.js';
import { CATEGORY_OF, type Filing, type Kind } from './filing.js';
import { presentUnsorted } from './presenter-views.js';
import { clientsByCui, fileUnsorted, listUnsorted, lockUnsorted } from './repository.js';

/** „De sortat”: the invoices no client of the firm claimed, and filing one by hand. */

type Ctx = Pick<AppContext, 'db' | 'storage' | 'clock'>;

export const unsortedNotFound = () => errors.notFound('Factura');

export async function listUnsortedInvoices(ctx: Ctx, scope: TenantScope, input: PagingInput) {
  const p = paging(input);
  const { rows, total } = await listUnsorted(ctx.db, scope.id, p.perPage, p.offset);
  return pagedList(rows.map(presentUnsorted), p, total);
}

/**
 * unsorted/{id}/assign {client_id}: files the invoice under the client, as the import would have — an
 * issued invoice when the client is its supplier, else a received one — in the month of its issue date.
 */
export async function assignUnsorted(
  ctx: Ctx,
  scope: TenantScope,
  request: FastifyRequest,
  id: number,
  clientId: number,
): Promise<{ message: string; data: Filing }> {
  const client = await loadScopedClient(ctx, scope, clientId);
  const companyId = scope.id;
  const filing = await withTenantsLocked(ctx.db, [{ companyId }], async (trx) => {
    const row = await lockUnsorted(trx, companyId, id);
    if (!row) throw unsortedNotFound();
    const supplier = (await clientsByCui(trx, companyId)).get(row.supplier_cui);
    const kind: Kind = supplier?.id === client.id ? 'issued' : 'received';
    const category = await findOrCreateCategory(trx, companyId, client.holding_id, CATEGORY_OF[kind]);
    const period = row.issue_date.slice(0, 7);
    const requirement = await lockOpenMonth(
      trx,
      { companyId, clientId: client.id },
      { period, categoryId: category.id },
    );
    await assertCanStore(trx, { companyId }, Number(row.xml_size));
    const name = `${row.number}.xml`;
    const [mediaId] = await insertMedia(trx, [
      {
        company_id: companyId,
        client_id: client.id,
        category_id: category.id,
        period,
        original_name: row.file_name.toLowerCase().endsWith('.xml') ? row.file_name : name,
        mime: 'application/xml',
        size: Number(row.xml_size),
        sha256: row.xml_sha256,
        storage_key: row.xml_storage_key,
        uploaded_by: scope.actor.id,
        requirement_id: requirement,
      },
    ]);
    await fileUnsorted(trx, row.id, { client_id: client.id, kind, media_id: mediaId });
    await recordActivity(trx, scope, originOf(request), {
      action: 'document.upload',
      companyId,
      clientId: client.id,
      period,
      mediaId,
      details: { name: row.file_name, category: category.name, source: 'e-Factura' },
    });
    return {
      invoice_id: row.id,
      client_id: client.id,
      client_name: client.name,
      category: category.name,
      period,
      document_id: mediaId,
      kind,
    };
  });
  return { message: `Factura a fost pusă la ${client.name}, „${filing.category}”, ${filing.period}.`, data: filing };
}
