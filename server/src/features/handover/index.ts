/** The proces-verbal de predare-primire of a client's closed month, on both doors (issue 18). */
export { handoverRoutes } from './routes.js';
