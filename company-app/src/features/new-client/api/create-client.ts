import { useCallback, useState } from 'react';
import { http } from '@dosar/shared';
import { companyUrl } from '../../../lib/company-api';

/** A new holding created together with the client. */
export interface NewHoldingInput {
  name: string;
  cui?: string;
  email?: string;
}

/** POST createClient body: either `holding_id` (existing holding) or `holding` (create one), or neither. */
export interface CreateClientInput {
  name: string;
  cui: string;
  email?: string | null;
  phone?: string | null;
  notes?: string | null;
  holding_id?: number;
  holding?: NewHoldingInput;
}

export interface CreatedClient {
  id: number;
  name: string;
}

interface CreateClientResponse {
  message?: string;
  client?: CreatedClient;
  id?: number;
  name?: string;
}

export async function createClient(companyId: number, input: CreateClientInput): Promise<{ client: CreatedClient; message?: string }> {
  const response = await http.post<CreateClientResponse>(companyUrl(companyId, 'createClient'), input);
  const body = response.data;
  const client = body.client ?? { id: Number(body.id), name: String(body.name ?? input.name) };
  return { client, message: body.message };
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
