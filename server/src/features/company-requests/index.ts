/** A holding's invitations to an accounting company, and the public link that confirms or rejects one. */
export { companyRequestRoutes } from './routes.js';
