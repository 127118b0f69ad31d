import { http } from '@dosar/shared';
import { companyUrl } from '../../../lib/company-api';

/** A client's state in ANAF's registry, from the nightly check; `flagged`: a change not marked seen. */
export interface RegistryState {
  found: boolean;
  vat_payer: boolean | null;
  e_factura: boolean | null;
  inactive: boolean | null;
  checked_at: string;
  changes: string[];
  changed_at: string | null;
  flagged: boolean;
}

export interface SpvSync {
  enabled: boolean;
  last_sync_at: string | null;
  last_status: 'ok' | 'error' | null;
  last_message: string | null;
}

export interface AnafClientRow {
  id: number;
  name: string;
  cui: string | null;
  registry: RegistryState | null;
  spv: SpvSync;
}

export interface AnafOverview {
  spv: { configured: boolean; authorized: boolean; authorized_at: string | null; expires_at: string | null };
  data: AnafClientRow[];
}

/** POST anaf: every client's registry state and SPV sync, and the firm's SPV authorisation. */
export async function getAnafOverview(companyId: number, signal?: AbortSignal): Promise<AnafOverview> {
  const response = await http.post<AnafOverview>(companyUrl(companyId, 'anaf'), {}, { signal });
  return response.data;
}
