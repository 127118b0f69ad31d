// Browser: register → signed in as owner; forgot password → e-mail → reset → sign in.
import assert from 'node:assert/strict';
import { test } from '../lib/runner.mjs';
import { anotherOffice } from '../lib/api.mjs';
import { waitForMail, mailsTo } from '../lib/mail.mjs';
import { emailField, expectPath, passwordFields, randomCui, signIn, uniqueEmail } from '../lib/ui.mjs';

test('register: a new company and its owner, then signed in as owner in /company', async ({ page }) => {
  const email = uniqueEmail('owner');
  await page.goto('/register');
  await page
    .getByLabel(/(numele|denumirea) (firmei|companiei)|^(firma|companie)/i)
    .first()
    .fill('Contabilitate E2E SRL');
  await page
    .getByLabel(/cui|cod fiscal|cod de identificare/i)
    .first()
    .fill(randomCui());
  await page
    .getByLabel(/^(numele tău|numele tau|nume( și prenume)?|numele complet)$/i)
    .first()
    .fill('Ana Popescu');
  await page
    .getByLabel(/e-?mailul (tău|tau)|pentru autentificare/i)
    .first()
    .fill(email);
  const passwords = passwordFields(page);
  assert.ok((await passwords.count()) >= 2, 'a password and its confirmation');
  await passwords.nth(0).fill('Parola-noua-123');
  await passwords.nth(1).fill('Parola-noua-123');
  await page
    .getByRole('button', { name: /înregistr|inregistr|creeaz|creea|cont nou/i })
    .first()
    .click();
  // The page tells where the verification link went, then the owner goes on into the company area.
  await page.getByText(/Ți-am trimis un link de confirmare la/).waitFor({ state: 'visible' });
  await page.getByRole('button', { name: 'Continuă în contul companiei' }).click();
  await expectPath(page, /^\/company(\/|$)/);
  await expectPath(page, '/company/dashboard');
  const user = await page.evaluate(async () => {
    const token = localStorage.getItem('bearer_token');
    const response = await fetch('/api/user', {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    });
    return response.json();
  });
  assert.equal(user.email, email);
  assert.equal(user.role, 2, 'the new account is the company owner');
});

/** A fresh owner through the public API, so the demo accounts keep their passwords. */
async function registerThroughApi(server, email, password) {
  const response = await fetch(`${server.url}/api/company/create`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Forwarded-For': anotherOffice() },
    body: JSON.stringify({
      company_name: 'Resetare E2E SRL',
      cui: randomCui(),
      name: 'Ion Ionescu',
      email,
      password,
      password_confirmation: password,
    }),
  });
  assert.equal(response.status, 201, `register through the API: ${await response.text()}`);
}

test('password: forgot → e-mail → reset link → sign in with the new password', async ({ page, server }) => {
  const email = uniqueEmail('reset');
  const oldPassword = 'Vechea-parola-1';
  const newPassword = 'Noua-parola-2026';
  await registerThroughApi(server, email, oldPassword);
  // Registration mails a verification link first (through the outbox): count from after it.
  await waitForMail(server.dataDir, email);
  const before = mailsTo(server.dataDir, email).length;

  await page.goto('/login');
  await page
    .getByRole('link', { name: /ai uitat|uitat parola|resetare|resetează/i })
    .first()
    .click();
  await expectPath(page, '/forgot-password');
  // The page's code loads on demand: until its heading shows, the e-mail field found may still be the login form's.
  await page.getByRole('heading', { name: /resetarea parolei/i }).waitFor({ state: 'visible' });
  await emailField(page).fill(email);
  await page
    .getByRole('button', { name: /trimite|resetare|resetează|reseteaza/i })
    .first()
    .click();
  // The same answer for every address; the mail carries the link.
  await page.locator('.swal2-container, [role="status"], [role="alert"]').first().waitFor({ state: 'visible' });

  const mail = await waitForMail(server.dataDir, email, { since: before });
  const link = mail.links.find((href) => href.includes('/reset-password/'));
  assert.ok(link, `a reset link in the mail: ${mail.links.join(', ')}`);
  const target = new URL(link);
  assert.equal(target.origin, server.url, 'the link points at this server (PUBLIC_URL)');

  await page.goto(target.pathname + target.search);
  const passwords = passwordFields(page);
  await passwords.first().waitFor({ state: 'visible' });
  const emailInput = emailField(page);
  if ((await emailInput.count()) && !(await emailInput.inputValue())) await emailInput.fill(email);
  await passwords.nth(0).fill(newPassword);
  if ((await passwords.count()) > 1) await passwords.nth(1).fill(newPassword);
  await page
    .getByRole('button', { name: /salveaz|resetează|reseteaza|schimbă|schimba|setează|seteaza/i })
    .first()
    .click();
  await expectPath(page, /^\/(login|company\/dashboard)$/);

  // The old password no longer works; the new one does.
  if (new URL(page.url()).pathname !== '/login') {
    await page.evaluate(() => localStorage.removeItem('bearer_token'));
  }
  await signIn(page, email, oldPassword);
  await page.locator('.swal2-container, [role="alert"]').first().waitFor({ state: 'visible' });
  await expectPath(page, '/login');
  await page.reload();
  await signIn(page, email, newPassword);
  await expectPath(page, '/company/dashboard');

  // The link works once.
  await page.evaluate(() => localStorage.removeItem('bearer_token'));
  const reuse = await fetch(`${server.url}/api/password/reset`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({
      token: target.pathname.split('/').pop(),
      email,
      password: 'Alta-parola-3',
      password_confirmation: 'Alta-parola-3',
    }),
  });
  assert.equal(reuse.status, 422, 'a used reset link is refused');
});
