/** Admin e-mail campaigns: the routes app.ts registers under /api. */
export { campaignRoutes } from './routes.js';
