import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { MEDIA_FLAGS } from './checklist-repository.js';

// The month's grid filtered by status sums the company's documents of the month by requirement
// (portfolio-repository.ts, pageQuery). media_company_month holds what that sum reads, review status
// included (migration 170), so it comes from the index alone, whatever else the company holds.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test("a company's documents of one month are summed by requirement from media_company_month alone", async () => {
  const { rows } = await sql<{ company_id: number; client_id: number; requirement_id: number }>`
    select r.company_id, r.client_id, r.id as requirement_id from requirements r order by r.id limit 1`.execute(
    t.ctx.db,
  );
  const owed = rows[0];
  // 12 months of documents for one requirement, a quarter of them in the trash.
  await sql`
    insert into media (company_id, client_id, requirement_id, period, original_name, mime, size, sha256, storage_key,
      review_status, deleted_at)
    select ${owed.company_id}, ${owed.client_id}, ${owed.requirement_id},
      to_char(date '2025-01-01' + make_interval(months => g % 12), 'YYYY-MM'), 'f' || g || '.pdf', 'application/pdf',
      1, repeat('a', 64), 'index-test/' || g, (array['pending', 'accepted', 'rejected'])[1 + (g / 12) % 3],
      case when (g / 12) % 4 = 0 then now() end
    from generate_series(1, 3000) g`.execute(t.ctx.db);
  await sql`vacuum analyze media`.execute(t.ctx.db);
  const explained = await sql<{ 'QUERY PLAN': unknown }>`
    explain (format json)
    select x.requirement_id, ${MEDIA_FLAGS} from media x
    where x.company_id = ${sql.lit(owed.company_id)} and x.period = '2025-06'
      and x.requirement_id is not null and x.deleted_at is null
    group by x.requirement_id`.execute(t.ctx.db);
  const plan = JSON.stringify(explained.rows[0]['QUERY PLAN']);
  expect(plan).toContain('"Node Type":"Index Only Scan"');
  expect(plan).toContain('"Index Name":"media_company_month"');

  // And the sum is the month's live documents of the requirement.
  const summed = await sql<{ pending: boolean; accepted: boolean; n: number }>`
    select ${MEDIA_FLAGS} from media x
    where x.company_id = ${owed.company_id} and x.period = '2025-06' and x.requirement_id = ${owed.requirement_id}
      and x.deleted_at is null`.execute(t.ctx.db);
  // June: g = 12k + 5 for k = 0…249, those with k % 4 = 0 in the trash (63): 187 live ones.
  expect(summed.rows[0]).toEqual({ pending: true, accepted: true, n: 187 });
});
