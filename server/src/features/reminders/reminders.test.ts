import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { field, file } from '../../../test/multipart.js';
import { tinyPdf } from '../../seed.js';
import {
  api,
  createClient,
  createCompany,
  createHolding,
  createUser,
  expectStatus,
  makeMonthWhole,
  type Actor,
  type Client,
  type Company,
  type Holding,
} from '../../../test/factories.js';
import { manualClock, type ManualClock } from '../../infra/clock.js';
import type { MailMessage } from '../../infra/mailer.js';
import { drainOutbox } from '../../infra/outbox.js';
import { countOf } from '../../lib/plural.js';
import { currentMonth, dueDate, isWorkingDay, monthName, nextWorkingDay, shiftDay } from '../../lib/ro-calendar.js';
import { longDate, openSummary } from './digest.js';
import { remindersJob, romanianNow } from './job.js';
import { stepDay } from './schedule.js';

// A month of reminders as the firm's clients receive them (docs/PRODUCT.md, "Reminders"): the job runs
// every hour of every day on a replaced clock; what arrives, to whom and when is what the test reads.
let t: TestApp;
let clock: ManualClock;
let firm: Company;
let staff: Actor;
let group: Holding & { client: Client };
let groupUser: Actor;
let second: Holding & { client: Client };
let plain: Client;
let paused: Client;
let ownDay: Client;
let whole: Client;
let quiet: Company;
let quietClient: Client;
/** The month the clients owe from (their checklists start in the current month). */
const period = currentMonth();
const STEPS = [-3, 0, 3, 7];
const daysFor = (dueDay: number) => [...new Set(STEPS.map((s) => stepDay(period, dueDay, s)))].sort();

/** `hour`:05 on `day`, Romanian time, whatever the season. */
function romanianMoment(day: string, hour: number): Date {
  for (const offset of ['+02:00', '+03:00']) {
    const moment = new Date(`${day}T${String(hour).padStart(2, '0')}:05:00${offset}`);
    if (romanianNow(moment).hour === hour && romanianNow(moment).today === day) return moment;
  }
  throw new Error(`no ${hour}:05 on ${day}`);
}

const isDigest = (m: MailMessage, company: Company) =>
  m.subject.startsWith(`${company.name}: `) && m.text.includes('Încarcă documentele');

/** Runs the job at `hour` on `day` and delivers the outbox: answers the digests that went out. */
async function runAt(day: string, hour: number, company = firm): Promise<MailMessage[]> {
  clock.set(romanianMoment(day, hour));
  const before = t.mail.sent.length;
  await remindersJob.run(t.ctx);
  await drainOutbox(t.ctx);
  return t.mail.sent.slice(before).filter((m) => isDigest(m, company) || isDigest(m, quiet));
}

const door = (company: Company = firm) => `/api/company/${company.id}`;

interface HistoryEvent {
  action: string;
  label: string;
  actor_name: string | null;
  side: string | null;
  details: Record<string, unknown>;
}

async function history(company: Company, client: Client): Promise<HistoryEvent[]> {
  const res = await api(t)
    .as(company.owner)
    .post(`${door(company)}/clients/${client.id}/activity`, { per_page: 50 });
  return expectStatus(res, 200, 'history').json.data as HistoryEvent[];
}

interface Preview {
  clients: number;
  messages: number;
  enabled: boolean;
  data: {
    client: { id: number; name: string };
    recipients: { email: string }[];
    months: { period: string; due_date: string; items: { name: string; status: string }[] }[];
  }[];
}

async function preview(day: string, caller: Actor = staff): Promise<Preview> {
  return expectStatus(await api(t).as(caller).post(`${door()}/reminders/preview`, { date: day }), 200, 'preview')
    .json as Preview;
}

beforeAll(async () => {
  clock = manualClock(romanianMoment(shiftDay(daysFor(5)[0], -2), 7));
  t = await createTestApp({ clock });
  firm = await createCompany(t);
  staff = await createUser(t, firm, { role: 3 });
  group = await createHolding(t, firm);
  groupUser = await createUser(t, group, { role: 5 });
  second = await createHolding(t, firm);
  plain = await createClient(t, firm, { email: 'plain@client.test' });
  paused = await createClient(t, firm, { email: 'paused@client.test' });
  ownDay = await createClient(t, firm, { email: 'ownday@client.test' });
  whole = await createClient(t, firm, { email: 'whole@client.test' });
  quiet = await createCompany(t);
  quietClient = await createClient(t, quiet, { email: 'quiet@client.test' });
  void quietClient;
  const update = (client: Client, body: Record<string, unknown>) =>
    api(t).as(firm.owner).post(`${door()}/clients/${client.id}/update`, body);
  const pausedRes = expectStatus(await update(paused, { reminders_paused: true }), 200, 'pause');
  expect(pausedRes.json.data).toMatchObject({ reminders_paused: true, due_day: null });
  const ownRes = expectStatus(await update(ownDay, { due_day: 10 }), 200, 'own due day');
  expect(ownRes.json.data).toMatchObject({ reminders_paused: false, due_day: 10 });
  expectStatus(
    await api(t).as(firm.owner).post(`${door()}/reminders/update`, { enabled: true, hour: 9 }),
    200,
    'turn reminders on',
  );
}, 120_000);

afterAll(() => t?.close());

describe('the reminder settings', () => {
  it('staff read them, only the owner changes them, within bounds; another firm is not found', async () => {
    const read = expectStatus(await api(t).as(staff).get(`${door()}/reminders`), 200, 'read').json;
    expect(read.data).toEqual({ enabled: true, due_day: 5, steps: STEPS, hour: 9 });
    const update = (caller: Actor, body: Record<string, unknown>, company = firm) =>
      api(t)
        .as(caller)
        .post(`${door(company)}/reminders/update`, body);
    expect((await update(staff, { hour: 10 })).status).toBe(403);
    expect((await update(firm.owner, { steps: [] })).status).toBe(422);
    expect((await update(firm.owner, { steps: [61] })).status).toBe(422);
    expect((await update(firm.owner, { steps: [1, 2, 3, 4, 5, 6, 7, 8, 9] })).status).toBe(422);
    expect((await update(firm.owner, { due_day: 0 })).status).toBe(422);
    expect((await update(firm.owner, { hour: 24 })).status).toBe(422);
    expect((await update(quiet.owner, { enabled: true })).status).toBe(404);
    const badDay = await api(t).as(staff).post(`${door()}/reminders/preview`, { date: '2026-02-31' });
    expect(badDay.status).toBe(422);
    expect(badDay.json.errors).toHaveProperty('date');
    expect((await api(t).as(quiet.owner).post(`${door()}/reminders/preview`, { date: '2026-12-07' })).status).toBe(404);
    expect((await api(t).as(quiet.owner).get(`${door()}/reminders`)).status).toBe(404);
    // Steps are saved in order, each once; the rest keeps its value.
    const saved = expectStatus(await update(firm.owner, { steps: [7, 0, -3, 3, 0] }), 200, 'steps').json;
    expect(saved.data).toEqual({ enabled: true, due_day: 5, steps: STEPS, hour: 9 });
    expect(saved.message).toBe('Setările mementourilor au fost salvate.');
    // A client's due day stays within the month's days.
    const clientUpdate = api(t).as(firm.owner).post(`${door()}/clients/${plain.id}/update`, { due_day: 32 });
    expect((await clientUpdate).status).toBe(422);
    // The holding door offers none of it.
    const holdingRead = await api(t)
      .as(group.admin as Actor)
      .get(`/api/holding/${group.id}/reminders`);
    expect(holdingRead.status).toBe(404);
  });
});

describe('a month walked day by day', () => {
  it('sends each step once, on its working day from the firm’s hour, to the people who see the client', async () => {
    const firstDay = daysFor(5)[0];
    const lastDay = [...daysFor(5), ...daysFor(10)].sort().at(-1) as string;
    const received: { day: string; to: string; client: string }[] = [];
    const clientOf = (m: MailMessage) =>
      [group.client, second.client, plain, paused, ownDay, whole].find((c) => m.subject.endsWith(`pentru ${c.name}`))
        ?.name ?? '?';
    let checkedContent = false;
    for (let day = shiftDay(firstDay, -2); day <= shiftDay(lastDay, 2); day = shiftDay(day, 1)) {
      const planned = await preview(day);
      expect(await runAt(day, 8)).toEqual([]); // before the firm's hour
      const sent = await runAt(day, 9);
      // The preview showed exactly what then went out: the same clients, the same people.
      const shown = planned.data.flatMap((p) => p.recipients.map((r) => `${p.client.name} → ${r.email}`)).sort();
      expect(sent.map((m) => `${clientOf(m)} → ${m.to}`).sort()).toEqual(shown);
      expect(planned.messages).toBe(sent.length);
      if (sent.length) expect(isWorkingDay(day)).toBe(true);
      for (const m of sent) received.push({ day, to: m.to, client: clientOf(m) });
      expect(await runAt(day, 15)).toEqual([]); // nothing twice
      expect((await preview(day)).clients).toBe(0);

      if (!checkedContent && sent.length) {
        const mail = sent.find((m) => m.to === groupUser.email) as MailMessage;
        const due = dueDate(period, 5);
        expect(mail.text).toContain(`Bună ziua, ${groupUser.name},`);
        expect(mail.text).toContain(`${firm.name} așteaptă documentele de mai jos pentru ${group.client.name}.`);
        const items = planned.data.find((p) => p.client.id === group.client.id)?.months[0].items ?? [];
        expect(items.length).toBeGreaterThan(0);
        expect(mail.text).toContain(
          `${monthName(period)} (termen ${longDate(due)}): ${countOf(items.length, 'document lipsă', 'documente lipsă')}`,
        );
        for (const item of items) expect(mail.text).toContain(`• ${item.name} — lipsă`);
        expect(mail.text).toMatch(/Încarcă documentele: http:\/\/\S+\/incarcare\/[A-Za-z0-9_-]+/);
        expect(mail.subject).toBe(
          `${firm.name}: ${countOf(items.length, 'document lipsă', 'documente lipsă')} pentru ${group.client.name}`,
        );
        checkedContent = true;
      }
      if (day === firstDay) {
        // After the first step: one client says "Am terminat", another's month becomes complete.
        expectStatus(
          await api(t)
            .as(second.admin as Actor)
            .post(`/api/holding/${second.id}/clients/${second.client.id}/periods/${period}/done`),
          200,
          'done',
        );
        await makeMonthWhole(t, firm.owner, whole.id, period);
      }
    }
    expect(checkedContent).toBe(true);
    const got = (client: Client) =>
      received
        .filter((r) => r.client === client.name)
        .map((r) => `${r.day} ${r.to}`)
        .sort();
    const expected = (days: string[], people: string[]) => days.flatMap((d) => people.map((p) => `${d} ${p}`)).sort();
    expect(got(group.client)).toEqual(expected(daysFor(5), [(group.admin as Actor).email, groupUser.email]));
    expect(got(plain)).toEqual(expected(daysFor(5), ['plain@client.test']));
    expect(got(ownDay)).toEqual(expected(daysFor(10), ['ownday@client.test']));
    expect(got(second.client)).toEqual(expected([firstDay], [(second.admin as Actor).email]));
    expect(got(whole)).toEqual(expected([firstDay], ['whole@client.test']));
    expect(got(paused)).toEqual([]);
    // The firm with reminders off sent nothing.
    expect(t.mail.sent.filter((m) => isDigest(m, quiet))).toEqual([]);
    expect(daysFor(5)).toHaveLength(4);
  });
});

describe('what a digest lists', () => {
  it('the checklist’s missing and rejected items: not one awaiting review, with the right words', async () => {
    const clientUrl = `${door()}/clients/${plain.id}`;
    const checklist = async () =>
      expectStatus(await api(t).as(firm.owner).post(`${clientUrl}/checklist`, { period }), 200, 'checklist').json
        .data as { id: number; name: string; status: string }[];
    const [first, second] = await checklist();
    const upload = async (itemId: number) => {
      const name = `doc-${itemId}.pdf`;
      const parts = [field('period', period), field('item_id', String(itemId)), file('files[]', name, tinyPdf(name))];
      const res = expectStatus(await api(t).as(firm.owner).upload(`${clientUrl}/storeFiles`, parts), 201, 'upload');
      return (res.json.data as { id: number }[])[0].id;
    };
    const rejected = await upload(first.id);
    await upload(second.id); // awaits review: nothing for the client to do
    expectStatus(
      await api(t)
        .as(firm.owner)
        .post(`${door()}/review`, { ids: [rejected], status: 'rejected', reason: 'Ilizibil' }),
      200,
      'reject',
    );
    const before = t.mail.sent.length;
    const res = expectStatus(await api(t).as(firm.owner).post(`${clientUrl}/remind`), 200, 'remind');
    const open = (await checklist()).filter((i) => i.status === 'missing' || i.status === 'rejected');
    expect(open.find((i) => i.id === first.id)?.status).toBe('rejected');
    expect(open.some((i) => i.id === second.id)).toBe(false);
    const listed = (res.json.data.months as { period: string; items: { name: string; status: string }[] }[]).find(
      (m) => m.period === period,
    );
    expect(listed?.items).toEqual(open.map((i) => ({ name: i.name, status: i.status })));
    await drainOutbox(t.ctx);
    const [mail] = t.mail.sent.slice(before).filter((m) => m.to === 'plain@client.test');
    // This month's paragraph (by hand, the months open now follow it).
    const start = mail.text.indexOf(`${monthName(period)} (`);
    const end = mail.text.indexOf('\n\n', start);
    const section = mail.text.slice(start, end === -1 ? undefined : end);
    expect(section).toContain(`• ${first.name} — respins, trimite-l din nou`);
    expect(section).not.toContain(`• ${second.name} —`);
    const all = (res.json.data.months as { items: { status: 'missing' | 'rejected' }[] }[]).flatMap((m) => m.items);
    expect(all.filter((i) => i.status === 'rejected')).toHaveLength(1);
    expect(mail.subject).toBe(`${firm.name}: ${openSummary(all)} pentru ${plain.name}`);
  });
});

describe('remind now', () => {
  it('sends the client’s digest at once, within a budget; other firms and finished clients are refused', async () => {
    const url = (client: Client, company = firm) => `${door(company)}/clients/${client.id}/remind`;
    const before = t.mail.sent.length;
    const res = expectStatus(await api(t).as(staff).post(url(group.client)), 200, 'remind now');
    expect(res.json.message).toBe('Mementoul a fost trimis către 2 persoane.');
    await drainOutbox(t.ctx);
    const sent = t.mail.sent.slice(before).filter((m) => isDigest(m, firm));
    expect(sent.map((m) => m.to).sort()).toEqual([(group.admin as Actor).email, groupUser.email].sort());
    const [byHand] = (await history(firm, group.client)).filter((e) => e.action === 'reminder.send');
    expect(byHand).toMatchObject({ actor_name: staff.name, side: 'company', details: { recipients: 2 } });
    // A paused client can still be reminded by hand.
    expectStatus(await api(t).as(firm.owner).post(url(paused)), 200, 'paused, by hand');
    // The complete month and the one marked "Am terminat" are never listed; by hand, the months open now are.
    for (const client of [whole, second.client]) {
      const answer = expectStatus(await api(t).as(firm.owner).post(url(client)), 200, 'by hand');
      const months = (answer.json.data.months as { period: string }[]).map((m) => m.period);
      expect(months.length).toBeGreaterThan(0);
      expect(months).not.toContain(period);
    }
    // Another firm's client is not found; the holding side has no such call.
    expect((await api(t).as(quiet.owner).post(url(group.client, quiet))).status).toBe(404);
    expect(
      (
        await api(t)
          .as(quiet.owner)
          .post(`${door(quiet)}/clients/${group.client.id}/remind`)
      ).status,
    ).toBe(404);
    // A few a day per client.
    expectStatus(await api(t).as(staff).post(url(group.client)), 200, 'second');
    expectStatus(await api(t).as(staff).post(url(group.client)), 200, 'third');
    expect((await api(t).as(staff).post(url(group.client))).status).toBe(429);
  });
});

/** A firm of its own with reminders on at 9 and one client who receives them at `email`. */
async function firmWithReminders(email: string): Promise<{ firm: Company; client: Client }> {
  const company = await createCompany(t);
  const client = await createClient(t, company, { email });
  const res = await api(t)
    .as(company.owner)
    .post(`${door(company)}/reminders/update`, { enabled: true, hour: 9 });
  expectStatus(res, 200, 'turn reminders on');
  return { firm: company, client };
}

describe('a firm whose paid period ended', () => {
  it('sends no reminders while it is read-only, and sends them again once it pays', async () => {
    const { firm: lapsed } = await firmWithReminders('lapsed@client.test');
    const periodEnd = (end: Date) =>
      t.ctx.db
        .updateTable('subscriptions')
        .set({ current_period_end: end })
        .where('company_id', '=', lapsed.id)
        .execute();
    const due = stepDay(period, 5, 0);
    await periodEnd(new Date(Date.now() - 1000));
    expect(await runAt(due, 9, lapsed)).toEqual([]);
    await periodEnd(new Date(Date.now() + 30 * 86_400_000));
    expect((await runAt(due, 10, lapsed)).map((m) => m.to)).toEqual(['lapsed@client.test']);
  });
});

describe('a step day on which no server ran', () => {
  it('goes out on the next working day a server runs, once', async () => {
    const { firm: late, client: lateClient } = await firmWithReminders('late@client.test');
    const nextDay = nextWorkingDay(shiftDay(stepDay(period, 5, 0), 1));
    expect((await runAt(nextDay, 9, late)).map((m) => m.to)).toEqual(['late@client.test']);
    expect(await runAt(nextDay, 15, late)).toEqual([]);
    // The client's history says it was chased, by whom, for what and of how many people; once.
    const events = (await history(late, lateClient)).filter((e) => e.action === 'reminder.send');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actor_name: 'Memento automat', side: null, label: 'a trimis un memento' });
    expect(events[0].details).toMatchObject({ recipients: 1, months: period });
    expect(Number(events[0].details.items)).toBeGreaterThan(0);
  });
});
