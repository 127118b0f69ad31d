import { createTestApp, type TestApp } from '../../../test/helpers.js';
import {
  api,
  createClient,
  createCompany,
  createHolding,
  createUser,
  expectStatus,
  uploadDocument,
  type Actor,
  type Client,
  type Company,
  type Holding,
} from '../../../test/factories.js';
import { manualClock, type ManualClock } from '../../infra/clock.js';
import { drainOutbox } from '../../infra/outbox.js';
import { currentMonth, dueDate } from '../../lib/ro-calendar.js';
import { field, file } from '../../../test/multipart.js';
import { tinyPdf } from '../../seed.js';
import { issueUploadLink } from '../upload-links/index.js';
import { firmDigestJob, romanianHour } from './digest.js';

// What the firm hears back (docs/PRODUCT.md, "Ce află firma"): the daily digest its owners and staff get
// by e-mail at their hour, and the notifications list with its unread count, as the people see them.
let t: TestApp;
let clock: ManualClock;
let firm: Company;
let staff: Actor;
let group: Holding & { client: Client };
let plain: Client;
let other: Company;
let otherGroup: Holding & { client: Client };
let quiet: Company;
/** The month the clients owe from (their checklists start in the current month). */
const period = currentMonth();
/** The first day its documents are late (the firms keep the default due day). */
let lateDay: string;

interface Notification {
  id: string;
  kind: 'upload' | 'done' | 'overdue';
  unread: boolean;
  client: { id: number; name: string };
  period: string | null;
  actor_name: string | null;
  via_link: boolean;
  document: { name: string; pending: boolean | null } | null;
  due_date: string | null;
  open_items: number | null;
}

/** `hour`:05 on `day`, Romanian time, whatever the season. */
function romanianMoment(day: string, hour: number): Date {
  for (const offset of ['+02:00', '+03:00']) {
    const moment = new Date(`${day}T${String(hour).padStart(2, '0')}:05:00${offset}`);
    if (romanianHour(moment) === hour) return moment;
  }
  throw new Error(`no ${hour}:05 on ${day}`);
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

async function runAt(day: string, hour: number) {
  clock.set(romanianMoment(day, hour));
  await firmDigestJob.run(t.ctx);
  await drainOutbox(t.ctx);
}

const digestsTo = (person: { email: string }) =>
  t.mail.to(person.email).filter((m) => m.subject.startsWith('Rezumatul zilei'));

async function notifications(caller: Actor, companyId = firm.id, body: Record<string, unknown> = {}) {
  const res = expectStatus(
    await api(t).as(caller).post(`/api/company/${companyId}/notifications`, body),
    200,
    'notifications',
  );
  return res.json as { data: Notification[]; meta: { page: number; per_page: number; total: number; unread: number } };
}

const unread = async (caller: Actor) =>
  (
    expectStatus(await api(t).as(caller).post(`/api/company/${firm.id}/notifications/unread`, {}), 200, 'unread')
      .json as { unread: number }
  ).unread;

beforeAll(async () => {
  clock = manualClock(new Date());
  t = await createTestApp({ clock });
  lateDay = nextDay(dueDate(period, 5));
  firm = await createCompany(t);
  staff = await createUser(t, firm, { role: 3 });
  group = await createHolding(t, firm);
  plain = await createClient(t, firm);
  other = await createCompany(t);
  otherGroup = await createHolding(t, other);
  quiet = await createCompany(t);
  // The firm's own upload is nothing to tell it about.
  await uploadDocument(t, firm.owner, plain, { period, name: 'incarcat-de-firma.pdf' });
  await uploadDocument(t, group.admin as Actor, group.client, { period, name: 'extras-1.pdf' });
  await uploadDocument(t, group.admin as Actor, group.client, { period, name: 'extras-2.pdf' });
  await uploadDocument(t, otherGroup.admin as Actor, otherGroup.client, { period, name: 'alta-firma.pdf' });
  expectStatus(
    await api(t)
      .as(group.admin as Actor)
      .post(`/api/holding/${group.id}/clients/${group.client.id}/periods/${period}/done`),
    200,
    'Am terminat',
  );
  await drainOutbox(t.ctx);
  t.mail.sent.length = 0;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the daily digest', () => {
  test('waits for each person’s hour, goes to the firm’s owner and staff only, once a day', async () => {
    expectStatus(
      await api(t)
        .as(staff)
        .post(`/api/company/${firm.id}/notifications/settings/update`, { daily_digest: true, hour: 10 }),
      200,
      'staff picks 10',
    );
    expectStatus(
      await api(t)
        .as(other.owner)
        .post(`/api/company/${other.id}/notifications/settings/update`, { daily_digest: false, hour: 8 }),
      200,
      'the other firm opts out',
    );

    await runAt(lateDay, 7);
    expect(digestsTo(firm.owner)).toHaveLength(0);

    await runAt(lateDay, 8);
    const [mail] = digestsTo(firm.owner);
    expect(digestsTo(firm.owner)).toHaveLength(1);
    expect(digestsTo(staff)).toHaveLength(0);
    // Opted out; nothing to say (no clients); a holding's people are no recipients.
    expect(digestsTo(other.owner)).toHaveLength(0);
    expect(digestsTo(quiet.owner)).toHaveLength(0);
    expect(digestsTo(group.admin as Actor)).toHaveLength(0);

    expect(mail.subject).toBe('Rezumatul zilei: 2 documente de verificat, 1 lună terminată, 2 clienți întârziați');
    expect(mail.text).toContain(`„${group.client.name}”: 2 documente`);
    expect(mail.text).toContain('Au anunțat că au trimis tot („Am terminat”)');
    expect(mail.text).toContain(`„${plain.name}”: `);
    expect(mail.text).toMatch(/termen \d+ [a-z]+ \d{4}, mai lipse/);
    expect(mail.text).not.toContain(plain.name + '”: 1 document');
    expect(mail.text).not.toContain(otherGroup.client.name);
    expect(mail.text).toContain('/company/notifications');

    await runAt(lateDay, 8);
    await runAt(lateDay, 9);
    expect(digestsTo(firm.owner)).toHaveLength(1);
    expect(digestsTo(staff)).toHaveLength(0);

    await runAt(lateDay, 10);
    expect(digestsTo(staff)).toHaveLength(1);
    expect(digestsTo(staff)[0].text).toContain(`„${group.client.name}”: 2 documente`);
    await runAt(lateDay, 23);
    expect(digestsTo(staff)).toHaveLength(1);
  });

  test('the next day tells only what came since the previous digest', async () => {
    await uploadDocument(t, group.admin as Actor, group.client, { period, name: 'extras-3.pdf' });
    const day = nextDay(lateDay);
    await runAt(day, 8);
    const mails = digestsTo(firm.owner);
    expect(mails).toHaveLength(2);
    expect(mails[1].subject).toMatch(/^Rezumatul zilei: 1 document de verificat, 2 clienți întârziați$/);
    expect(mails[1].text).toContain(`„${group.client.name}”: 1 document`);
    expect(mails[1].text).not.toContain('Am terminat”)');
  });

  test('says nothing when there is nothing to say, and nothing to who opted out', async () => {
    const owner = await createCompany(t);
    const optedOut = await createUser(t, firm, { role: 3 });
    expectStatus(
      await api(t)
        .as(optedOut)
        .post(`/api/company/${firm.id}/notifications/settings/update`, { daily_digest: false, hour: 8 }),
      200,
      'opt out',
    );
    const day = nextDay(nextDay(lateDay));
    await runAt(day, 12);
    expect(digestsTo(owner.owner)).toHaveLength(0);
    expect(digestsTo(optedOut)).toHaveLength(0);
    // The firm's owner still hears of the clients past due.
    expect(digestsTo(firm.owner)).toHaveLength(3);
  });
});

describe('notifications', () => {
  test('list what the firm’s clients did and who is late, never another firm’s, unread until read', async () => {
    const list = await notifications(firm.owner);
    const kinds = list.data.map((n) => n.kind);
    expect(kinds.filter((k) => k === 'upload')).toHaveLength(3);
    expect(kinds.filter((k) => k === 'done')).toHaveLength(1);
    const overdue = list.data.filter((n) => n.kind === 'overdue');
    expect(overdue.map((n) => n.client.id).sort()).toEqual([group.client.id, plain.id].sort());
    expect(overdue[0]).toMatchObject({ period, due_date: dueDate(period, 5) });
    expect(overdue[0].open_items).toBeGreaterThan(0);
    const names = list.data.flatMap((n) => (n.document ? [n.document.name] : []));
    expect(names.sort()).toEqual(['extras-1.pdf', 'extras-2.pdf', 'extras-3.pdf']);
    expect(list.data.every((n) => n.unread && !n.via_link)).toBe(true);
    expect(list.data.find((n) => n.kind === 'upload')?.actor_name).toBe(group.admin?.name);
    expect(list.meta).toMatchObject({ page: 1, total: 6, unread: 6 });
    expect(JSON.stringify(list)).not.toContain(otherGroup.client.name);
    expect(JSON.stringify(list)).not.toContain('incarcat-de-firma');

    const page2 = await notifications(firm.owner, firm.id, { page: 2, per_page: 4 });
    expect(page2.data).toHaveLength(2);

    const read = expectStatus(
      await api(t).as(firm.owner).post(`/api/company/${firm.id}/notifications/read`, {}),
      200,
      'read',
    );
    expect(read.json).toEqual({ unread: 0 });
    expect((await notifications(firm.owner)).data.some((n) => n.unread)).toBe(false);
    // Read by the owner, still new to the staff member.
    expect(await unread(staff)).toBe(6);

    await uploadDocument(t, group.admin as Actor, group.client, { period, name: 'extras-4.pdf' });
    expect(await unread(firm.owner)).toBe(1);
    const [newest] = (await notifications(firm.owner)).data;
    expect(newest).toMatchObject({ kind: 'upload', unread: true, document: { name: 'extras-4.pdf', pending: true } });

    const theirs = await notifications(other.owner, other.id);
    expect(theirs.data.map((n) => n.client.id)).not.toContain(group.client.id);
    expect(theirs.data.some((n) => n.document?.name === 'alta-firma.pdf')).toBe(true);
  });

  test('are the firm’s: another firm’s id answers 404, a holding has none', async () => {
    expect((await api(t).as(other.owner).post(`/api/company/${firm.id}/notifications`, {})).status).toBe(404);
    expect((await api(t).as(other.owner).post(`/api/company/${firm.id}/notifications/read`, {})).status).toBe(404);
    const holding = await api(t)
      .as(group.admin as Actor)
      .post(`/api/holding/${group.id}/notifications`, {});
    expect(holding.status).toBe(404);
  });

  test('the digest choice is each person’s own and checked', async () => {
    const url = `/api/company/${firm.id}/notifications/settings`;
    expect((await api(t).as(firm.owner).post(url, {})).json).toEqual({ daily_digest: true, hour: 8 });
    expect((await api(t).as(staff).post(url, {})).json).toEqual({ daily_digest: true, hour: 10 });
    const bad = await api(t).as(staff).post(`${url}/update`, { daily_digest: true, hour: 24 });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
    expect((await api(t).as(staff).post(url, {})).json).toEqual({ daily_digest: true, hour: 10 });
  });

  test('an upload through an upload link is news too, said to come through the link', async () => {
    const { token } = await issueUploadLink(t.ctx.db, { companyId: firm.id, clientId: plain.id, now: clock.now() });
    const shown = await api(t).post(`/api/upload-links/${token}`, undefined, { remoteAddress: '10.77.0.1' });
    expect(shown.status).toBe(200);
    const [item] = (shown.json.months as { items: { id: number }[] }[]).flatMap((m) => m.items);
    const sent = await api(t).upload(
      `/api/upload-links/${token}/storeFiles`,
      [field('item_id', String(item.id)), file('files[]', 'prin-link.pdf', tinyPdf('link'), 'application/pdf')],
      { remoteAddress: '10.77.0.1' },
    );
    expect(sent.status).toBe(201);
    const before = await unread(staff);
    const [newest] = (await notifications(staff)).data;
    expect(newest).toMatchObject({
      kind: 'upload',
      via_link: true,
      client: { id: plain.id },
      document: { name: 'prin-link.pdf', pending: true },
    });
    expect(before).toBeGreaterThan(0);
  });
});
