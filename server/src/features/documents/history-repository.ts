import type { Executor } from '../../infra/db.js';
import type { ClientIds } from './edit-repository.js';

/** What the history says of a document: its name, month and category (live or in the trash). */
export interface MediaFacts {
  id: number;
  period: string | null;
  original_name: string;
  category_id: number | null;
  category_name: string | null;
}

/** The client's documents `ids`, whatever their state (a delete's event is written after the delete). */
export async function mediaFacts(db: Executor, client: ClientIds, ids: number[]): Promise<MediaFacts[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('media as m')
    .leftJoin('categories as c', (join) =>
      join.onRef('c.id', '=', 'm.category_id').onRef('c.company_id', '=', 'm.company_id'),
    )
    .select(['m.id', 'm.period', 'm.original_name', 'm.category_id', 'c.name as category_name'])
    .where('m.company_id', '=', client.companyId)
    .where('m.client_id', '=', client.clientId)
    .where('m.id', 'in', ids)
    .orderBy('m.id')
    .execute();
}

/** The name of one of the company's categories (a zip's filter), or null. */
export async function categoryName(db: Executor, companyId: number, categoryId: number): Promise<string | null> {
  const row = await db
    .selectFrom('categories')
    .select('name')
    .where('company_id', '=', companyId)
    .where('id', '=', categoryId)
    .executeTakeFirst();
  return row?.name ?? null;
}
