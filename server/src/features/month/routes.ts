import type { DoorRoutes } from '../doors/index.js';
import { checklistRoutes } from './checklist-routes.js';
import { requirementRoutes } from './requirements-routes.js';
import { reviewRoutes } from './review-routes.js';

/** The month on both doors (docs/api/month.md); who may call what is MONTH_POLICY. */
export const monthRoutes: DoorRoutes = (app, door) => {
  const tags = [`${door.tag}: month`];
  if (door.kind === 'company') requirementRoutes(app, door, tags);
  checklistRoutes(app, door, tags);
  reviewRoutes(app, door, tags);
};
