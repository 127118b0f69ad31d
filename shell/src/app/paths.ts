/** Every route of the shell. */
export const paths = {
  home: '/',
  documentation: '/documentation',
  terms: '/terms-and-conditions',
  termsShort: '/terms',
  confidentiality: '/confidentiality',
  companyRequest: (hash: string): string => `/company-request/${hash}`,
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: (token: string): string => `/reset-password/${token}`,
  admin: '/admin',
  adminDefault: '/admin/companies',
  company: '/company',
  companyDefault: '/company/dashboard',
  client: '/client',
  clientDefault: '/client/dashboard',
} as const;
