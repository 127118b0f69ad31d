import { http, useRequest, type Paged } from '@dosar/shared';
import { companyUrl } from '../../../lib/company-api';

/** One document a search found (docs/api/company-door.md, „Căutarea documentelor”). */
export interface SearchHit {
  client: { id: number; name: string };
  document: { id: number; name: string; mime: string; size: number; created_at: string };
  period: string | null;
  category: { id: number; name: string } | null;
  invoice: {
    number: string | null;
    kind: 'received' | 'issued';
    issue_date: string | null;
    partner: { name: string | null; cui: string | null };
    amount: string | null;
    currency: string | null;
  } | null;
}

export type SearchAnswer = Paged<SearchHit> & { meta: Paged<SearchHit>['meta'] & { capped: boolean } };

/** The shortest search the server accepts. */
export const MIN_SEARCH = 3;

/** POST documents/search: the firm's documents by name, invoice number, partner, CUI or amount. */
export function useDocumentSearch(companyId: number, q: string, page: number) {
  const enabled = Array.from(q).length >= MIN_SEARCH;
  return useRequest(
    async (signal) => {
      const answer = await http.post<SearchAnswer>(companyUrl(companyId, 'documents/search'), { q, page }, { signal });
      return answer.data;
    },
    [companyId, q, page],
    enabled,
  );
}
