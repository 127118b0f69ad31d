import type { RouteOptions } from 'fastify';
import { createTestApp, type TestApp } from '../helpers.js';
import {
  api,
  closeWholeMonth,
  createClient,
  createCompany,
  createHolding,
  createUser,
  unique,
  uploadDocument,
  type Actor,
  type Client,
  type Company,
  type Holding,
} from '../factories.js';
import { field, file } from '../multipart.js';
import { drainOutbox } from '../../src/infra/outbox.js';
import { DONE_MAILS_PER_SENDER_PER_HOUR } from '../../src/features/month/periods-service.js';
import { REJECTION_MAIL_DELAY_SECONDS } from '../../src/features/month/review-service.js';
import { SENDER_MESSAGES_PER_HOUR } from '../../src/infra/tenant-mail.js';
import { periodPattern } from '../../src/lib/http-schemas.js';
import { addMonths, currentMonth, lastPeriod } from '../../src/lib/ro-calendar.js';

/**
 * Mail nobody can flood: „Am terminat” mails the firm once per client and month, a document rejected
 * again and again within minutes is one mail, a firm's messages and invitations have per-sender and
 * per-recipient budgets, a name or note never becomes a link, and no route takes a month outside
 * 2000-01 … December of next year (nor creates rows for one).
 */

let t: TestApp;
const routes: RouteOptions[] = [];
let firm: Company;
let staff: Actor;
let holding: Holding & { client: Client };
let member: Actor;
const now = currentMonth();
const freshEmail = () => `persoana-${unique()}@clienti.test`;

beforeAll(async () => {
  t = await createTestApp({ seed: false, onRoute: (route) => routes.push(route) });
  firm = await createCompany(t);
  staff = await createUser(t, firm, { role: 3 });
  holding = await createHolding(t, firm);
  member = await createUser(t, holding, { role: 5, name: 'http://evil.example a@evil.example' });
});
afterAll(() => t.close());

const company = (path: string) => `/api/company/${firm.id}${path}`;
const side = (path: string) => `/api/holding/${holding.id}${path}`;
const afterTheWait = () => new Date(Date.now() + (REJECTION_MAIL_DELAY_SECONDS + 60) * 1000);

/** Whatever a mail client could turn into a link to the attacker's host or address. */
function expectNoEvilLink(text: string): void {
  expect(text).not.toMatch(/evil\.example/i);
  expect(text).not.toMatch(/a@evil/i);
  expect(text).not.toMatch(/https?:\/\/evil/i);
}

/** The links an HTML mail holds: only Dosar's own. */
function expectOnlyDosarLinks(html: string): void {
  const hrefs = [...html.matchAll(/<a\b[^>]*href="([^"]*)"/gi)].map((m) => m[1]);
  expect(html.match(/<a\b/gi)?.length ?? 0).toBe(hrefs.length);
  for (const href of hrefs) expect(href.startsWith(t.ctx.config.publicUrl.replace(/\/$/, ''))).toBe(true);
}

describe('„Am terminat”', () => {
  test('15 presses by one role-5 user: one mail to each of the firm’s people, the name never a link', async () => {
    const client = await createClient(t, firm, { holding_id: holding.id });
    t.mail.sent.length = 0;
    const url = side(`/clients/${client.id}/periods/${now}/done`);
    const answers = await Promise.all(Array.from({ length: 15 }, () => api(t).as(member).post(url)));
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.json.message).toMatch(/^Firma de contabilitate a fost anunțată că ai terminat /);
    }
    await drainOutbox(t.ctx);
    expect(t.mail.to(firm.owner.email)).toHaveLength(1);
    expect(t.mail.to(staff.email)).toHaveLength(1);
    expect(t.mail.sent).toHaveLength(2);

    const [mail] = t.mail.to(firm.owner.email);
    expect(mail.text).toContain('http[:]//evil[.]example a[@]evil[.]example');
    expectNoEvilLink(mail.text);
    expectNoEvilLink(mail.html);
    expectOnlyDosarLinks(mail.html);

    // Undone by the firm (closed — whole — and reopened), pressed again: done again, nobody mailed again.
    await closeWholeMonth(t, firm.owner, client.id, now);
    expect(
      (
        await api(t)
          .as(firm.owner)
          .post(company(`/clients/${client.id}/periods/${now}/reopen`))
      ).status,
    ).toBe(200);
    const again = await api(t).as(member).post(url);
    expect(again.status).toBe(200);
    const check = await api(t)
      .as(member)
      .post(side(`/clients/${client.id}/checklist`), { period: now });
    expect(check.json.meta.done_at).toBe(again.json.done_at);
    await drainOutbox(t.ctx);
    expect(t.mail.sent).toHaveLength(2);
  });

  test('one person walking month after month runs out of mails: 429 in Romanian', async () => {
    const group = await createHolding(t, firm);
    const walker = await createUser(t, group, { role: 5 });
    const client = await createClient(t, firm, { holding_id: group.id });
    const done = (period: string) =>
      api(t).as(walker).post(`/api/holding/${group.id}/clients/${client.id}/periods/${period}/done`);
    for (let i = 0; i < DONE_MAILS_PER_SENDER_PER_HOUR; i++)
      expect((await done(addMonths('2001-01', i))).status).toBe(200);
    const refused = await done(addMonths('2001-01', DONE_MAILS_PER_SENDER_PER_HOUR));
    expect(refused.status).toBe(429);
    expect(refused.json.message).toMatch(/^Prea multe încercări\. Încearcă din nou peste /);
    // A month already announced answers as before (it mails nobody).
    expect((await done('2001-01')).status).toBe(200);
  });
});

describe('rejections', () => {
  test('one document rejected 5 times within minutes: one mail per person, with the last reason', async () => {
    const client = await createClient(t, firm, { holding_id: holding.id });
    const doc = await uploadDocument(t, member, client, { period: now, name: 'factura-7.pdf' });
    const other = await uploadDocument(t, member, client, { period: now, name: 'extras-3.pdf' });
    await drainOutbox(t.ctx);
    t.mail.sent.length = 0;
    const review = (id: number, body: Record<string, unknown>) =>
      api(t)
        .as(staff)
        .post(company(`/clients/${client.id}/media/${id}/review`), body);
    for (let i = 1; i <= 5; i++) {
      expect(
        (await review(doc.id, { status: 'rejected', reason: `Motivul ${i}, vezi http://evil.example` })).status,
      ).toBe(200);
      if (i < 5) expect((await review(doc.id, { status: 'accepted' })).status).toBe(200);
    }
    expect((await review(other.id, { status: 'rejected', reason: 'Altă lună' })).status).toBe(200);

    // Kept in the outbox (a restart loses nothing), not sent yet.
    const waiting = await t.ctx.db
      .selectFrom('mail_outbox')
      .select(['to_address'])
      .where('status', '=', 'queued')
      .where('to_address', 'in', [member.email, (holding.admin as Actor).email])
      .execute();
    expect(waiting).toHaveLength(2);
    await drainOutbox(t.ctx);
    expect(t.mail.sent).toEqual([]);

    await drainOutbox(t.ctx, { asOf: afterTheWait() });
    for (const person of [member, holding.admin as Actor]) {
      const mails = t.mail.to(person.email);
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail.subject).toBe('2 documente respinse');
      expect(mail.text).toContain('factura-7.pdf');
      expect(mail.text).toContain('extras-3.pdf');
      expect(mail.text).toContain('Motivul 5');
      expect(mail.text).not.toContain('Motivul 4');
      expectNoEvilLink(mail.text);
      expectNoEvilLink(mail.html);
      expectOnlyDosarLinks(mail.html);
    }
    expect(t.mail.sent).toHaveLength(2);

    // Once sent, a new rejection is a new mail.
    expect((await review(doc.id, { status: 'rejected', reason: 'Tot ilizibil' })).status).toBe(200);
    await drainOutbox(t.ctx, { asOf: afterTheWait() });
    expect(t.mail.to(member.email)).toHaveLength(2);
    expect(t.mail.to(member.email)[1].subject).toBe('Document respins: „factura-7.pdf”');
  });
});

describe('a firm’s messages and invitations', () => {
  test('notifications beyond the sender’s hourly budget: 429, nothing sent', async () => {
    const sender = await createCompany(t);
    // Five messages to each address (its daily budget), to as many clients as the sender's budget takes.
    const perAddress = 5;
    const clients: Client[] = [];
    for (let i = 0; i <= SENDER_MESSAGES_PER_HOUR / perAddress; i++)
      clients.push(await createClient(t, sender, { email: freshEmail() }));
    const sent = t.mail.sent.length;
    const notify = (client: Client) =>
      api(t).as(sender.owner).post(`/api/company/${sender.id}/clients/${client.id}/notify`, {
        message: 'Vezi http://evil.example sau scrie la a@evil.example',
      });
    for (let i = 0; i < SENDER_MESSAGES_PER_HOUR; i++)
      expect((await notify(clients[Math.floor(i / perAddress)])).status).toBe(200);
    const refused = await notify(clients[clients.length - 1]);
    expect(refused.status).toBe(429);
    expect(refused.json.message).toMatch(/^Prea multe încercări\. Încearcă din nou peste /);
    expect(t.mail.sent.length - sent).toBe(SENDER_MESSAGES_PER_HOUR);
    const last = t.mail.sent[t.mail.sent.length - 1];
    expectNoEvilLink(last.text);
    expectNoEvilLink(last.html);
    expectOnlyDosarLinks(last.html);
  });

  test('invite, revoke, invite again: the address’s daily budget ends it with 429', async () => {
    const client = await createClient(t, firm, { holding_id: holding.id });
    const email = freshEmail();
    const invite = () =>
      api(t)
        .as(firm.owner)
        .post(company(`/clients/${client.id}/invite`), { name: 'http://evil.example', email, role: 5 });
    for (let i = 0; i < 5; i++) {
      const res = await invite();
      expect(res.status).toBe(201);
      if (i === 0) {
        const [mail] = t.mail.to(email);
        expectNoEvilLink(mail.text);
        expectNoEvilLink(mail.html);
        expectOnlyDosarLinks(mail.html);
      }
      const revoked = await api(t)
        .as(firm.owner)
        .post(company(`/clients/${client.id}/access/${res.json.data.id}/revoke`));
      expect(revoked.status).toBe(200);
    }
    const refused = await invite();
    expect(refused.status).toBe(429);
    expect(refused.json.message).toMatch(/a primit deja 5 mesaje prin Dosar în ultimele 24 de ore/);
    expect(t.mail.to(email)).toHaveLength(5);
  });
});

describe('months outside 2000-01 … December of next year', () => {
  const window = `Luna trebuie să fie între 2000-01 și ${lastPeriod()}.`;

  /** Where a route takes a month: its path, or a (possibly nested) body or query field. */
  function periodPlaces(route: RouteOptions): { in: 'params' | 'body' | 'querystring'; path: string[] }[] {
    const places: { in: 'params' | 'body' | 'querystring'; path: string[] }[] = [];
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    // A field with the month's format, or named like a month: one that forgot the format is walked too.
    const walk = (node: unknown, where: 'params' | 'body' | 'querystring', path: string[]) => {
      const s = node as { format?: string; pattern?: string; properties?: Record<string, unknown> } | undefined;
      if (!s || typeof s !== 'object') return;
      const name = path[path.length - 1] ?? '';
      if (s.format === 'period' || /(^|_)period$/.test(name) || s.pattern === periodPattern)
        places.push({ in: where, path });
      for (const [key, child] of Object.entries(s.properties ?? {})) walk(child, where, [...path, key]);
    };
    for (const where of ['params', 'body', 'querystring'] as const) walk(schema[where], where, []);
    return places;
  }

  test('every route that takes a month: 2099-12, 1900-01 and next year + 1 → 422; nothing created', async () => {
    const client = await createClient(t, firm, { holding_id: holding.id });
    const doc = await uploadDocument(t, member, client, { period: now });
    const walked = routes.filter((r) => periodPlaces(r).length > 0);
    const urls = new Set(walked.map((r) => r.url));
    // The month's routes, documents, handover, history: each door's.
    for (const expected of [
      '/api/company/:companyId/clients/:clientId/checklist',
      '/api/holding/:holdingId/clients/:clientId/checklist',
      '/api/holding/:holdingId/clients/:clientId/periods/:period/done',
      '/api/company/:companyId/clients/:clientId/periods/:period/close',
      '/api/company/:companyId/clients/:clientId/periods/:period/reopen',
    ])
      expect(urls).toContain(expected);
    expect(walked.length).toBeGreaterThanOrEqual(10);

    const actors = (url: string) =>
      url.startsWith('/api/holding/') ? [holding.admin as Actor, member] : [firm.owner, staff];
    const fill = (url: string, period: string) =>
      url
        .replace(':companyId', String(firm.id))
        .replace(':holdingId', String(holding.id))
        .replace(':clientId', String(client.id))
        .replace(':mediaId', String(doc.id))
        .replace(':period', period)
        .replace(/:[A-Za-z]+/g, String(client.id));

    for (const bad of ['2099-12', '1900-01', '1999-12', addMonths(lastPeriod(), 1)]) {
      for (const route of walked) {
        for (const place of periodPlaces(route)) {
          const url = fill(route.url, place.in === 'params' ? bad : now);
          let body: Record<string, unknown> | undefined;
          if (place.in === 'body') {
            body = {};
            let at = body;
            for (const key of place.path.slice(0, -1)) at = (at[key] = {}) as Record<string, unknown>;
            at[place.path[place.path.length - 1]] = bad;
          }
          const query = place.in === 'querystring' ? `?${place.path[0]}=${bad}` : '';
          let res;
          for (const actor of actors(route.url)) {
            res =
              route.method === 'GET'
                ? await api(t)
                    .as(actor)
                    .get(url + query)
                : await api(t)
                    .as(actor)
                    .post(url + query, body ?? {});
            if (res.status !== 403) break;
          }
          const what = `${String(route.method)} ${route.url} ${place.in}.${place.path.join('.')} = ${bad}`;
          expect({ what, status: res?.status }).toEqual({ what, status: 422 });
          expect({ what, errors: res?.json.errors[place.path.join('.')] }).toEqual({ what, errors: [window] });
        }
      }
    }

    // The upload forms too.
    for (const [door, actor] of [
      [`/api/holding/${holding.id}`, member],
      [`/api/company/${firm.id}`, staff],
    ] as const) {
      const res = await api(t)
        .as(actor)
        .upload(`${door}/clients/${client.id}/storeFiles`, [
          field('period', '2099-12'),
          file('files[]', 'f.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'), 'application/pdf'),
        ]);
      expect(res.status).toBe(422);
      expect(res.json.errors.period).toBeDefined();
    }

    // The edges of the window answer.
    for (const period of ['2000-01', lastPeriod()]) {
      const res = await api(t)
        .as(member)
        .post(side(`/clients/${client.id}/checklist`), { period });
      expect(res.status).toBe(200);
    }

    // Reads made no rows for months outside.
    const outside = (table: 'client_periods' | 'checklist_items' | 'media') =>
      t.ctx.db
        .selectFrom(table)
        .select('period')
        .where((eb) => eb.or([eb('period', '<', '2000-01'), eb('period', '>', lastPeriod())]))
        .execute();
    expect(await outside('client_periods')).toEqual([]);
    expect(await outside('checklist_items')).toEqual([]);
    expect(await outside('media')).toEqual([]);
  });
});
