import { useCallback, useState } from 'react';
import { http } from '@dosar/shared';
import { companyUrl } from '../../../lib/company-api';

/** A company as ANAF's VAT-payer registry knows it (POST cui-lookup). */
export interface RegistryCompany {
  cui: string;
  name: string;
  address: string | null;
  trade_register: string | null;
  phone: string | null;
  postal_code?: string | null;
  vat_payer: boolean;
  e_factura: boolean;
  inactive: boolean;
}

export async function lookupCui(companyId: number, cui: string): Promise<RegistryCompany> {
  const response = await http.post<RegistryCompany>(companyUrl(companyId, 'cui-lookup'), { cui });
  return response.data;
}

/** Looks a CUI up; `pending` while ANAF is asked. Errors are re-thrown to the form (the shared client toasts them). */
export function useCuiLookup(companyId: number) {
  const [pending, setPending] = useState(false);
  const lookup = useCallback(
    async (cui: string) => {
      setPending(true);
      try {
        return await lookupCui(companyId, cui);
      } finally {
        setPending(false);
      }
    },
    [companyId],
  );
  return { lookup, pending };
}
