/** Romanian labels and badge colours for statuses the admin screens show. */

export const ROLE_NAMES: Record<number, string> = {
  1: 'Administrator',
  2: 'Proprietar companie',
  3: 'Angajat companie',
  4: 'Administrator holding',
  5: 'Utilizator holding',
};

export const SUBSCRIPTION_STATUS: Record<string, { label: string; badge: string }> = {
  trial: { label: 'Probă', badge: 'badge badge-warning' },
  active: { label: 'Activ', badge: 'badge badge-success' },
  expired: { label: 'Expirat', badge: 'badge badge-danger' },
};

export const COMPANY_STATUS: Record<string, { label: string; badge: string }> = {
  active: { label: 'Activă', badge: 'badge badge-success' },
  suspended: { label: 'Suspendată', badge: 'badge badge-danger' },
};

export const PAYMENT_STATUS: Record<string, { label: string; badge: string }> = {
  pending: { label: 'În așteptare', badge: 'badge badge-warning' },
  paid: { label: 'Plătită', badge: 'badge badge-success' },
  failed: { label: 'Eșuată', badge: 'badge badge-danger' },
};
