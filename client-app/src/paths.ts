/** Every route of the client area, absolute. Routes in App.tsx are these minus the prefix. */
export const paths = {
  root: '/client',
  dashboard: '/client/dashboard',
  openItems: '/client/de-trimis',
  utils: '/client/utils',
  company: '/client/company',
  users: '/client/users',
  profile: '/client/profile',
  subscription: '/client/subscription',
  client: (id: number | string): string => `/client/${id}`,
} as const;
