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
  client: (id: number | string): string => `/company/clients/${id}`,
} as const;
