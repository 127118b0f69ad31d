import type { AppContext } from '../../infra/context.js';
import type { PresentedMedia } from './presenter.js';

/**
 * What other features do with documents once an upload committed (the e-Factura import records an
 * uploaded invoice XML as an invoice). Registered by the composition (features/index.ts), so documents
 * imports none of the features that build on it. A hook never fails the upload: the documents are stored
 * whatever it does, and an error it throws is only reported on the console.
 */
export interface StoredDocuments {
  companyId: number;
  clientId: number;
  uploadedBy: number | null;
  documents: PresentedMedia[];
}

export type StoredHook = (ctx: Pick<AppContext, 'db' | 'storage'>, stored: StoredDocuments) => Promise<void>;

const hooks: StoredHook[] = [];

export function onDocumentsStored(hook: StoredHook): void {
  if (!hooks.includes(hook)) hooks.push(hook);
}

export async function documentsStored(ctx: Pick<AppContext, 'db' | 'storage'>, stored: StoredDocuments): Promise<void> {
  for (const hook of hooks) {
    try {
      await hook(ctx, stored);
    } catch (error) {
      console.error('documents stored hook failed', error);
    }
  }
}
