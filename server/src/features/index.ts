import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth/routes.js';
import { emailRoutes } from './auth/email-routes.js';
import { opsRoutes } from './ops/routes.js';
import { companyRequestDoorRoutes, companyRequestRoutes } from './company-requests/routes.js';
import { adminRoutes } from './admin/routes.js';
import { billingRoutes } from './billing/routes.js';
import { billingAdminRoutes } from './billing/admin-routes.js';
import { assertScopeWritable } from './billing/index.js';
import { campaignRoutes } from './campaigns/routes.js';
import { registerDoors, type DoorRoutes, type DoorServices } from './doors/index.js';
import { userRoutes } from './users/routes.js';
import { clientRoutes } from './clients/routes.js';
import { linkRoutes } from './links/routes.js';
import { documentRoutes } from './documents/routes.js';
import { drainRequestBody, MAX_FILES_PER_UPLOAD, onDocumentsStored } from './documents/index.js';
import { categoryRoutes } from './categories/routes.js';
import { utilityFileRoutes } from './utility-files/routes.js';
import { securityRoutes } from './security/routes.js';
import { monthRoutes } from './month/routes.js';
import { activityRoutes } from './activity/routes.js';
import { handoverRoutes } from './handover/routes.js';
import { uploadLinkDoorRoutes, uploadLinkRoutes } from './upload-links/routes.js';
import { searchRoutes } from './search/routes.js';
import { obligationRoutes } from './obligations/routes.js';
import { notificationRoutes } from './notifications/routes.js';
import { reminderRoutes } from './reminders/routes.js';
import { anafCallbackRoutes, anafRoutes } from './anaf/routes.js';
import { invoiceRoutes } from './invoices/routes.js';
import { recordStoredInvoices } from './invoices/index.js';

/**
 * The domain features served on both tenant doors (/api/company/{companyId}/…,
 * /api/holding/{holdingId}/…), each over one service: see doors/index.ts. This list sits outside every
 * feature, so it takes each feature's routes from its routes.ts (a feature's index.ts is what other
 * features use) and hands the doors what they need from billing and documents: they import no feature.
 */
const DOOR_FEATURES: DoorRoutes[] = [
  clientRoutes,
  linkRoutes,
  userRoutes,
  documentRoutes,
  categoryRoutes,
  utilityFileRoutes,
  billingRoutes,
  companyRequestDoorRoutes,
  securityRoutes,
  monthRoutes,
  activityRoutes,
  handoverRoutes,
  uploadLinkDoorRoutes,
  searchRoutes,
  obligationRoutes,
  notificationRoutes,
  reminderRoutes,
  anafRoutes,
  invoiceRoutes,
];

// An e-Factura XML uploaded as a plain document is recorded as an invoice too: documents call the hook,
// invoices build on documents, and neither imports the other the wrong way round.
onDocumentsStored(recordStoredInvoices);

/** The read-only state of an expired subscription (billing) and the drain of a refused upload (documents). */
const doorServices = (app: FastifyInstance): DoorServices => ({
  assertWritable: (scope) => assertScopeWritable(app.ctx.db, scope),
  drainRefusedUpload: (request) => drainRequestBody(request, app.ctx.config.uploadMaxBytes * MAX_FILES_PER_UPLOAD),
});

/** Every API feature, registered under /api in this order. */
export const features: FastifyPluginAsync[] = [
  opsRoutes,
  authRoutes,
  emailRoutes,
  companyRequestRoutes,
  adminRoutes,
  billingAdminRoutes,
  campaignRoutes,
  uploadLinkRoutes,
  anafCallbackRoutes,
  (app) => registerDoors(app, DOOR_FEATURES, doorServices(app)),
];
