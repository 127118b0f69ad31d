/** The platform administrator's companies and holdings (/api/admin/…). */
export { adminRoutes } from './routes.js';
