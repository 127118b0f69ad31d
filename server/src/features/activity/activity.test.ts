import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import {
  api,
  categoryIdsByName,
  createCompany,
  createHolding,
  createUser,
  createUtilityFile,
  uploadDocument,
  type Actor,
  type Company,
} from '../../../test/factories.js';
import { readCsv, startsLikeFormula } from '../../../test/csv-reader.js';
import { file } from '../../../test/multipart.js';
import { tinyPdf } from '../../seed.js';
import { streamActivity } from './repository.js';

// A client's history (docs/api/month.md, "History"): what the document calls record, read back through
// the history calls on both doors and the firm's CSV export, as the people who use them see it.
let t: TestApp;
let company: Company;
let staff: Actor;
let holdingAdmin: Actor;
let holdingId: number;
let clientId: number;
let categories: Record<string, number>;

interface Event {
  id: number;
  action: string;
  label: string;
  created_at: string;
  actor_name: string | null;
  side: 'company' | 'holding' | null;
  ip: string | null;
  user_agent: string | null;
  period: string | null;
  document: { id: number; name: string } | null;
  details: Record<string, unknown> | null;
}

const C = () => `/api/company/${company.id}/clients/${clientId}`;
const H = () => `/api/holding/${holdingId}/clients/${clientId}`;

async function history(body: Record<string, unknown> = {}, caller: Actor = company.owner, door = C()) {
  const res = await api(t).as(caller).post(`${door}/activity`, body);
  expect(res.status).toBe(200);
  return res.json as { data: Event[]; meta: { page: number; per_page: number; total: number } };
}

const latest = async (n = 1) => (await history({ per_page: n })).data;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  company = await createCompany(t);
  staff = await createUser(t, company, { role: 3, name: 'Ioana Știrbu' });
  const holding = await createHolding(t, company);
  holdingId = holding.id;
  holdingAdmin = holding.admin as Actor;
  clientId = holding.client.id;
  categories = await categoryIdsByName(t, company);
}, 120_000);
afterAll(() => t.close());

test('an upload records one event per file with its name, month and category, who and from where', async () => {
  const facturi = Object.entries(categories)[0];
  const res = await api(t)
    .as(staff)
    .upload(
      `${C()}/storeFiles`,
      [
        { name: 'category_id', value: String(facturi[1]) },
        { name: 'period', value: '2026-10' },
        file('files[]', 'Factură 1.pdf', tinyPdf('a'), 'application/pdf'),
        file('files[]', 'Factură 2.pdf', tinyPdf('b'), 'application/pdf'),
      ],
      { headers: { 'user-agent': 'Firefox de test' }, remoteAddress: '10.9.8.7' },
    );
  expect(res.status).toBe(201);
  const events = await latest(2);
  expect(events.map((e) => [e.action, e.label, e.document?.name, e.period])).toEqual([
    ['document.upload', 'a încărcat', 'Factură 2.pdf', '2026-10'],
    ['document.upload', 'a încărcat', 'Factură 1.pdf', '2026-10'],
  ]);
  expect(events[0]).toMatchObject({
    actor_name: 'Ioana Știrbu',
    side: 'company',
    ip: '10.9.8.7',
    user_agent: 'Firefox de test',
    details: { name: 'Factură 2.pdf', category: facturi[0] },
  });
});

test('a download is one entry; a preview is one entry however many ranges it reads, still a preview once they cover the file', async () => {
  const doc = await uploadDocument(t, holdingAdmin, { id: clientId }, { name: 'Extras.pdf', period: '2026-10' });
  expect((await latest())[0]).toMatchObject({ action: 'document.upload', side: 'holding' });
  const before = (await history()).meta.total;
  expect((await api(t).as(staff).post(`${C()}/media/${doc.id}`)).status).toBe(200);
  expect((await latest())[0]).toMatchObject({ action: 'document.download', label: 'a descărcat' });
  const preview = (range?: string) =>
    api(t)
      .as(holdingAdmin)
      .post(`${H()}/media/${doc.id}?inline=1`, undefined, range ? { headers: { range } } : {});
  expect((await preview('bytes=0-99')).status).toBe(206);
  expect((await preview('bytes=100-199')).status).toBe(206);
  expect((await history()).meta.total).toBe(before + 2);
  expect((await latest())[0]).toMatchObject({
    action: 'document.preview',
    label: 'a previzualizat',
    side: 'holding',
    document: { id: doc.id, name: 'Extras.pdf' },
    details: { spans: [[0, 199]], reads: 2, size: doc.size },
  });
  // The last range reaches the end: the reader has seen every byte, and it was still asked as a preview.
  expect((await preview('bytes=200-')).status).toBe(206);
  expect((await history()).meta.total).toBe(before + 2);
  expect((await latest())[0]).toMatchObject({
    action: 'document.preview',
    label: 'a previzualizat',
    details: { spans: [[0, doc.size - 1]], reads: 3, whole: true },
  });
  // A range the file does not have (416) is no event.
  expect((await preview('bytes=999999-')).status).toBe(416);
  expect((await history()).meta.total).toBe(before + 2);
});
test('move, rename, bulk move and bulk delete: one event per document with where it was and what it was called', async () => {
  const [first, second] = Object.values(categories);
  const a = await uploadDocument(t, staff, { id: clientId }, { name: 'A.pdf', period: '2026-09', category_id: first });
  const b = await uploadDocument(t, staff, { id: clientId }, { name: 'B.pdf', period: '2026-09', category_id: first });
  const moved = await api(t).as(staff).post(`${C()}/media/${a.id}/update`, { period: '2026-10', name: 'A nou' });
  expect(moved.status).toBe(200);
  const [rename, move] = await latest(2);
  expect(rename).toMatchObject({
    action: 'document.rename',
    label: 'a redenumit',
    document: { id: a.id, name: 'A nou.pdf' },
    details: { old_name: 'A.pdf', new_name: 'A nou.pdf' },
  });
  expect(move).toMatchObject({
    action: 'document.move',
    label: 'a mutat',
    period: '2026-10',
    details: { from: { category_id: first, period: '2026-09' }, to: { category_id: first, period: '2026-10' } },
  });
  const bulk = await api(t)
    .as(staff)
    .post(`${C()}/media/bulk`, { ids: [a.id, b.id], action: 'move', category_id: second });
  expect(bulk.status).toBe(200);
  const moves = await latest(2);
  expect(moves.map((e) => [e.action, e.document?.id, (e.details?.to as { category_id: number }).category_id])).toEqual([
    ['document.move', b.id, second],
    ['document.move', a.id, second],
  ]);
  const trashed = await api(t)
    .as(company.owner)
    .post(`${C()}/media/bulk`, { ids: [a.id, b.id], action: 'delete' });
  expect(trashed.status).toBe(200);
  expect((await latest(2)).map((e) => [e.action, e.label])).toEqual([
    ['document.delete', 'a șters'],
    ['document.delete', 'a șters'],
  ]);
  expect((await api(t).as(company.owner).post(`${C()}/media/${a.id}/restore`)).status).toBe(200);
  expect((await latest())[0]).toMatchObject({
    action: 'document.restore',
    label: 'a restaurat',
    document: { id: a.id },
  });
  expect((await api(t).as(company.owner).post(`${C()}/media/${a.id}/delete`)).status).toBe(200);
  expect((await latest())[0]).toMatchObject({ action: 'document.delete', document: { id: a.id, name: 'A nou.pdf' } });
});

test('a refused act records nothing', async () => {
  const before = (await history()).meta.total;
  const other = await uploadDocument(t, staff, { id: clientId }, { period: '2026-10' });
  const holdingUser = await createUser(t, {
    id: holdingId,
    name: '',
    cui: '',
    email: '',
    company,
    admin: holdingAdmin,
  });
  // A holding's role 5 may delete only what it uploaded itself.
  expect((await api(t).as(holdingUser).post(`${H()}/media/${other.id}/delete`)).status).toBe(403);
  expect((await api(t).as(staff).post(`${C()}/media/${other.id}/update`, { period: '2026-13' })).status).toBe(422);
  expect((await history()).meta.total).toBe(before + 1);
});

test('a zip records its filter and how many documents it held', async () => {
  const res = await api(t).as(staff).post(`${C()}/collection`, { period: '2026-10' });
  expect(res.status).toBe(200);
  const [zip] = await latest();
  expect(zip).toMatchObject({
    action: 'document.zip',
    label: 'a descărcat arhiva',
    period: '2026-10',
    document: null,
    details: { filter: { period: '2026-10', category_id: null, ids: null } },
  });
  expect(zip.details?.count).toBeGreaterThanOrEqual(3);
});

test('utility files are not client documents: no events', async () => {
  const before = (await history()).meta.total;
  const util = await createUtilityFile(t, company);
  expect((await api(t).as(staff).post(`/api/company/${company.id}/utils/${util.media_id}`)).status).toBe(200);
  expect((await history()).meta.total).toBe(before);
});

test('the history pages newest first, filters a month and reads the same on the holding’s door', async () => {
  const all = await history({ per_page: 100 });
  const times = all.data.map((e) => e.created_at);
  expect([...times].sort().reverse()).toEqual(times);
  const page2 = await history({ page: 2, per_page: 3 });
  expect(page2.meta).toEqual({ page: 2, per_page: 3, total: all.meta.total });
  expect(page2.data.map((e) => e.id)).toEqual(all.data.slice(3, 6).map((e) => e.id));
  const october = await history({ period: '2026-10', per_page: 100 });
  expect(october.data.length).toBeGreaterThan(0);
  expect(october.data.every((e) => e.period === '2026-10')).toBe(true);
  const fromHolding = await history({ per_page: 100 }, holdingAdmin, H());
  expect(fromHolding.data.map((e) => e.id)).toEqual(all.data.map((e) => e.id));
  expect((await api(t).as(staff).post(`${C()}/activity`, { period: '2026-1' })).status).toBe(422);
  expect((await api(t).as(staff).post(`${C()}/activity`, { per_page: 1000 })).status).toBe(422);
});

test('the CSV export: BOM, semicolons, Romanian headers and labels, times in Romania, cells quoted', async () => {
  const upload = await api(t)
    .as(staff)
    .upload(
      `${C()}/storeFiles`,
      [{ name: 'period', value: '2026-08' }, file('files[]', 'Notă; plată.pdf', tinyPdf('n'), 'application/pdf')],
      {
        headers: { 'user-agent': 'Navigator "de test"; =1' },
      },
    );
  expect(upload.status).toBe(201);
  const res = await api(t).as(staff).post(`${C()}/activity/export`, {});
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(String(res.headers['content-disposition'])).toContain('attachment;');
  const text = res.res.rawPayload.toString('utf8');
  expect(text.startsWith('\uFEFFData;Acțiune;Cine;Rol;Luna;Document;Detalii;IP;Browser\r\n')).toBe(true);
  const lines = text.slice(1).trim().split('\r\n');
  expect(lines.length).toBe((await history()).meta.total + 1);
  expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2};a încărcat;Ioana Știrbu;Angajat companie;2026-08;/);
  expect(lines[1]).toContain(';"Notă; plată.pdf";');
  // Quotes doubled inside a quoted cell; a cell starting with = would not run as a formula (it does not start so here).
  expect(lines[1].endsWith(';"Navigator ""de test""; =1"')).toBe(true);
  const [latestEvent] = await latest();
  const local = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Bucharest',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(latestEvent.created_at));
  expect(lines[1].slice(11, 16)).toBe(local);
  const month = await api(t).as(staff).post(`${C()}/activity/export`, { period: '2026-08' });
  expect(month.res.rawPayload.toString('utf8').trim().split('\r\n')).toHaveLength(2);
});

test('the CSV export is safe opened with „,” as well as „;”: hostile text stays one defused cell', async () => {
  const agent = 'Mozilla/5.0,=2+5';
  const name = 'Ion "Popescu",\r\n-3+3;@SUM(A1)';
  const upload = await api(t)
    .as(staff)
    .upload(
      `${C()}/storeFiles`,
      [{ name: 'period', value: '2026-05' }, file('files[]', 'a.pdf', tinyPdf('a'), 'application/pdf')],
      {
        headers: { 'user-agent': agent },
      },
    );
  expect(upload.status).toBe(201);
  await t.ctx.db
    .insertInto('activity_events')
    .values({ company_id: company.id, client_id: clientId, period: '2026-05', action: 'period.done', actor_name: name })
    .execute();
  const res = await api(t).as(staff).post(`${C()}/activity/export`, { period: '2026-05' });
  expect(res.status).toBe(200);
  const text = res.res.rawPayload.toString('utf8').slice(1);
  const bySemicolon = readCsv(text, ';');
  expect(bySemicolon.map((row) => row.length)).toEqual([9, 9, 9]);
  const browsers = bySemicolon.map((row) => row[8]);
  const people = bySemicolon.map((row) => row[2]);
  expect(browsers).toContain("Mozilla/5.0,'=2+5");
  expect(people).toContain(`Ion "Popescu",\r\n'-3+3;'@SUM(A1)`);
  expect(bySemicolon.flat().filter(startsLikeFormula)).toEqual([]);
  const byComma = readCsv(text, ',').flat();
  expect(byComma.filter(startsLikeFormula)).toEqual([]);
});
test('another tenant’s client: 404 on both doors; the export is the firm’s', async () => {
  const other = await createCompany(t);
  const otherHolding = await createHolding(t, other);
  expect((await api(t).as(other.owner).post(`/api/company/${other.id}/clients/${clientId}/activity`)).status).toBe(404);
  expect(
    (await api(t).as(other.owner).post(`/api/company/${other.id}/clients/${clientId}/activity/export`)).status,
  ).toBe(404);
  const res = await api(t).as(otherHolding.admin).post(`/api/holding/${otherHolding.id}/clients/${clientId}/activity`);
  expect(res.status).toBe(404);
  expect(res.text).not.toContain('Ioana');
  // The firm's other client in the same holding's reach is not this holding's: a client outside it 404.
  expect(
    (await api(t).as(holdingAdmin).post(`/api/holding/${holdingId}/clients/${otherHolding.client.id}/activity`)).status,
  ).toBe(404);
});

test('the export’s batches walk the whole history once, even through events of the same microsecond', async () => {
  // Microseconds a JS Date would round away: a cursor kept as a Date would skip or repeat rows.
  const at = sql<Date>`'2026-10-15 10:00:00.123456+00'::timestamptz`;
  await t.ctx.db
    .insertInto('activity_events')
    .values(
      Array.from({ length: 7 }, (_, i) => ({
        company_id: company.id,
        client_id: clientId,
        period: '2026-07',
        action: 'document.download',
        actor_name: `Lot ${i}`,
        created_at: at,
      })),
    )
    .execute();
  const seen: number[] = [];
  for await (const batch of streamActivity(t.ctx.db, { companyId: company.id, clientId, period: '2026-07' }, 2)) {
    seen.push(...batch.map((row) => row.id));
  }
  expect(seen).toHaveLength(7);
  expect(new Set(seen).size).toBe(7);
  expect([...seen].sort((a, b) => b - a)).toEqual(seen);
});
