/** Every route of the admin area, absolute. Routes in App.tsx are these minus the prefix. */
export const paths = {
  root: '/admin',
  companies: '/admin/companies',
  holdings: '/admin/holdings',
  profile: '/admin/profile',
  payments: '/admin/payments',
  campaigns: '/admin/campaigns',
  plans: '/admin/plans',
  cuiClaims: '/admin/cui-claims',
  company: (id: number): string => `/admin/companies/${id}`,
  holding: (id: number): string => `/admin/holdings/${id}`,
} as const;
