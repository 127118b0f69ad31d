import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth/routes.js';
import { opsRoutes } from './ops/routes.js';
import { holdingRoutes } from './holding/routes.js';
import { companyRequestRoutes } from './company-requests/routes.js';
import { companyRoutes } from './company/routes.js';
import { adminRoutes } from './admin/routes.js';
import { billingRoutes } from './billing/routes.js';
import { campaignRoutes } from './campaigns/routes.js';

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
];
