import { createTestApp, type TestApp } from '../../../test/helpers.js';
import {
  api,
  closeWholeMonth,
  createClient,
  createCompany,
  createUser,
  type Actor,
  type Client,
  type Company,
} from '../../../test/factories.js';
import { field, file } from '../../../test/multipart.js';
import { manualClock, type ManualClock } from '../../infra/clock.js';
import { currentMonth } from '../../lib/ro-calendar.js';
import { tinyPdf } from '../../seed.js';
import { issueUploadLink, issueUploadLinks } from './index.js';
import { LINK_CALLS_PER_IP_PER_MINUTE } from './service.js';

/** The upload link without an account: what its holder can and cannot do, and what the firm then sees. */

let t: TestApp;
let clock: ManualClock;
let firm: Company;
let staff: Actor;
let client: Client;
let neighbour: Client;
let other: Company;
let otherClient: Client;
const period = currentMonth();
const MAX_BYTES = 300_000;
let ipCounter = 0;
const logLines: string[] = [];
/** Each test call from its own address, so only the rate-limit test meets the limit. */
const fresh = () => ({ remoteAddress: `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}` });

const link = (token: string, rest = '') => `/api/upload-links/${token}${rest}`;
const door = (path: string) => `/api/company/${firm.id}${path}`;

type Month = { period: string; done_at: string | null; items: { id: number; name: string; status: string }[] };

async function issue(forClient: Client = client) {
  return issueUploadLink(t.ctx.db, { companyId: forClient.company_id, clientId: forClient.id, now: clock.now() });
}
async function show(token: string) {
  return api(t).post(link(token), undefined, fresh());
}
async function itemsOf(token: string) {
  const res = await show(token);
  expect(res.status).toBe(200);
  return (res.json.months as Month[]).flatMap((m) => m.items);
}
async function firmChecklist(of: Client = client, owner: Actor = firm.owner) {
  const res = await api(t).as(owner).post(`/api/company/${of.company_id}/clients/${of.id}/checklist`, { period });
  expect(res.status).toBe(200);
  return res.json as {
    data: { id: number; name: string; status: string; documents: { id: number }[] }[];
    meta: { done_at: string | null };
  };
}
async function history(of: Client = client) {
  const res = await api(t)
    .as(firm.owner)
    .post(door(`/clients/${of.id}/activity`), { per_page: 50 });
  expect(res.status).toBe(200);
  return res.json.data as { action: string; actor_name: string | null; side: string | null; ip: string | null }[];
}
const upload = (token: string, parts: Parameters<ReturnType<typeof api>['upload']>[1], address = fresh()) =>
  api(t).upload(link(token, '/storeFiles'), parts, address);

beforeAll(async () => {
  clock = manualClock(new Date());
  t = await createTestApp({
    seed: false,
    clock,
    config: { uploadMaxBytes: MAX_BYTES, logLevel: 'info' },
    logStream: { write: (line) => logLines.push(line) },
  });
  firm = await createCompany(t);
  staff = await createUser(t, firm, { role: 3 });
  client = await createClient(t, firm);
  neighbour = await createClient(t, firm);
  other = await createCompany(t);
  otherClient = await createClient(t, other);
}, 120_000);
afterAll(() => t.close());

test('the link names the client, the firm and its open items by month, never a document; opening it is in the history', async () => {
  const { token, url, expiresAt } = await issue();
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(url).toBe(`/incarcare/${token}`);
  expect(expiresAt.getTime() - clock.now().getTime()).toBe(14 * 24 * 3600 * 1000);
  const res = await show(token);
  expect(res.status).toBe(200);
  expect(res.json.client).toEqual({ name: client.name });
  expect(res.json.firm.name).toBeTruthy();
  const months = res.json.months as Month[];
  expect(months.map((m) => m.period)).toEqual([period]);
  expect(months[0].items.length).toBeGreaterThan(0);
  expect(months[0].items.every((i) => i.status === 'missing')).toBe(true);
  expect(res.text).not.toMatch(/documents|storage_key|sha256|uploaded_by/);
  const [opened] = await history();
  expect(opened).toMatchObject({ action: 'upload_link.open', actor_name: 'link de încărcare', side: null });
  expect(opened.ip).toBeTruthy();
});

test('an upload goes into one open item: the item waits in the review inbox, vanishes from the link, is in the history', async () => {
  const { token } = await issue();
  const [item] = await itemsOf(token);
  const res = await upload(token, [
    field('item_id', String(item.id)),
    file('files[]', 'poze.pdf', tinyPdf('poze'), 'application/pdf'),
  ]);
  expect(res.status).toBe(201);
  expect(res.json).toEqual({ message: 'Am primit fișierul.', files: [{ name: 'poze.pdf', size: expect.any(Number) }] });
  const checklist = await firmChecklist();
  expect(checklist.data.find((i) => i.id === item.id)?.status).toBe('uploaded');
  const queue = await api(t).as(staff).post(door('/review-queue'), {});
  expect(queue.status).toBe(200);
  expect(JSON.stringify(queue.json)).toContain('poze.pdf');
  expect((await itemsOf(token)).map((i) => i.id)).not.toContain(item.id);
  const events = await history();
  expect(events.find((e) => e.action === 'document.upload')).toMatchObject({ actor_name: 'link de încărcare' });
});

test('the upload keeps the storeFiles checks: type by content, size, all or nothing, one open item named first', async () => {
  const { token } = await issue();
  const [item] = await itemsOf(token);
  const exe = Buffer.from('MZ\x90\x00\x03 not a pdf', 'latin1');
  const wrong = await upload(token, [field('item_id', String(item.id)), file('files[]', 'a.pdf', exe)]);
  expect(wrong.status).toBe(422);
  expect(wrong.json.message).toMatch(/nu este acceptat/);
  const big = Buffer.concat([tinyPdf('mare'), Buffer.alloc(MAX_BYTES + 10, 32)]);
  const tooBig = await upload(token, [field('item_id', String(item.id)), file('files[]', 'mare.pdf', big)]);
  expect(tooBig.status).toBe(413);
  const mixed = await upload(token, [
    field('item_id', String(item.id)),
    file('files[]', 'bun.pdf', tinyPdf('bun')),
    file('files[]', 'rau.pdf', exe),
  ]);
  expect(mixed.status).toBe(422);
  const noItem = await upload(token, [file('files[]', 'fara.pdf', tinyPdf('fara'))]);
  expect(noItem.status).toBe(422);
  // Nothing of the refused uploads reached the item.
  const after = (await firmChecklist()).data.find((i) => i.id === item.id);
  expect(after).toMatchObject({ status: 'missing', documents: [] });
});

test('the token reaches only its client: not a neighbour’s item, not another firm’s, no document, no door', async () => {
  const { token } = await issue();
  const neighbourItem = (await firmChecklist(neighbour)).data[0];
  const foreignItem = (await firmChecklist(otherClient, other.owner)).data[0];
  for (const id of [neighbourItem.id, foreignItem.id]) {
    const res = await upload(token, [field('item_id', String(id)), file('files[]', 'x.pdf', tinyPdf('x'))]);
    expect(res.status).toBe(422);
  }
  expect((await firmChecklist(neighbour)).data[0].documents).toEqual([]);
  expect((await firmChecklist(otherClient, other.owner)).data[0].documents).toEqual([]);
  // A document of the client (uploaded earlier through the link) can't be listed or fetched with the token.
  const doc = (await firmChecklist()).data.flatMap((i) => i.documents)[0];
  expect(doc).toBeDefined();
  for (const path of [`/media/${doc.id}`, `/documents`, `/collection`]) {
    expect((await api(t).post(link(token, path), undefined, fresh())).status).toBe(404);
  }
  const asBearer = await api(t)
    .as(token)
    .post(`/api/company/${firm.id}/clients/${client.id}/media/${doc.id}`, undefined, fresh());
  expect(asBearer.status).toBe(401);
});

test('revoked by the firm and replaced by a newer link: the same answer as an unknown token, never whose it was', async () => {
  const unknown = await show('A'.repeat(43));
  expect(unknown.status).toBe(404);
  expect(unknown.json.message).toMatch(/nu este valabil/);

  const first = await issue();
  const second = await issue();
  const replaced = await show(first.token);
  expect(replaced.status).toBe(404);
  expect(replaced.json.message).toBe(unknown.json.message);
  expect((await show(second.token)).status).toBe(200);

  const state = await api(t)
    .as(staff)
    .post(door(`/clients/${client.id}/upload-link`));
  expect(state.status).toBe(200);
  expect(state.json).toMatchObject({ active: true, expires_at: second.expiresAt.toISOString() });
  expect(state.text).not.toContain(second.token);

  const revoke = await api(t)
    .as(staff)
    .post(door(`/clients/${client.id}/upload-link/revoke`));
  expect(revoke.json).toEqual({ message: 'Linkul de încărcare a fost revocat.', revoked: true });
  const revoked = await show(second.token);
  expect(revoked.status).toBe(404);
  expect(revoked.json.message).toBe(unknown.json.message);
  expect(revoked.text).not.toContain(client.name);
  const uploadRevoked = await upload(second.token, [field('item_id', '1'), file('files[]', 'x.pdf', tinyPdf('x'))]);
  expect(uploadRevoked.status).toBe(404);
  expect(
    (
      await api(t)
        .as(staff)
        .post(door(`/clients/${client.id}/upload-link`))
    ).json.active,
  ).toBe(false);
  expect((await history())[0]).toMatchObject({ action: 'upload_link.revoke' });
  // Another firm can't see or revoke this client's link.
  const foreign = await api(t).as(other.owner).post(`/api/company/${other.id}/clients/${client.id}/upload-link/revoke`);
  expect(foreign.status).toBe(404);
});

test('links issued for a batch of clients: one live link each, the older ones revoked, only hashes stored', async () => {
  const before = [await issue(client), await issue(neighbour)];
  const links = await issueUploadLinks(t.ctx.db, firm.id, [client.id, neighbour.id, client.id], {
    now: clock.now(),
    days: 3,
    publicUrl: 'https://dosar.test/',
  });
  expect(links.map((l) => l.clientId)).toEqual([client.id, neighbour.id]);
  expect(links[0].token).not.toBe(links[1].token);
  for (const l of links) {
    expect(l.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(l.url).toBe(`https://dosar.test/incarcare/${l.token}`);
    expect(l.expiresAt.getTime()).toBe(clock.now().getTime() + 3 * 24 * 3600 * 1000);
  }
  for (const old of before) expect((await show(old.token)).status).toBe(404);
  const [mine, theirs] = await Promise.all(links.map((l) => show(l.token)));
  expect(mine.status).toBe(200);
  expect(mine.json.client.name).toBe(client.name);
  expect(theirs.status).toBe(200);
  expect(theirs.json.client.name).toBe(neighbour.name);
  const rows = await t.ctx.db
    .selectFrom('upload_links')
    .select(['client_id', 'token_hash'])
    .where('client_id', 'in', [client.id, neighbour.id])
    .where('revoked_at', 'is', null)
    .execute();
  expect(rows.map((r) => r.client_id).sort()).toEqual([client.id, neighbour.id].sort());
  expect(JSON.stringify(rows)).not.toContain(links[0].token);
  expect(await issueUploadLinks(t.ctx.db, firm.id, [], { now: clock.now() })).toEqual([]);
});

test('it lives UPLOAD_LINK_DAYS: past that, 410', async () => {
  const { token } = await issueUploadLink(t.ctx.db, {
    companyId: firm.id,
    clientId: neighbour.id,
    now: clock.now(),
    days: 2,
  });
  expect((await show(token)).status).toBe(200);
  clock.advance(2 * 24 * 3600 * 1000 + 1000);
  try {
    const res = await show(token);
    expect(res.status).toBe(410);
    expect(res.json.message).toMatch(/a expirat/);
    expect(res.text).not.toContain(neighbour.name);
  } finally {
    clock.set(new Date());
  }
});

test('too many calls from one address: 429; another address still gets in', async () => {
  const { token } = await issue(neighbour);
  const address = { remoteAddress: '10.200.0.1' };
  for (let i = 0; i < LINK_CALLS_PER_IP_PER_MINUTE; i++) {
    expect((await api(t).post(link(token), undefined, address)).status).toBe(200);
  }
  const limited = await api(t).post(link(token), undefined, address);
  expect(limited.status).toBe(429);
  expect(limited.json.message).toMatch(/Prea multe încercări/);
  expect((await show(token)).status).toBe(200);
});

test('"Am terminat" through the link marks the month done for the firm, in the history; a closed month vanishes: 410', async () => {
  const mine = await createClient(t, firm);
  const { token } = await issue(mine);
  const notListed = await api(t).post(link(token, '/done'), { period: '2001-01' }, fresh());
  expect(notListed.status).toBe(404);
  const done = await api(t).post(link(token, '/done'), { period }, fresh());
  expect(done.status).toBe(200);
  expect(done.json.message).toMatch(/Firma de contabilitate a fost anunțată/);
  expect((await firmChecklist(mine)).meta.done_at).toBeTruthy();
  expect((await history(mine))[0]).toMatchObject({ action: 'period.done', actor_name: 'link de încărcare' });

  await closeWholeMonth(t, firm.owner, mine.id, period);
  const closed = await show(token);
  expect(closed.status).toBe(410);
  const late = await api(t).post(link(token, '/done'), { period }, fresh());
  expect(late.status).toBe(410);
});

test('the request log never holds a token: the link’s path is written with ***', async () => {
  const { token } = await issue(neighbour);
  logLines.length = 0;
  expect((await show(token)).status).toBe(200);
  expect((await upload(token, [field('item_id', '0'), file('files[]', 'x.pdf', tinyPdf('x'))])).status).toBe(422);
  expect((await api(t).post(link(token, '/done'), { period: '2001-01' }, fresh())).status).toBe(404);
  const urls = logLines.map((line) => (JSON.parse(line) as { req?: { url: string } }).req?.url).filter(Boolean);
  expect(urls).toEqual(
    expect.arrayContaining(['/api/upload-links/***', '/api/upload-links/***/storeFiles', '/api/upload-links/***/done']),
  );
  expect(logLines.join('\n')).not.toContain(token);
});
