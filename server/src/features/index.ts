import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth/index.js';
import { opsRoutes } from './ops/index.js';
import { holdingRoutes } from './holding/routes.js';
import { companyRequestDoorRoutes, companyRequestRoutes } from './company-requests/index.js';
import { companyRoutes } from './company/routes.js';
import { adminRoutes } from './admin/index.js';
import { billingAdminRoutes, billingRoutes } from './billing/index.js';
import { campaignRoutes } from './campaigns/index.js';
import { registerDoors, type DoorRoutes } from './doors/index.js';

/**
 * The domain features served on both tenant doors (/api/company/{companyId}/…,
 * /api/holding/{holdingId}/…), each over one service: see doors/index.ts.
 */
const DOOR_FEATURES: DoorRoutes[] = [billingRoutes, companyRequestDoorRoutes];

/** Every API feature, registered under /api in this order. */
export const features: FastifyPluginAsync[] = [
  opsRoutes,
  authRoutes,
  holdingRoutes,
  companyRequestRoutes,
  companyRoutes,
  adminRoutes,
  billingAdminRoutes,
  campaignRoutes,
  (app) => registerDoors(app, DOOR_FEATURES),
];
