// Browser: the company-request flow. holding@demo.ro invites an accounting company
// from /client/company; the invitation e-mail leads to /company-request/{hash}, where the
// company confirms (its new owner sets a password, signs in and sees the group) or rejects;
// a used link is refused with a Romanian message.
import assert from 'node:assert/strict';
import { test } from '../lib/runner.mjs';
import { apiCall, apiLogin } from '../lib/api.mjs';
import { mailsTo, waitForMail } from '../lib/mail.mjs';
import {
  answerDialog,
  areaSidebar,
  expectPath,
  expectToast,
  passwordFields,
  randomCui,
  signInAs,
  uniqueEmail,
} from '../lib/ui.mjs';

const HOLDING = 'Grup Demo';
const suffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** holding@demo.ro, signed in, sends an invitation from /client/company; answers the e-mailed link's path. */
async function inviteFromClientArea(page, server, company) {
  await signInAs(page, 'holding@demo.ro');
  await areaSidebar(page).getByRole('link', { name: 'Firme de contabilitate', exact: true }).click();
  await expectPath(page, '/client/company');
  await page.getByRole('heading', { level: 2, name: 'Invită o firmă de contabilitate' }).waitFor({ state: 'visible' });
  const before = mailsTo(server.dataDir, company.email).length;
  await page.getByLabel('Numele firmei', { exact: true }).fill(company.name);
  await page.getByLabel('CUI', { exact: true }).fill(company.cui);
  await page.getByLabel('E-mail', { exact: true }).fill(company.email);
  await page.getByRole('button', { name: 'Trimite invitația' }).click();
  await expectToast(page, 'Invitația a fost trimisă pe e-mail.');
  // The invitation is listed as pending.
  const sent = page.getByRole('row').filter({ hasText: company.email });
  await sent.getByText('În așteptare', { exact: true }).waitFor({ state: 'visible' });

  const mail = await waitForMail(server.dataDir, company.email, { since: before });
  const link = mail.links.find((href) => href.includes('/company-request/'));
  assert.ok(link, `an invitation link in the mail: ${mail.links.join(', ')}`);
  const target = new URL(link);
  assert.equal(target.origin, server.url, 'the link points at this server (PUBLIC_URL)');
  assert.match(mail.text, new RegExp(HOLDING), 'the mail names the inviting group');
  return target.pathname;
}

/** The public page of a pending request: who invites whom. */
async function openInvitation(page, requestPath, company) {
  await page.goto(requestPath);
  await page.getByRole('heading', { level: 1, name: 'Invitație de colaborare' }).waitFor({ state: 'visible' });
  await page
    .getByText(`Holdingul ${HOLDING} invită firma de contabilitate ${company.name}`)
    .waitFor({ state: 'visible' });
  await page.getByText(company.email, { exact: true }).waitFor({ state: 'visible' });
}

test(
  'company-request: invite → e-mail → confirm → the new owner sets a password, signs in and sees Grup Demo',
  async ({ page, server, newBrowser }) => {
    const tag = suffix();
    const company = { name: `Contabilitate Invitată ${tag} SRL`, cui: randomCui(), email: uniqueEmail('invitata') };
    const requestPath = await inviteFromClientArea(page, server, company);

    // The invited company, in its own browser (nobody signed in), confirms.
    const visitor = await newBrowser();
    await openInvitation(visitor.page, requestPath, company);
    const mailsBefore = mailsTo(server.dataDir, company.email).length;
    await visitor.page.getByLabel('Numele tău (opțional)').fill('Ioana Invitată');
    await visitor.page.getByRole('button', { name: 'Confirmă', exact: true }).click();
    await answerDialog(visitor.page, 'Confirmă');
    await visitor.page
      .getByRole('heading', { level: 1, name: 'Colaborarea a fost confirmată' })
      .waitFor({ state: 'visible' });
    await visitor.page
      .getByRole('status')
      .filter({ hasText: `Compania „${company.name}” a fost creată și legată de holding` })
      .waitFor({ state: 'visible' });

    // The new owner's set-password e-mail → /reset-password/… → a password of their own.
    const mail = await waitForMail(server.dataDir, company.email, { since: mailsBefore });
    const link = mail.links.find((href) => href.includes('/reset-password/'));
    assert.ok(link, `a set-password link in the mail "${mail.subject}": ${mail.links.join(', ')}`);
    const target = new URL(link);
    const password = `Parola-${tag}-1`;
    await visitor.page.goto(target.pathname + target.search);
    await visitor.page.getByRole('heading', { level: 1, name: 'Alege o parolă' }).waitFor({ state: 'visible' });
    assert.equal(await visitor.page.getByLabel('E-mail').inputValue(), company.email, 'the e-mail comes from the link');
    await passwordFields(visitor.page).nth(0).fill(password);
    await passwordFields(visitor.page).nth(1).fill(password);
    await visitor.page.getByRole('button', { name: 'Salvează parola și intră' }).click();

    // Signed in straight away as the owner of the new company; finds the inviting holding among its holdings.
    await expectPath(visitor.page, '/company/dashboard');
    const user = await visitor.page.evaluate(async () => {
      const token = localStorage.getItem('bearer_token');
      const response = await fetch('/api/user', {
        headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
      });
      return response.json();
    });
    assert.equal(user.role, 2, 'the invited company gets an owner (role 2)');
    assert.equal(user.name, 'Ioana Invitată', 'named as typed on the invitation page');
    await areaSidebar(visitor.page).getByRole('link', { name: 'Holdinguri', exact: true }).click();
    await expectPath(visitor.page, '/company/holdings');
    await visitor.page.getByRole('row').filter({ hasText: HOLDING }).first().waitFor({ state: 'visible' });

    // The group sees the new accounting company and the invitation confirmed.
    await page.reload();
    await page.getByRole('row').filter({ hasText: company.name }).first().waitFor({ state: 'visible' });
    await page
      .getByRole('row')
      .filter({ hasText: company.email })
      .getByText('Confirmată', { exact: true })
      .waitFor({ state: 'visible' });
    await page.getByRole('button', { name: `Elimină ${company.name} din holding` }).waitFor({ state: 'visible' });
  },
  { timeout: 120_000 },
);

test('company-request: the invited company rejects; no account is made and the link then stays refused', async ({
  page,
  server,
  newBrowser,
}) => {
  const tag = suffix();
  const company = { name: `Contabilitate Refuz ${tag} SRL`, cui: randomCui(), email: uniqueEmail('refuz') };
  const requestPath = await inviteFromClientArea(page, server, company);

  const visitor = await newBrowser();
  await openInvitation(visitor.page, requestPath, company);
  await visitor.page.getByRole('button', { name: 'Respinge', exact: true }).click();
  await answerDialog(visitor.page, 'Respinge');
  await visitor.page.getByRole('heading', { level: 1, name: 'Cererea a fost respinsă' }).waitFor({ state: 'visible' });
  await visitor.page
    .getByRole('status')
    .filter({ hasText: 'Cererea a fost respinsă. Holdingul a fost anunțat.' })
    .waitFor({ state: 'visible' });

  // Opening the same link again: refused, in Romanian.
  await visitor.page.reload();
  await visitor.page
    .getByRole('heading', { level: 1, name: 'Linkul nu mai este valabil' })
    .waitFor({ state: 'visible' });
  await visitor.page
    .getByRole('alert')
    .filter({ hasText: 'Această cerere a fost deja respinsă; linkul nu mai poate fi folosit.' })
    .waitFor({ state: 'visible' });
  assert.equal(await visitor.page.getByRole('button', { name: 'Confirmă', exact: true }).count(), 0);

  // No account was created for the address; the group sees the invitation rejected.
  const login = await apiCall(server, 'POST', '/api/login', {
    body: { email: company.email, password: 'x'.repeat(10) },
  });
  assert.equal(login.status, 401);
  await page.reload();
  await page
    .getByRole('row')
    .filter({ hasText: company.email })
    .getByText('Respinsă', { exact: true })
    .waitFor({ state: 'visible' });
  assert.equal(await page.getByRole('button', { name: `Elimină ${company.name} din holding` }).count(), 0);
});

test('company-request: a link already used is refused with the Romanian message, on the page and by the API', async ({
  page,
  server,
}) => {
  const tag = suffix();
  const company = { name: `Contabilitate Folosită ${tag} SRL`, cui: randomCui(), email: uniqueEmail('folosita') };
  // Set up through the API: invited by holding@demo.ro and confirmed once.
  const { token, user } = await apiLogin(server, 'holding@demo.ro');
  const before = mailsTo(server.dataDir, company.email).length;
  const invited = await apiCall(server, 'POST', `/api/holding/${user.holding_id}/company-requests`, {
    token,
    body: company,
  });
  assert.equal(invited.status, 201, `invite through the API: ${invited.text}`);
  const mail = await waitForMail(server.dataDir, company.email, { since: before });
  const link = mail.links.find((href) => href.includes('/company-request/'));
  assert.ok(link, `an invitation link: ${mail.links.join(', ')}`);
  const hash = new URL(link).pathname.split('/').pop();
  const first = await apiCall(server, 'POST', `/api/confirm-company/${hash}`, { body: {} });
  assert.equal(first.status, 200, `the first confirmation: ${first.text}`);

  // The second visit to the link.
  await page.goto(new URL(link).pathname);
  await page.getByRole('heading', { level: 1, name: 'Linkul nu mai este valabil' }).waitFor({ state: 'visible' });
  await page
    .getByRole('alert')
    .filter({ hasText: 'Această cerere a fost deja confirmată; linkul nu mai poate fi folosit.' })
    .waitFor({ state: 'visible' });
  assert.equal(await page.getByRole('button', { name: 'Confirmă', exact: true }).count(), 0, 'nothing to confirm');
  assert.equal(await page.getByRole('button', { name: 'Respinge', exact: true }).count(), 0, 'nothing to reject');

  // The API answers the same, for both actions (410 Gone with the Romanian message).
  for (const action of ['confirm-company', 'reject-company', 'company-requests']) {
    const again = await apiCall(server, 'POST', `/api/${action}/${hash}`, { body: {} });
    assert.equal(again.status, 410, `${action} on a used hash: ${again.text}`);
    assert.equal(again.body?.message, 'Această cerere a fost deja confirmată; linkul nu mai poate fi folosit.');
  }
  // An unknown hash: 404 and its own message on the page.
  await page.goto(`/company-request/${'x'.repeat(43)}`);
  await page.getByRole('heading', { level: 1, name: 'Cerere negăsită' }).waitFor({ state: 'visible' });
  await page.getByRole('alert').filter({ hasText: 'Cererea nu a fost găsită.' }).waitFor({ state: 'visible' });
});
