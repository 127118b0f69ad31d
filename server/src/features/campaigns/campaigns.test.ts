import { bearer, createTestApp, type TestApp } from '../../../test/helpers.js';
import {
  createAdmin,
  createCompany,
  createHolding,
  type Actor,
  type Company,
  type Holding,
} from '../../../test/factories.js';
import { backoffSeconds, drainOutbox, enqueueMail, MAX_ATTEMPTS } from '../../infra/outbox.js';
import { htmlToText } from './html-to-text.js';
import { cleanHtml } from './service.js';
import type { Mailer } from '../../infra/mailer.js';

// Two companies, each with a holding whose administrator signed in: the whole audience of this file.
let t: TestApp;
let administrator: Actor;
let admin: string;
let first: Company;
let second: Company;
let firstHolding: Holding;
let secondHolding: Holding;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  administrator = await createAdmin(t, { name: 'Administrator Campanii' });
  admin = administrator.token;
  first = await createCompany(t, { name: 'Contabil Unu SRL', ownerName: 'Proprietar Unu' });
  second = await createCompany(t, { name: 'Contabil Doi SRL', ownerName: 'Proprietar Doi' });
  firstHolding = await createHolding(t, first);
  secondHolding = await createHolding(t, second);
});
afterAll(() => t.close());

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(admin), payload });
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(admin) });
const adminOf = (holding: Holding): string => (holding.admin as Actor).email;

const compose = {
  subject: 'Noutăți Dosar pentru {{firma}}',
  html: '<h1>Bună, {{nume}}!</h1><p>Am lansat <b>exportul</b> &amp; <a href="https://dosar.ro/noutati">noutățile</a>.</p><script>alert(1)</script><ul><li>unu</li><li>doi</li></ul>',
};

describe('html → text fallback', () => {
  test('paragraphs, links, lists and entities', () => {
    expect(
      htmlToText(
        '<p>Bună&nbsp;ziua,<br>lume</p><p>A &amp; B &#x21; <a href="https://x.ro/a?b=1&amp;c=2">aici</a></p><ul><li>unu</li><li>doi</li></ul>',
      ),
    ).toBe('Bună ziua,\nlume\n\nA & B ! aici (https://x.ro/a?b=1&c=2)\n\n- unu\n- doi');
    expect(htmlToText('<style>p{color:red}</style><div>x</div><script>y()</script>')).toBe('x');
  });
});

describe('campaign HTML', () => {
  test('handlers, scripts and javascript: links are dropped however they are written; formatting stays', () => {
    const attacks = [
      '<img src="https://dosar.ro/x.png" onerror="alert(1)">',
      '<img src=x onerror=alert(1)>',
      '<a href="&#106;avascript:alert(1)">a</a>',
      '<a href="&#x6A;&#x61;vascript&colon;alert(1)">b</a>',
      '<a href="jav&#x09;ascript:alert(1)">c</a>',
      '<a href=" JAVASCRIPT:alert(1)">d</a>',
      '<svg><script>alert(1)</script></svg>',
      '<p style="background:url(javascript:alert(1))" onclick="x()">e</p>',
      '<iframe src="https://evil.example"></iframe><form action="https://evil.example"><input></form>',
      '<img src="data:image/svg+xml;base64,PHN2Zz4=">',
    ].join('');
    const clean = cleanHtml(attacks).toLowerCase();
    for (const bad of [
      'onerror',
      'onclick',
      'javascript',
      '<script',
      '<svg',
      '<iframe',
      '<form',
      '<input',
      'style=',
      'data:',
    ]) {
      expect([bad, clean.includes(bad)]).toEqual([bad, false]);
    }
    expect(
      cleanHtml('<h1>Bună</h1><p><b>ex</b> <a href="https://dosar.ro/noutati">noutăți</a></p><ul><li>unu</li></ul>'),
    ).toBe(
      '<h1>Bună</h1><p><b>ex</b> <a href="https://dosar.ro/noutati" rel="noopener noreferrer">noutăți</a></p><ul><li>unu</li></ul>',
    );
  });
});

describe('campaigns', () => {
  test('preview: recipients count and the rendered mail for each audience', async () => {
    const owners = await post('/api/admin/campaigns/preview', { ...compose, audience: 'company_owners' });
    expect(owners.statusCode).toBe(200);
    const body = owners.json();
    expect(body.recipients_count).toBe(2);
    expect(body.recipients.map((r: { email: string }) => r.email)).toEqual([first.owner.email, second.owner.email]);
    expect(body.subject).toBe('Noutăți Dosar pentru Contabil Unu SRL');
    expect(body.html).toContain('<h1>Bună, Proprietar Unu!</h1>');
    expect(body.html).not.toContain('<script');
    expect(body.text).toContain('noutățile (https://dosar.ro/noutati)');
    expect(body.text).toContain('- unu\n- doi');

    const holdings = await post('/api/admin/campaigns/preview', { ...compose, audience: 'holding_admins' });
    expect(holdings.json().recipients.map((r: { email: string }) => r.email)).toEqual([
      adminOf(firstHolding),
      adminOf(secondHolding),
    ]);

    const chosen = await post('/api/admin/campaigns/preview', {
      ...compose,
      audience: 'tenants',
      company_ids: [second.id],
      holding_ids: [firstHolding.id],
    });
    expect(chosen.json().recipients.map((r: { email: string }) => r.email)).toEqual([
      second.owner.email,
      adminOf(firstHolding),
    ]);

    const none = await post('/api/admin/campaigns/preview', { ...compose, audience: 'tenants' });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.company_ids).toEqual(['Alege cel puțin o firmă sau un holding.']);
    const empty = await post('/api/admin/campaigns/preview', {
      subject: 'X',
      html: '<p> </p>',
      audience: 'company_owners',
    });
    expect(empty.statusCode).toBe(422);
    expect((await post('/api/admin/campaigns/preview', { subject: 'X', html: 'y', audience: 'all' })).statusCode).toBe(
      422,
    );
  });

  test('suspended companies are left out', async () => {
    await t.ctx.db.updateTable('companies').set({ status: 'suspended' }).where('id', '=', second.id).execute();
    const res = await post('/api/admin/campaigns/preview', { ...compose, audience: 'company_owners' });
    expect(res.json().recipients_count).toBe(1);
    await t.ctx.db.updateTable('companies').set({ status: 'active' }).where('id', '=', second.id).execute();
  });

  test('send: queued through the outbox, progress polled until done, in the history', async () => {
    const sent = await post('/api/admin/campaigns', { ...compose, audience: 'company_owners' });
    expect(sent.statusCode).toBe(201);
    const campaign = sent.json();
    expect(campaign).toMatchObject({
      subject: compose.subject,
      recipients_count: 2,
      status: 'sending',
      progress: { total: 2, sent: 0, failed: 0, queued: 2 },
      created_by_name: 'Administrator Campanii',
    });

    await drainOutbox(t.ctx);
    const progress = await get(`/api/admin/campaigns/${campaign.id}`);
    expect(progress.json()).toMatchObject({ status: 'done', progress: { total: 2, sent: 2, failed: 0, queued: 0 } });
    expect(progress.json().text).toContain('Bună, {{nume}}!');

    const [mail] = t.mail.to(second.owner.email).filter((m) => m.subject.startsWith('Noutăți'));
    expect(mail.subject).toBe('Noutăți Dosar pentru Contabil Doi SRL');
    expect(mail.html).toContain('Bună, Proprietar Doi!');
    expect(mail.text).toContain('Am lansat exportul & noutățile (https://dosar.ro/noutati).');
    expect(mail.text).toContain('Primești acest mesaj pentru că ai un cont în Dosar.');

    const history = await get('/api/admin/campaigns');
    expect(history.json().meta.total).toBe(1);
    expect(history.json().data[0]).toMatchObject({ id: campaign.id, status: 'done', progress: { sent: 2 } });
    expect((await get('/api/admin/campaigns/999999')).statusCode).toBe(404);
  });
});

describe('mail outbox', () => {
  test('failures retry with backoff, then fail for good after MAX_ATTEMPTS', async () => {
    const failing: Mailer = {
      async send(message) {
        if (message.to === 'bad@example.ro') throw new Error('550 mailbox unavailable');
        await t.mail.send(message);
      },
      async close() {},
    };
    const id = await enqueueMail(t.ctx.db, { to: 'bad@example.ro', subject: 's', html: '<p>h</p>', text: 'h' });
    await enqueueMail(t.ctx.db, { to: 'good@example.ro', subject: 's', html: '<p>h</p>', text: 'h' });
    const first = await drainOutbox({ db: t.ctx.db, mailer: failing });
    expect(first).toEqual({ sent: 1, failed: 0, retrying: 1 });
    expect(t.mail.to('good@example.ro')).toHaveLength(1);
    const row = await t.ctx.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'queued', attempts: 1, last_error: '550 mailbox unavailable' });
    expect(row.next_attempt_at.getTime() - Date.now()).toBeGreaterThan((backoffSeconds(1) - 5) * 1000);
    // Not due yet: nothing happens.
    expect(await drainOutbox({ db: t.ctx.db, mailer: failing })).toEqual({ sent: 0, failed: 0, retrying: 0 });

    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      await t.ctx.db
        .updateTable('mail_outbox')
        .set({ next_attempt_at: new Date(Date.now() - 1000) })
        .where('id', '=', id)
        .execute();
      await drainOutbox({ db: t.ctx.db, mailer: failing });
    }
    const last = await t.ctx.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(last).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
  });
});
