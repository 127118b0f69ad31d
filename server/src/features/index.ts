import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth/routes.js';
import { opsRoutes } from './ops/routes.js';
import { companyRequestRoutes } from './company-requests/routes.js';
import { adminRoutes } from './admin/routes.js';
import { billingRoutes } from './billing/routes.js';
import { campaignRoutes } from './campaigns/routes.js';
import { registerDoors, type DoorRoutes } from './doors/index.js';
import { userRoutes } from './users/index.js';
import { clientRoutes } from './clients/index.js';
import { linkRoutes } from './links/index.js';
import { documentRoutes } from './documents/index.js';
import { categoryRoutes } from './categories/index.js';
import { utilityFileRoutes } from './utility-files/index.js';

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
];

/** Every API feature, registered under /api in this order. */
export const features: FastifyPluginAsync[] = [
  opsRoutes,
  authRoutes,
  companyRequestRoutes,
  adminRoutes,
  billingRoutes,
  campaignRoutes,
  (app) => registerDoors(app, DOOR_FEATURES),
];
