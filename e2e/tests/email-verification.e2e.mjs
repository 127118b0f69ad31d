// Browser: a new owner's address is verified by the e-mailed link (issue 16). Register → the page says
// where the link went → the company area shows the notice → the link from the mail → the notice is gone.
// Then the invitation hijack, through the API: an impostor who registered the firm's address and CUI
// first is not linked when the real firm confirms the holding's invitation.
import assert from 'node:assert/strict';
import { test } from '../lib/runner.mjs';
import { anotherOffice, apiCall, apiLogin } from '../lib/api.mjs';
import { mailsTo, waitForMail } from '../lib/mail.mjs';
import { expectPath, passwordFields, randomCui, uniqueEmail } from '../lib/ui.mjs';

const PASSWORD = 'Parola-noua-123';

test('verify e-mail: register → notice in the company area → link from the mail → notice gone', async ({
  page,
  server,
}) => {
  const email = uniqueEmail('verifica');
  await page.goto('/register');
  await page.getByLabel('Numele companiei').fill('Verificare E2E SRL');
  await page.getByLabel('CUI (cod fiscal)').fill(randomCui());
  await page.getByLabel('Numele tău').fill('Ana Verificată');
  await page.getByLabel(/E-mailul tău/).fill(email);
  await passwordFields(page).nth(0).fill(PASSWORD);
  await passwordFields(page).nth(1).fill(PASSWORD);
  await page.getByRole('button', { name: 'Creează contul' }).click();

  await page
    .getByTestId('register-verify-notice')
    .filter({ hasText: `Ți-am trimis un link de confirmare la ${email}` })
    .waitFor({ state: 'visible' });
  assert.equal(await page.getByTestId('register-cui-claim').count(), 0, 'a free CUI: no claim');
  await page.getByRole('button', { name: 'Continuă în contul companiei' }).click();
  await expectPath(page, '/company/dashboard');
  const notice = page.getByTestId('email-verification-notice');
  await notice.waitFor({ state: 'visible' });
  await notice.getByRole('button', { name: 'Retrimite linkul' }).waitFor({ state: 'visible' });

  const mail = await waitForMail(server.dataDir, email);
  assert.match(mail.subject, /Confirm/, `the verification mail: ${mail.subject}`);
  const link = mail.links.find((href) => href.includes('/verify-email/'));
  assert.ok(link, `a verification link: ${mail.links.join(', ')}`);
  await page.goto(new URL(link).pathname);
  await page
    .getByTestId('email-link-done')
    .filter({ hasText: 'Adresa de e-mail a fost confirmată.' })
    .waitFor({ state: 'visible' });

  await page.getByRole('link', { name: 'Înapoi în contul tău' }).click();
  await expectPath(page, '/company/dashboard');
  // The link page read the session again: the area no longer shows the notice.
  await page.getByTestId('email-verification-notice').waitFor({ state: 'detached' });
});

test('verify e-mail: a squatter of the firm’s address and CUI is not linked when the real firm confirms', async ({
  server,
}) => {
  const tag = Date.now().toString(36);
  const firm = { name: `Contabil Real ${tag} SRL`, cui: randomCui(), email: uniqueEmail('firma-reala') };
  // The impostor registers the firm first, with its name, address and CUI (it never opens the firm's mail).
  const impostor = await apiCall(server, 'POST', '/api/company/create', {
    body: {
      company_name: firm.name,
      cui: firm.cui,
      name: 'Impostor',
      email: firm.email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    },
    from: anotherOffice(),
  });
  assert.equal(impostor.status, 201, impostor.text);
  assert.equal(impostor.body.user.email_verified, false);
  // The verification mail to the firm's address is written after the answer: wait for it, so the
  // invitation below is counted as the next mail, not mistaken for it.
  await waitForMail(server.dataDir, firm.email);
  // The holding invites the firm; the real firm opens the invitation from its mailbox and confirms.
  const { token, user } = await apiLogin(server, 'holding@demo.ro');
  const before = mailsTo(server.dataDir, firm.email).length;
  const invited = await apiCall(server, 'POST', `/api/holding/${user.holding_id}/company-requests`, {
    token,
    body: firm,
  });
  assert.equal(invited.status, 201, invited.text);
  const mail = await waitForMail(server.dataDir, firm.email, { since: before });
  const hash = new URL(mail.links.find((href) => href.includes('/company-request/'))).pathname.split('/').pop();
  const confirmed = await apiCall(server, 'POST', `/api/confirm-company/${hash}`, { body: {} });
  assert.equal(confirmed.status, 200, confirmed.text);
  assert.notEqual(confirmed.body.company.id, impostor.body.user.company_id, 'a new company, not the impostor’s');

  // The impostor's session ended and it can't sign in; the holding works with the real company only.
  const session = await apiCall(server, 'GET', '/api/user', { token: impostor.body.token });
  assert.equal(session.status, 401);
  const login = await apiCall(server, 'POST', '/api/login', { body: { email: firm.email, password: PASSWORD } });
  assert.equal(login.status, 401);
  const companies = await apiCall(server, 'GET', `/api/holding/${user.holding_id}/companies?per_page=100`, { token });
  assert.equal(companies.status, 200, companies.text);
  const ids = (companies.body.data ?? []).map((c) => c.id);
  assert.ok(ids.includes(confirmed.body.company.id), 'the real company is linked');
  assert.ok(!ids.includes(impostor.body.user.company_id), 'the impostor’s company is not');
});
