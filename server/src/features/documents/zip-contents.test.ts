import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { api, createCompany, createHolding, createUser, uploadDocument, type Actor } from '../../../test/factories.js';
import { readZip } from '../../../test/zip-reader.js';

// „Descarcă tot” hands over what the firm took: a document it rejected sits apart under „Respinse/”, never
// beside the one that replaced it under the same name; every entry's time is Romania's clock (the zip's
// MS-DOS time has no zone and is read as local time), summer and winter time alike.
let t: TestApp;
let staff: Actor;
let member: Actor;
let clientUrl: string;

async function uploadedAt(name: string, period: string, at: string) {
  const doc = await uploadDocument(t, member, { id: Number(clientUrl.split('/').pop()) }, { name, period });
  await t.ctx.db
    .updateTable('media')
    .set({ created_at: new Date(at) })
    .where('id', '=', doc.id)
    .execute();
  return doc;
}

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const firm = await createCompany(t);
  staff = await createUser(t, firm, { role: 3 });
  const holding = await createHolding(t, firm);
  member = await createUser(t, holding, { role: 5 });
  clientUrl = `/api/company/${firm.id}/clients/${holding.client.id}`;
}, 120_000);
afterAll(() => t?.close());

test('a rejected document is under Respinse/, its replacement in its place; times in Romanian local time', async () => {
  // 09:30 UTC is 12:30 in Bucharest in summer (UTC+3) and 11:30 in winter (UTC+2); 22:30 UTC on
  // 31 October is already 1 November there.
  const rejected = await uploadedAt('Extras.pdf', '2026-07', '2026-07-15T09:30:10Z');
  await uploadedAt('Extras.pdf', '2026-07', '2026-11-20T09:30:20Z');
  await uploadedAt('Bon.pdf', '2026-07', '2026-10-31T22:30:00Z');
  const review = await api(t)
    .as(staff)
    .post(`${clientUrl}/media/${rejected.id}/review`, { status: 'rejected', reason: 'Extras ilizibil' });
  expect(review.status).toBe(200);

  const res = await api(t).as(staff).post(`${clientUrl}/collection`, { period: '2026-07' });
  expect(res.status).toBe(200);
  const entries = readZip(res.res.rawPayload);
  expect(entries.map((e) => [e.name, e.modified]).sort()).toEqual(
    [
      ['Fără categorie/2026-07/Bon.pdf', '2026-11-01 00:30:00'],
      ['Fără categorie/2026-07/Extras.pdf', '2026-11-20 11:30:20'],
      ['Respinse/Fără categorie/2026-07/Extras.pdf', '2026-07-15 12:30:10'],
    ].sort(),
  );
  // No UTC timestamp beside the local one, which an unzip tool would prefer and shift again.
  expect(entries.every((e) => !e.utcTimestamp)).toBe(true);
});
