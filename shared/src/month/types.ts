/** The month as both doors answer it: docs/api/month.md. */

export type Frequency = 'monthly' | 'quarterly' | 'yearly';
export type Applies = 'always' | 'bank_account' | 'employees' | 'cash_register';
export type ItemStatus = 'missing' | 'uploaded' | 'accepted' | 'rejected' | 'not_applicable';
export type ReviewStatus = 'pending' | 'accepted' | 'rejected';
export type StatusCounts = Record<ItemStatus, number>;

export interface NamedRef {
  id: number;
  name: string;
}

export interface Requirement {
  id: number;
  name: string;
  category: NamedRef | null;
  frequency: Frequency;
  details: string | null;
  source: 'custom' | Applies;
  position: number;
  starts_period: string;
}

export interface RequirementDefault {
  id: number;
  name: string;
  category: NamedRef | null;
  frequency: Frequency;
  details: string | null;
  applies: Applies;
  position: number;
}

export interface ClientProfile {
  bank_accounts: string[];
  has_employees: boolean;
  has_cash_register: boolean;
  /** null: the firm's due day. */
  due_day: number | null;
}

export interface RequirementInput {
  name: string;
  frequency: Frequency;
  category_id?: number | null;
  details?: string | null;
}

export interface RequirementDefaultInput extends RequirementInput {
  applies?: Applies;
}

export interface ChecklistDocument {
  id: number;
  name: string;
  mime: string;
  size: number;
  created_at: string;
  uploaded_by_name: string | null;
  review_status: ReviewStatus;
  review_reason: string | null;
  reviewed_at: string | null;
  reviewed_by_name: string | null;
}

export interface ChecklistItem {
  id: number;
  requirement_id: number;
  name: string;
  details: string | null;
  category: NamedRef | null;
  frequency: Frequency;
  status: ItemStatus;
  /** not_applicable: the firm's note. */
  note: string | null;
  /** rejected: the latest rejection's reason. */
  reason: string | null;
  documents: ChecklistDocument[];
}

export interface MonthMeta {
  period: string;
  /** YYYY-MM-DD */
  due_date: string;
  days_left: number;
  complete: boolean;
  closed: boolean;
  closed_at: string | null;
  done_at: string | null;
  done_by_name: string | null;
  counts: StatusCounts;
  total: number;
}

export interface Checklist {
  data: ChecklistItem[];
  meta: MonthMeta;
  /**
   * The month's documents that answer none of its items: kept when their item was marked „Nu se aplică”,
   * or of a category the month asks nothing of (the server always sends it).
   */
  extra?: ChecklistDocument[];
}

/** What becomes of an item's documents awaiting review when it is marked „Nu se aplică”. */
export type PendingDocumentsChoice = 'reject' | 'keep';

/** What keeps a month from closing (409 `period_incomplete` of a close). */
export interface MonthBlockers {
  items: { id: number; name: string; details: string | null; status: 'missing' | 'uploaded' | 'rejected' }[];
  documents: { id: number; name: string; item: NamedRef | null }[];
}

export interface OpenMonth extends MonthMeta {
  items: ChecklistItem[];
}

export interface PortfolioRow {
  client: { id: number; name: string; cui: string | null; holding: NamedRef | null };
  counts: StatusCounts;
  total: number;
  complete: boolean;
  closed: boolean;
  done: boolean;
  due_date: string;
  days_left: number;
  items: { id: number | null; requirement_id: number; name: string; status: ItemStatus }[];
}

export type PortfolioStatusFilter = 'complete' | 'incomplete' | 'missing' | 'uploaded' | 'rejected';

export interface PortfolioQuery {
  period: string;
  search?: string;
  status?: PortfolioStatusFilter;
  page?: number;
  per_page?: number;
}

export interface PageMeta {
  page: number;
  per_page: number;
  total: number;
}

export interface Portfolio {
  data: PortfolioRow[];
  meta: PageMeta & { period: string };
}

export interface MonthsRow {
  client: NamedRef;
  months: { period: string; total: number; counts: StatusCounts; complete: boolean; closed: boolean }[];
}

export interface PortfolioMonths {
  data: MonthsRow[];
  meta: PageMeta & { periods: string[] };
}

export interface ReviewQueueEntry {
  id: number;
  name: string;
  mime: string;
  size: number;
  created_at: string;
  period: string | null;
  category: NamedRef | null;
  client: NamedRef;
  item: NamedRef | null;
  uploaded_by_name: string | null;
}

export interface DoneNotice {
  client: NamedRef;
  period: string;
  done_at: string;
  done_by_name: string | null;
}

export interface ReviewQueue {
  data: ReviewQueueEntry[];
  /** `total`: documents awaiting review; `done`: the newest months clients said are done, `done_total` all of them. */
  meta: PageMeta & { done: DoneNotice[]; done_total: number };
}

export interface ActivityEntry {
  id: number;
  action: string;
  label: string;
  created_at: string;
  actor_name: string | null;
  side: 'company' | 'holding' | null;
  ip: string | null;
  user_agent: string | null;
  period: string | null;
  document: NamedRef | null;
  details: Record<string, unknown> | null;
}

export interface ActivityPage {
  data: ActivityEntry[];
  meta: PageMeta;
}
