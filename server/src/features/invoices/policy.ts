import type { DoorPolicy } from '../doors/index.js';

export type InvoiceAction = 'invoices.import' | 'invoices.unsorted' | 'invoices.assign' | 'invoices.view';

/**
 * Who may import e-Factura invoices and sort the ones no client claims: the firm's people (roles 2, 3),
 * on the company door only. The readable invoice of a client's document is read on both doors by whoever
 * may read that document (roles 2, 3; a holding's 4, 5).
 */
export const INVOICES_POLICY: DoorPolicy<InvoiceAction> = {
  effects: {
    'invoices.import': 'write',
    'invoices.unsorted': 'read',
    'invoices.assign': 'write',
    'invoices.view': 'read',
  },
  company: {
    'invoices.import': [2, 3],
    'invoices.unsorted': [2, 3],
    'invoices.assign': [2, 3],
    'invoices.view': [2, 3],
  },
  holding: {
    'invoices.view': [4, 5],
  },
};
