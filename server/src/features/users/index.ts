/** The users feature: a tenant's users on both doors, and the invitation e-mail other features send. */
export { userRoutes } from './routes.js';
export { prepareSetPasswordMail, SET_PASSWORD_DAYS } from './invitation.js';
