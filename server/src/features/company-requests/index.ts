/** A holding's invitations to an accounting company, and the public link that confirms or rejects one. */
export { companyRequestDoorRoutes, companyRequestRoutes } from './routes.js';
