import type { Insertable, Transaction } from 'kysely';
import type { Db } from '../../infra/db.js';
import type { Database } from '../../db/schema.js';
import type { ActivityEventsTable } from '../../db/schema-month.js';

export type Executor = Db | Transaction<Database>;

export async function insertActivity(db: Executor, rows: Insertable<ActivityEventsTable>[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('activity_events').values(rows).execute();
}
