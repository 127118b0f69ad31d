/** Utility files (templates, forms) of a company: managed on the company door, read on both doors. */
export { utilityFileRoutes } from './routes.js';
