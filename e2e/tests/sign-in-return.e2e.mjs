// Browser (1366 px): a page asked for while signed out opens after sign-in. /client/de-trimis, a link
// into a client's month item and the firm's link from the „Am terminat” e-mail each go to /login,
// which remembers them (?next=), and signing in lands on that very page, not on the area's home.
import assert from 'node:assert/strict';
import { apiCall, apiLogin, clientWithContactAccount } from '../lib/api.mjs';
import { mailsTo, waitForMail } from '../lib/mail.mjs';
import { currentMonth } from '../lib/month.mjs';
import { test } from '../lib/runner.mjs';
import { emailField, expectPath, expectText } from '../lib/ui.mjs';

const PASSWORD = 'Urmeaza2026!e2e';

/** Signed out: opening `target` shows the sign-in form; signing in there lands on `target` itself. */
async function openSignedOutThenSignIn(page, target, email) {
  await page.evaluate(() => localStorage.clear());
  await page.goto(target);
  await expectPath(page, '/login');
  await emailField(page).fill(email);
  await page
    .getByLabel(/^parol/i)
    .first()
    .fill(PASSWORD);
  await page
    .getByRole('button', { name: /autentific/i })
    .first()
    .click();
  const wanted = new URL(target, 'http://x');
  await expectPath(page, wanted.pathname);
  const landed = new URL(page.url());
  assert.equal(`${landed.pathname}${landed.search}`, `${wanted.pathname}${wanted.search}`, 'the page asked for, whole');
}

test('sign-in return: signed out, /client/de-trimis, a client month item and the firm’s e-mail link open after sign-in', async ({
  page,
  server,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const period = currentMonth().period;
  const { ownerEmail, clientId, clientName, contactEmail } = await clientWithContactAccount(server, {
    tag: 'next',
    password: PASSWORD,
    companyName: 'Contabilitate Next E2E SRL',
    client: 'Brutăria Revenirii',
    contact: 'Ana Revine',
  });
  await page.goto('/');

  // The client's „De trimis”.
  await openSignedOutThenSignIn(page, '/client/de-trimis', contactEmail);
  await expectText(page, 'Ce mai am de trimis');

  // A link into the client's month, at one checklist item (as the rejection e-mail's button gives it).
  const contact = await apiLogin(server, contactEmail, PASSWORD);
  const holdingId = contact.user.holding_id;
  const checklist = await apiCall(server, 'POST', `/api/holding/${holdingId}/clients/${clientId}/checklist`, {
    token: contact.token,
    body: { period },
  });
  assert.equal(checklist.status, 200, `the checklist: ${checklist.text}`);
  const item = checklist.body.data.find((i) => i.name === 'Extras de cont') ?? checklist.body.data[0];
  await openSignedOutThenSignIn(page, `/client/${clientId}?tab=luna&period=${period}&item=${item.id}`, contactEmail);
  const current = page.locator('li[aria-current="true"]');
  await current.getByRole('heading', { name: item.name }).waitFor({ state: 'visible' });
  assert.equal(await current.evaluate((el) => el === document.activeElement), true, 'the linked item has the focus');

  // The firm's e-mail after „Am terminat”: its button opens that client's month.
  const before = mailsTo(server.dataDir, ownerEmail).length;
  const done = await apiCall(server, 'POST', `/api/holding/${holdingId}/clients/${clientId}/periods/${period}/done`, {
    token: contact.token,
  });
  assert.equal(done.status, 200, `„Am terminat”: ${done.text}`);
  const mail = await waitForMail(server.dataDir, ownerEmail, { since: before });
  const link = mail.links.find((href) => href.includes(`/company/clients/${clientId}`));
  assert.ok(link, `a link to the client's month in the mail: ${mail.links.join(', ')}`);
  const target = new URL(link);
  assert.equal(target.searchParams.get('period'), period, 'the link names the month');
  await openSignedOutThenSignIn(page, `${target.pathname}${target.search}`, ownerEmail);
  await expectText(page, clientName);
});
