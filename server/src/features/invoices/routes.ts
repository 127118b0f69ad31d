import { errorResponses } from '../../lib/http-schemas.js';
import { allow, scopeOf, type DoorRoutes } from '../doors/index.js';
import { INVOICES_POLICY } from './policy.js';
import { invoiceViewSchema } from './presenter-views.js';
import {
  assignBody,
  assignResponse,
  clientMediaParams,
  idParams,
  importResponse,
  unsortedBody,
  unsortedResponse,
} from './schemas.js';
import { importUpload } from './service.js';
import { assignUnsorted, listUnsortedInvoices } from './unsorted-service.js';
import { invoiceOfDocument } from './view-service.js';

/** e-Factura: the import and „De sortat” (company door), the readable invoice of a document (both doors). */
export const invoiceRoutes: DoorRoutes = (app, door) => {
  const ctx = app.ctx;
  const tags = [`${door.tag}: e-Factura`];

  if (door.kind === 'company') {
    app.post(
      '/invoices/import',
      {
        config: allow(INVOICES_POLICY, door, 'invoices.import'),
        schema: {
          tags,
          summary: 'Importă facturi e-Factura (multipart: fișiere XML și arhive SPV sub files[]); o intrare pe factură',
          consumes: ['multipart/form-data'],
          response: { 200: importResponse, ...errorResponses },
        },
      },
      async (request) => importUpload(ctx, scopeOf(request), request),
    );

    app.post(
      '/invoices/unsorted',
      {
        config: allow(INVOICES_POLICY, door, 'invoices.unsorted'),
        schema: {
          tags,
          summary: '„De sortat”: facturile importate fără client (niciun CUI al lor nu e al unui client)',
          body: unsortedBody,
          response: { 200: unsortedResponse, ...errorResponses },
        },
      },
      async (request) => listUnsortedInvoices(ctx, scopeOf(request), request.body),
    );

    app.post(
      '/invoices/unsorted/:id/assign',
      {
        config: allow(INVOICES_POLICY, door, 'invoices.assign'),
        schema: {
          tags,
          summary: 'Pune o factură din „De sortat” la un client, în luna datei ei',
          params: idParams,
          body: assignBody,
          response: { 200: assignResponse, ...errorResponses },
        },
      },
      async (request) =>
        assignUnsorted(ctx, scopeOf(request), request, Number(request.params.id), request.body.client_id),
    );
  }

  app.post(
    '/clients/:clientId/media/:mediaId/invoice',
    {
      config: allow(INVOICES_POLICY, door, 'invoices.view'),
      schema: {
        tags,
        summary: 'Factura e-Factura a unui document, citită: părți, totaluri, TVA, linii, semnătura MFP',
        params: clientMediaParams,
        response: { 200: invoiceViewSchema, ...errorResponses },
      },
    },
    async (request) =>
      invoiceOfDocument(ctx, scopeOf(request), Number(request.params.clientId), Number(request.params.mediaId)),
  );
};
