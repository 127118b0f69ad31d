import { useCallback, useState } from 'react';
import { http } from '@dosar/shared';
import { companyUrl } from '../../../lib/company-api';

/** A new holding created together with the client. */
export interface NewHoldingInput {
  name: string;
  cui?: string | null;
  email?: string | null;
}

/** POST createClient body: `holding_id` (existing holding) or `new_holding` (create one), or neither. */
export interface CreateClientInput {
  name: string;
  cui: string;
  email?: string | null;
  phone?: string | null;
  notes?: string | null;
  holding_id?: number | null;
  new_holding?: NewHoldingInput | null;
}

export interface CreatedClient {
  id: number;
  name: string;
  holding?: { id: number; name: string } | null;
}

interface CreateClientResponse {
  message?: string;
  data: CreatedClient;
}

export async function createClient(companyId: number, input: CreateClientInput): Promise<CreateClientResponse> {
  const response = await http.post<CreateClientResponse>(companyUrl(companyId, 'createClient'), input);
  return response.data;
}

/** Submits the form; `pending` while the call runs. Errors are re-thrown to the form. */
export function useCreateClient(companyId: number) {
  const [pending, setPending] = useState(false);
  const submit = useCallback(
    async (input: CreateClientInput) => {
      setPending(true);
      try {
        return await createClient(companyId, input);
      } finally {
        setPending(false);
      }
    },
    [companyId],
  );
  return { submit, pending };
}
