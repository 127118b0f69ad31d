import type { FastifyPluginAsync } from 'fastify';
import { authRoutes, emailRoutes } from './auth/index.js';
import { opsRoutes } from './ops/index.js';
import { companyRequestDoorRoutes, companyRequestRoutes } from './company-requests/index.js';
import { adminRoutes } from './admin/index.js';
import { billingAdminRoutes, billingRoutes } from './billing/index.js';
import { campaignRoutes } from './campaigns/index.js';
import { registerDoors, type DoorRoutes } from './doors/index.js';
import { userRoutes } from './users/index.js';
import { clientRoutes } from './clients/index.js';
import { linkRoutes } from './links/index.js';
import { documentRoutes } from './documents/index.js';
import { categoryRoutes } from './categories/index.js';
import { utilityFileRoutes } from './utility-files/index.js';
import { securityRoutes } from './security/index.js';
import { monthRoutes } from './month/index.js';
import { activityRoutes } from './activity/index.js';
import { handoverRoutes } from './handover/index.js';

/**
 * The domain features served on both tenant doors (/api/company/{companyId}/…,
 * /api/holding/{holdingId}/…), each over one service: see doors/index.ts.
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
];

/** Every API feature, registered under /api in this order. */
export const features: FastifyPluginAsync[] = [
  opsRoutes,
  authRoutes,
  emailRoutes,
  companyRequestRoutes,
  adminRoutes,
  billingAdminRoutes,
  campaignRoutes,
  (app) => registerDoors(app, DOOR_FEATURES),
];
