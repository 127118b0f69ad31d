export type Audience = 'company_owners' | 'holding_admins' | 'tenants';

export interface ComposeInput {
  subject: string;
  html: string;
  audience: Audience;
  company_ids?: number[];
  holding_ids?: number[];
}

export interface Progress {
  total: number;
  sent: number;
  failed: number;
  queued: number;
  retrying: number;
}

export interface Campaign {
  id: number;
  subject: string;
  audience: Audience;
  company_ids: number[];
  holding_ids: number[];
  recipients_count: number;
  created_at: string;
  created_by_name: string | null;
  status: 'sending' | 'done';
  progress: Progress;
}

export const AUDIENCE_LABELS: Record<Audience, string> = {
  company_owners: 'Toți proprietarii de companii',
  holding_admins: 'Toți administratorii de holdinguri',
  tenants: 'Companii și holdinguri alese',
};
