export type {
  Frequency,
  Applies,
  StatusCounts,
  Requirement,
  RequirementDefault,
  ClientProfile,
  RequirementDefaultInput,
  ChecklistDocument,
  ChecklistItem,
  MonthMeta,
  Checklist,
  PendingDocumentsChoice,
  MonthBlockers,
  OpenMonth,
  PortfolioRow,
  PortfolioStatusFilter,
  Portfolio,
  MonthsRow,
  PortfolioMonths,
  ReviewQueueEntry,
  ReviewQueue,
  ActivityEntry,
  ActivityPage,
} from './types';
export * from './api';
export * from './labels';
export * from './ui';
