// The month's presentation pieces both areas show (no HTTP: the calls are in ../api.ts).
export { StatusBadge } from './StatusBadge';
export { DueLabel } from './DueLabel';
export { ChecklistItems, ExtraDocuments } from './ChecklistItems';
export { ActivityList } from './ActivityList';
export { periodTitle } from './format';
