import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth/routes.js';

/** Every API feature, registered under /api in this order. */
export const features: FastifyPluginAsync[] = [authRoutes];
