/** Every route of the company area, absolute. Routes in App.tsx are these minus the prefix. */
export const paths = {
  root: '/company',
  dashboard: '/company/dashboard',
  holdings: '/company/holdings',
  utils: '/company/utils',
  categories: '/company/categories',
  newClient: '/company/new-client',
  users: '/company/users',
  profile: '/company/profile',
  subscription: '/company/subscription',
  month: '/company/month',
  review: '/company/review',
  monthSettings: '/company/month-settings',
  /** ANAF's registry flags and SPV (where ANAF's authorisation returns: ?spv=ok|denied|expired|failed). */
  anaf: '/company/anaf',
  notifications: '/company/notifications',
  reminders: '/company/reminders',
  invoices: '/company/invoices',
  invoicesUnsorted: '/company/invoices/unsorted',
  search: '/company/search',
  declarations: '/company/declarations',
  client: (id: number | string): string => `/company/clients/${id}`,
  /** The client page opened on its month tab (docs/api/month.md). */
  clientMonth: (id: number | string, period: string): string => `/company/clients/${id}?tab=luna&period=${period}`,
} as const;
