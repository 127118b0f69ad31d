import { compact, filenameFromDisposition, http, saveBlob } from '@dosar/shared';
import { adminUrl } from '../../../lib/admin-api';
import type { PaymentFilters } from './list-payments';

/** GET /api/admin/payments.csv with the same filters; the browser saves the file (Excel-ready CSV). */
export async function exportPayments(filters: PaymentFilters): Promise<string> {
  const response = await http.get<Blob>(adminUrl('payments.csv'), { params: compact(filters), responseType: 'blob' });
  const name = filenameFromDisposition(response.headers['content-disposition'] as string | undefined) ?? 'plati.csv';
  saveBlob(response.data, name);
  return name;
}
