import { sql } from 'kysely';
import type { Executor } from '../../infra/db.js';
import type { CompanyRecord } from '../../infra/anaf/index.js';

/** The registry's answers kept per CUI and day (migration 280): a CUI is asked at most once a day. */

export async function findLookups(
  db: Executor,
  cuis: readonly string[],
  day: string,
): Promise<Map<string, CompanyRecord | null>> {
  const found = new Map<string, CompanyRecord | null>();
  if (cuis.length === 0) return found;
  const rows = await db
    .selectFrom('anaf_lookups')
    .select(['cui', 'found', 'answer'])
    .where('cui', 'in', [...cuis])
    .where(sql<boolean>`day = ${day}::date`)
    .execute();
  for (const row of rows) found.set(row.cui, row.found ? (row.answer as unknown as CompanyRecord) : null);
  return found;
}

export async function saveLookups(
  db: Executor,
  day: string,
  answers: Map<string, CompanyRecord | null>,
): Promise<void> {
  if (answers.size === 0) return;
  await db
    .insertInto('anaf_lookups')
    .values(
      [...answers].map(([cui, record]) => ({
        cui,
        day,
        found: record !== null,
        answer: record ? JSON.stringify(record) : null,
      })),
    )
    .onConflict((oc) =>
      oc
        .columns(['cui', 'day'])
        .doUpdateSet((eb) => ({ found: eb.ref('excluded.found'), answer: eb.ref('excluded.answer') })),
    )
    .execute();
}
