import type { Executor } from '../../infra/db.js';
import { listOwed } from './checklist-repository.js';
import { clientsIn, closedMonths } from './portfolio-repository.js';

/**
 * What each of the firm's clients `ids` still owes in `period`: its items missing or rejected (an
 * uploaded one waits for the firm, not for the client), by client id. A closed month owes nothing, and
 * a client owing nothing is absent. What the firm's digest and notices call "items still open".
 */
export async function openItemCounts(
  db: Executor,
  companyId: number,
  ids: number[],
  period: string,
): Promise<Map<number, number>> {
  const open = new Map<number, number>();
  if (ids.length === 0) return open;
  const [owed, closed] = await Promise.all([
    listOwed(db, companyId, clientsIn(ids), [period]),
    closedMonths(db, ids, [period]),
  ]);
  for (const row of owed) {
    if (closed.has(`${row.client_id}:${period}`)) continue;
    if (row.status !== 'missing' && row.status !== 'rejected') continue;
    open.set(row.client_id, (open.get(row.client_id) ?? 0) + 1);
  }
  return open;
}
