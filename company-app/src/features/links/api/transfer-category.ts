import { http } from '@dosar/shared';
import { companyUrl } from '../../../lib/company-api';

export interface TransferResult {
  /** The target holding's set after the copy. */
  data: { id: number; name: string; position: number }[];
  /** How many categories were added (names the target already had are skipped). */
  copied?: number;
}

/** POST holdings/{holdingId}/transferCategory {holding_id}: copies holdingId's category set to holding_id. */
export async function transferCategories(
  companyId: number,
  fromHoldingId: number,
  toHoldingId: number,
): Promise<TransferResult> {
  const response = await http.post<TransferResult>(
    companyUrl(companyId, `holdings/${fromHoldingId}/transferCategory`),
    {
      holding_id: toHoldingId,
    },
  );
  return response.data;
}
