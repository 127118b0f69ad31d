import type { AppContext } from '../../infra/context.js';
import { importInvoiceFiles } from '../invoices/index.js';

/** What became of a sync's downloads: invoices filed (or already there), and the refusals, worded. */
export interface SpvImportResult {
  filed: number;
  refused: string[];
}

/** What the SPV sync hands its downloads to: the firm, the client they came for, the zips as downloaded. */
export type SpvImport = (
  ctx: AppContext,
  target: { companyId: number; clientId: number },
  files: { name: string; bytes: Buffer }[],
) => Promise<SpvImportResult>;

/**
 * The invoices feature's import (docs/PRODUCT.md, „e-Factura”): each zip is read (invoice + ANAF's
 * signature) and filed by CUI in the month of its issue date; nobody is the actor (the history names the
 * sync). A duplicate counts as filed: it is already in Dosar.
 */
export const importSpvFiles: SpvImport = async (ctx, target, files) => {
  const { data } = await importInvoiceFiles(ctx, { kind: 'company', id: target.companyId }, files, { actor: null });
  return {
    filed: data.filter((entry) => entry.status === 'filed').length,
    refused: data
      .filter((entry) => entry.status === 'refused')
      .map((entry) => `${entry.file}: ${entry.anaf_errors?.join('; ') ?? entry.reason ?? 'refuzat'}`),
  };
};
