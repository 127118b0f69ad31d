import { createTestApp, type TestApp } from '../../../test/helpers.js';
import {
  api,
  categoryIdsByName,
  createClient,
  createCompany,
  createHolding,
  createUser,
  uploadDocument,
  type Actor,
  type Client,
  type Company,
  type Holding,
} from '../../../test/factories.js';
import { drainOutbox } from '../../infra/outbox.js';
import { REJECTION_MAIL_DELAY_SECONDS } from './review-service.js';

// The month's e-mails as their reader gets them: Romanian that agrees with itself („documentul … trimis”,
// „documentele … trimise”), the month in lower case inside a sentence, names in „…”, and a button that
// opens the very item, month or client page the mail is about — never just the area's home page.
let t: TestApp;
let firm: Company;
let staff: Actor;
let holding: Holding & { client: Client };
let member: Actor;
let cats: Record<string, number>;
let origin: string;

const company = (path: string) => `/api/company/${firm.id}${path}`;
const later = () => new Date(Date.now() + (REJECTION_MAIL_DELAY_SECONDS + 1) * 1000);

/** The address of a mail's button, as its text part writes it (`label: url`). */
function buttonOf(text: string): { label: string; url: URL } {
  const line = text.split('\n').find((l) => l.includes(`: ${origin}`)) ?? '';
  const at = line.indexOf(`: ${origin}`);
  return { label: line.slice(0, at), url: new URL(line.slice(at + 2)) };
}

async function reject(client: Client, docId: number, reason: string) {
  const res = await api(t)
    .as(staff)
    .post(company(`/clients/${client.id}/media/${docId}/review`), { status: 'rejected', reason });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  firm = await createCompany(t, { name: 'Contabil Expert SRL' });
  staff = await createUser(t, firm, { role: 3 });
  holding = await createHolding(t, firm);
  member = await createUser(t, holding, { role: 5, name: 'Maria Ionescu' });
  cats = await categoryIdsByName(t, firm);
  origin = t.ctx.config.publicUrl.replace(/\/$/, '');
}, 120_000);
afterAll(() => t?.close());

test('one rejected document: „documentul … trimis”, the month in lower case, a link to its checklist item', async () => {
  const client = await createClient(t, firm, { holding_id: holding.id, name: 'Alfa Distribuție SRL' });
  const doc = await uploadDocument(t, member, client, {
    period: '2026-11',
    category_id: cats['Facturi emise'],
    name: 'factura-7.pdf',
  });
  const checklist = await api(t).as(member).post(`/api/holding/${holding.id}/clients/${client.id}/checklist`, {
    period: '2026-11',
  });
  const item = (checklist.json.data as { id: number; name: string }[]).find((i) => i.name === 'Facturi emise');
  t.mail.sent.length = 0;
  await reject(client, doc.id, 'Document ilizibil');
  await drainOutbox(t.ctx, { asOf: later() });
  const [mail] = t.mail.to(member.email);
  expect(mail.subject).toBe('Document respins: „factura-7.pdf”');
  expect(mail.text).toContain(
    'a respins documentul „factura-7.pdf” (noiembrie 2026), trimis pentru „Alfa Distribuție SRL”.',
  );
  expect(mail.text).not.toMatch(/Noiembrie|trimise/);
  expect(mail.text).toContain('Te rugăm să încarci un document corect în locul lui.');
  const button = buttonOf(mail.text);
  expect(button.label).toBe('Încarcă documentul corect');
  expect(`${button.url.pathname}?${button.url.searchParams.toString()}`).toBe(
    `/client/${client.id}?tab=luna&period=2026-11&item=${item?.id}`,
  );
  expect(mail.html).toContain(`href="${button.url.href.replace(/&/g, '&amp;')}"`);
});

test('several rejected documents of a month: „documentele … trimise”, a plural subject, a link to the month', async () => {
  const client = await createClient(t, firm, { holding_id: holding.id, name: 'Beta Servicii SRL' });
  const first = await uploadDocument(t, member, client, { period: '2026-10', name: 'bon-1.pdf' });
  const second = await uploadDocument(t, member, client, {
    period: '2026-10',
    category_id: cats['Facturi emise'],
    name: 'bon-2.pdf',
  });
  t.mail.sent.length = 0;
  await reject(client, first.id, 'Lipsește ștampila');
  await reject(client, second.id, 'Lipsește ștampila');
  await drainOutbox(t.ctx, { asOf: later() });
  const [mail] = t.mail.to(member.email);
  expect(mail.subject).toBe('2 documente respinse');
  expect(mail.text).toContain(
    'a respins documentele „bon-1.pdf” (octombrie 2026), „bon-2.pdf” (octombrie 2026), trimise pentru „Beta Servicii SRL”.',
  );
  const button = buttonOf(mail.text);
  expect(button.label).toBe('Încarcă documentele corecte');
  expect(`${button.url.pathname}${button.url.search}`).toBe(`/client/${client.id}?tab=luna&period=2026-10`);
});

test('„Am terminat” tells the firm with the month in lower case and opens that client’s month', async () => {
  t.mail.sent.length = 0;
  const client = holding.client;
  const done = await api(t).as(member).post(`/api/holding/${holding.id}/clients/${client.id}/periods/2026-09/done`);
  expect(done.status).toBe(200);
  await drainOutbox(t.ctx);
  const [mail] = t.mail.to(staff.email);
  expect(mail.subject).toBe(`„${client.name}” a terminat septembrie 2026`);
  expect(mail.text).toContain(
    `Maria Ionescu („${client.name}”) a anunțat că a trimis toate documentele pentru septembrie 2026.`,
  );
  const button = buttonOf(mail.text);
  expect(button.label).toBe('Deschide septembrie 2026');
  expect(`${button.url.pathname}${button.url.search}`).toBe(`/company/clients/${client.id}?tab=luna&period=2026-09`);
});
