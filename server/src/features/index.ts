import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth/routes.js';
import { opsRoutes } from './ops/routes.js';

/** Every API feature, registered under /api in this order. */
export const features: FastifyPluginAsync[] = [opsRoutes, authRoutes];
