import { getOpenItems, http, type OpenMonth, type Paged } from '@dosar/shared';
import { holdingBase, holdingUrl } from '../../../lib/holding-api';

export interface HoldingClientRef {
  id: number;
  name: string;
}

/** Pages of POST index read for the open items: a holding with more firms than this is not expected. */
const MAX_PAGES = 10;
const PER_PAGE = 100;

/** Every client of the holding, by name (POST /api/holding/{holdingId}/index, page after page). */
export async function listAllClients(holdingId: number, signal?: AbortSignal): Promise<HoldingClientRef[]> {
  const clients: HoldingClientRef[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const answer = (
      await http.post<Paged<HoldingClientRef>>(
        holdingUrl(holdingId, 'index'),
        { page, per_page: PER_PAGE, sort: 'name', direction: 'asc' },
        { signal },
      )
    ).data;
    clients.push(...answer.data.map(({ id, name }) => ({ id, name })));
    if (page * PER_PAGE >= answer.meta.total || answer.data.length === 0) break;
  }
  return clients;
}

/** The holding door's URL of one client: /api/holding/{holdingId}/clients/{clientId}. */
export function clientUrlOf(holdingId: number, clientId: number): string {
  return `${holdingBase(holdingId)}/clients/${clientId}`;
}

export interface ClientOpenItems {
  client: HoldingClientRef;
  /** Months not closed with missing or rejected items, oldest first. */
  months: OpenMonth[];
  /** This client's open items could not be read. */
  error?: unknown;
}

/** What every client of the holding still owes (POST clients/{id}/open-items for each). */
export async function loadOpenItems(holdingId: number, signal?: AbortSignal): Promise<ClientOpenItems[]> {
  const clients = await listAllClients(holdingId, signal);
  const answers = await Promise.allSettled(
    clients.map((client) => getOpenItems(clientUrlOf(holdingId, client.id), signal)),
  );
  return clients.map((client, i) => {
    const answer = answers[i];
    return answer.status === 'fulfilled'
      ? { client, months: answer.value }
      : { client, months: [], error: answer.reason };
  });
}
