import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth/routes.js';
import { opsRoutes } from './ops/routes.js';
import { holdingRoutes } from './holding/routes.js';
import { companyRequestRoutes } from './company-requests/routes.js';
import { companyRoutes } from './company/routes.js';
import { adminRoutes } from './admin/routes.js';
import { billingRoutes } from './billing/routes.js';
import { campaignRoutes } from './campaigns/routes.js';
import { registerDoors, type DoorRoutes } from './doors/index.js';
import { userRoutes } from './users/index.js';
import { clientRoutes } from './clients/index.js';
import { linkRoutes } from './links/index.js';

/**
 * The domain features served on both tenant doors (/api/company/{companyId}/…,
 * /api/holding/{holdingId}/…), each over one service: see doors/index.ts.
 */
const DOOR_FEATURES: DoorRoutes[] = [clientRoutes, linkRoutes, userRoutes];

/** Every API feature, registered under /api in this order. */
export const features: FastifyPluginAsync[] = [
  opsRoutes,
  authRoutes,
  holdingRoutes,
  companyRequestRoutes,
  companyRoutes,
  adminRoutes,
  billingRoutes,
  campaignRoutes,
  (app) => registerDoors(app, DOOR_FEATURES),
];
