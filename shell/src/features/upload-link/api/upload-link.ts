import { http } from '@dosar/shared';

/** An item the client still owes through the link (docs/api/upload-links.md). */
export interface LinkItem {
  id: number;
  name: string;
  details: string | null;
  category: string | null;
  status: 'missing' | 'rejected';
  reason: string | null;
}

export interface LinkMonth {
  period: string;
  due_date: string;
  days_left: number;
  done_at: string | null;
  items: LinkItem[];
}

/** POST /api/upload-links/{token}: whose items, of which firm, by month; never a document. */
export interface UploadLinkData {
  client: { name: string };
  firm: { name: string };
  expires_at: string;
  months: LinkMonth[];
}

const url = (token: string, action = '') => `/api/upload-links/${encodeURIComponent(token)}${action}`;

// `silent`: the page shows every refusal itself, in place of a toast.

export async function fetchUploadLink(token: string, signal?: AbortSignal): Promise<UploadLinkData> {
  const { data } = await http.post<UploadLinkData>(url(token), undefined, { signal, silent: true });
  return data;
}

/** POST /api/upload-links/{token}/storeFiles: the item first, then the files; all or nothing. */
export async function uploadToItem(
  token: string,
  itemId: number,
  files: File[],
  onProgress?: (fraction: number) => void,
): Promise<{ message: string }> {
  const body = new FormData();
  body.append('item_id', String(itemId));
  for (const file of files) body.append('files[]', file, file.name);
  const { data } = await http.post<{ message: string }>(url(token, '/storeFiles'), body, {
    silent: true,
    onUploadProgress: (event) => onProgress?.(event.total ? event.loaded / event.total : 0),
  });
  return data;
}

/** POST /api/upload-links/{token}/done: "Am terminat" for one month. */
export async function markMonthDone(token: string, period: string): Promise<{ message: string; done_at: string }> {
  const { data } = await http.post<{ message: string; done_at: string }>(
    url(token, '/done'),
    { period },
    { silent: true },
  );
  return data;
}
