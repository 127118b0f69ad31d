import { errorResponses } from '../../lib/http-schemas.js';
import { allow, scopeOf, type DoorRoutes } from '../doors/index.js';
import { SEARCH_POLICY } from './policy.js';
import { searchBodySchema, searchResponse } from './schemas.js';
import { searchTenantDocuments } from './service.js';

/** `POST documents/search` on both doors: the tenant's documents by name, invoice number, partner, CUI or amount. */
export const searchRoutes: DoorRoutes = (app, door) => {
  app.post(
    '/documents/search',
    {
      config: allow(SEARCH_POLICY, door, 'documents.search'),
      schema: {
        tags: [`${door.tag}: documents`],
        summary:
          'Caută documentele după numele fișierului sau, la o factură e-Factura, după număr, partener (nume, CUI cu sau fără RO) ori suma de plată',
        body: searchBodySchema,
        response: { 200: searchResponse, ...errorResponses },
      },
    },
    async (request) => searchTenantDocuments(app.ctx, scopeOf(request), request.body),
  );
};
