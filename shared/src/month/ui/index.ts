// The month's presentation pieces both areas show (no HTTP: the calls are in ../api.ts).
export {
  StatusBadge,
  ReviewBadge,
  REVIEW_STATUS_LABELS,
  type StatusBadgeProps,
  type ReviewBadgeProps,
} from './StatusBadge';
export { DueLabel, type DueLabelProps } from './DueLabel';
export { ChecklistItems, type ChecklistItemsProps } from './ChecklistItems';
export { ActivityList, ACTIVITY_SIDE_LABELS, type ActivityListProps, type ActivitySide } from './ActivityList';
export { periodTitle, formatDay, daysLeftText, dueText } from './format';
