/** Health and readiness probes. */
export { opsRoutes } from './routes.js';
