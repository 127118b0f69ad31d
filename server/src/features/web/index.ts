/** The built front end: the shell, the remotes and /remotes.json. */
export { webRoutes } from './routes.js';
