// Browser: two-factor sign-in. Enable it in the profile (QR + key, first code, recovery codes),
// sign out, sign in with a code, then with a recovery code, turn it off with a code; the owner requires it of the whole
// firm and the staff member gets the setup screen first; sessions closed from another browser;
// the profile's security cards on a phone. Codes are computed here (RFC 6238) as the phone
// app would. Every test works on a company of its own, never on the demo accounts.
import assert from 'node:assert/strict';
import { test } from '../lib/runner.mjs';
import { apiCall, apiLogin, registerCompany } from '../lib/api.mjs';
import { waitForMail, mailsTo } from '../lib/mail.mjs';
import { freshTotp, totp } from '../lib/totp.mjs';
import { answerDialog, emailField, expectPath, expectText, signIn, uniqueEmail } from '../lib/ui.mjs';

const PASSWORD = 'Parola-2fa-2026';
const SETUP_TITLE = 'Firma ta cere autentificarea în doi pași';

const twoFactorCard = (page) => page.getByRole('region', { name: 'Autentificare în doi pași' });
const sessionsCard = (page) => page.getByRole('region', { name: 'Sesiuni active' });

/** A fresh company and its owner; answers {email, companyId}. */
async function freshOwner(server, prefix) {
  const email = uniqueEmail(prefix);
  const registered = await registerCompany(server, { email, password: PASSWORD, companyName: 'Doi Pași E2E SRL' });
  return { email, companyId: registered.user?.company_id ?? registered.user?.company?.id };
}

/**
 * Goes through the enable flow shown in `scope` (the profile card or the setup screen): the
 * password, the key read from the page, the first code. Answers {secret, codes, used steps}.
 */
async function enableInBrowser(page, scope, used = new Set()) {
  await scope.getByLabel(/^Parola actuală/).fill(PASSWORD);
  await scope.getByRole('button', { name: 'Continuă' }).click();
  const qr = scope.getByRole('img', { name: 'Cod QR pentru aplicația de autentificare' });
  await qr.waitFor({ state: 'visible' });
  assert.match(await qr.getAttribute('src'), /^data:image\/svg\+xml/, 'the QR code is an image, not page markup');
  const secret = (await scope.getByLabel(/Introdu manual cheia/).inputValue()).replace(/\s/g, '');
  assert.match(secret, /^[A-Z2-7]{16,}$/, `a base32 key to type by hand: ${secret}`);
  const code = scope.getByLabel(/^Cod de verificare/);
  assert.equal(await code.getAttribute('autocomplete'), 'one-time-code');
  await code.fill(await freshTotp(secret, used));
  await scope.getByRole('button', { name: 'Activează', exact: true }).click();
  const list = scope.getByRole('list', { name: 'Coduri de rezervă' });
  await list.waitFor({ state: 'visible' });
  const codes = (await list.getByRole('listitem').allInnerTexts()).map((c) => c.trim());
  assert.equal(codes.length, 10, `ten recovery codes: ${codes.join(', ')}`);
  return { secret, codes, used };
}

/** Signs out through the area header. */
async function signOut(page) {
  await page.getByRole('button', { name: 'Deconectare' }).click();
  await expectPath(page, '/login');
}

/** The login's first step with a password; waits for the second step. */
async function passwordStep(page, email) {
  await signIn(page, email, PASSWORD);
  await page.getByLabel('Cod de verificare').waitFor({ state: 'visible' });
}

test(
  'two-factor: enable in the profile, sign out, sign in with a code, then with a recovery code',
  async ({ page, server }) => {
    const { email } = await freshOwner(server, 'doi-pasi');
    await signIn(page, email, PASSWORD);
    await expectPath(page, '/company/dashboard');
    await page.goto('/company/profile');
    const card = twoFactorCard(page);
    await card.getByText('Inactivă').waitFor({ state: 'visible' });
    await card.getByRole('button', { name: 'Activează autentificarea în doi pași' }).click();
    const { secret, codes, used } = await enableInBrowser(page, card);
    await card.getByText(/Păstrează aceste coduri într-un loc sigur/).waitFor({ state: 'visible' });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Descarcă (.txt)' }).click(),
    ]);
    assert.equal(download.suggestedFilename(), 'dosar-coduri-de-rezerva.txt');
    await card.getByRole('button', { name: 'Am salvat codurile' }).click();
    await card.getByText('Activă', { exact: true }).waitFor({ state: 'visible' });
    assert.equal(await card.getByRole('list', { name: 'Coduri de rezervă' }).count(), 0, 'the codes are shown once');

    // Sign out; the password alone is not enough any more.
    await signOut(page);
    await passwordStep(page, email);
    assert.equal(await page.evaluate(() => localStorage.getItem('bearer_token')), null, 'no token after the password');
    const device = await page.evaluate(() => localStorage.getItem('dosar.device'));
    assert.ok(device, 'the browser keeps a device id');
    await page.getByLabel('Cod de verificare').fill('000000' === totp(secret) ? '111111' : '000000');
    await page.getByLabel('Cod de verificare').press('Enter');
    await expectText(page, 'Codul nu este corect.');
    await page.getByLabel('Cod de verificare').fill(await freshTotp(secret, used));
    await page.getByLabel('Cod de verificare').press('Enter');
    await expectPath(page, '/company/dashboard');

    // A recovery code works once.
    await signOut(page);
    await passwordStep(page, email);
    await page.getByRole('button', { name: 'Folosește un cod de rezervă' }).click();
    await page.getByLabel('Cod de rezervă').fill(codes[0]);
    await page.getByRole('button', { name: 'Verifică' }).click();
    await expectPath(page, '/company/dashboard');
    await signOut(page);
    await passwordStep(page, email);
    await page.getByRole('button', { name: 'Folosește un cod de rezervă' }).click();
    await page.getByLabel('Cod de rezervă').fill(codes[0]);
    await page.getByRole('button', { name: 'Verifică' }).click();
    await page.getByRole('alert').or(page.locator('#login-recovery_code-error')).first().waitFor({ state: 'visible' });
    await expectPath(page, '/login');

    // Turning it off asks for a code of the app besides the password (a stolen session and password
    // are not enough).
    await page.getByLabel('Cod de rezervă').fill(codes[1]);
    await page.getByRole('button', { name: 'Verifică' }).click();
    await expectPath(page, '/company/dashboard');
    await page.goto('/company/profile');
    await card.getByRole('button', { name: 'Dezactivează' }).click();
    await card.getByLabel(/^Parola actuală/).fill(PASSWORD);
    const off = card.getByRole('button', { name: 'Dezactivează' });
    assert.equal(await off.isDisabled(), true, 'the password alone does not turn it off');
    await card.getByLabel(/^Cod de verificare/).fill(await freshTotp(secret, used));
    await off.click();
    await answerDialog(page, 'Dezactivează');
    await card.getByText('Inactivă').waitFor({ state: 'visible' });
  },
  { timeout: 180_000 },
);

/** An invited staff member (role 3) of the owner's company with a password set through the e-mailed link. */
async function inviteStaff(server, ownerToken, companyId) {
  const email = uniqueEmail('angajat-2fa');
  const before = mailsTo(server.dataDir, email).length;
  const stored = await apiCall(server, 'POST', `/api/company/${companyId}/storeUser`, {
    token: ownerToken,
    body: { name: 'Angajat Doi Pași', email, role: 3 },
  });
  assert.ok(stored.status < 300, `invite the staff member: ${stored.text}`);
  const mail = await waitForMail(server.dataDir, email, { since: before });
  const link = mail.links.find((href) => href.includes('/reset-password/'));
  assert.ok(link, `a set-password link: ${mail.links.join(', ')}`);
  const token = new URL(link).pathname.split('/').pop();
  const reset = await apiCall(server, 'POST', '/api/password/reset', {
    body: { token, email, password: PASSWORD, password_confirmation: PASSWORD },
  });
  assert.equal(reset.status, 200, `set the staff member's password: ${reset.text}`);
  return email;
}

test(
  'two-factor: the owner requires it, the staff member gets the setup screen first, then the area',
  async ({ page, server, newBrowser }) => {
    const { email: ownerEmail, companyId } = await freshOwner(server, 'patron-2fa');
    const { token } = await apiLogin(server, ownerEmail, PASSWORD);
    const staffEmail = await inviteStaff(server, token, companyId);
    // The owner turns it on for their own account (through the API: the profile flow has its own test).
    const setup = await apiCall(server, 'POST', '/api/two-factor/setup', {
      token,
      body: { current_password: PASSWORD },
    });
    assert.equal(setup.status, 200, `setup: ${setup.text}`);
    const enabled = await apiCall(server, 'POST', '/api/two-factor/enable', {
      token,
      body: { code: totp(setup.body.secret) },
    });
    assert.equal(enabled.status, 200, `enable: ${enabled.text}`);

    // The owner signs in (a recovery code) and requires it of every user.
    await passwordStep(page, ownerEmail);
    await page.getByRole('button', { name: 'Folosește un cod de rezervă' }).click();
    await page.getByLabel('Cod de rezervă').fill(enabled.body.recovery_codes[0]);
    await page.getByRole('button', { name: 'Verifică' }).click();
    await expectPath(page, '/company/dashboard');
    await page.goto('/company/profile');
    const toggle = page.getByRole('switch', { name: 'Cere autentificarea în doi pași pentru toți utilizatorii' });
    await toggle.waitFor({ state: 'visible' });
    await expectText(page, 'Un utilizator nu a activat-o încă.');
    assert.equal(await toggle.isChecked(), false);
    await toggle.click();
    await answerDialog(page, 'Cere autentificarea în doi pași');
    await page.waitForFunction(() => document.querySelector('[role="switch"]')?.checked === true, undefined, {
      timeout: 10_000,
    });

    // The staff member signs in: only the setup screen, no menu.
    const staff = await newBrowser();
    await signIn(staff.page, staffEmail, PASSWORD);
    await staff.page.getByRole('heading', { level: 1, name: SETUP_TITLE }).waitFor({ state: 'visible' });
    assert.equal(await staff.page.getByRole('link', { name: 'Clienți' }).count(), 0, 'no menu before the setup');
    await staff.page.goto('/company/utils');
    await staff.page.getByRole('heading', { level: 1, name: SETUP_TITLE }).waitFor({ state: 'visible' });
    // The server refuses the area's calls meanwhile.
    const staffToken = await staff.page.evaluate(() => localStorage.getItem('bearer_token'));
    const refused = await apiCall(server, 'POST', `/api/company/${companyId}/clients`, { token: staffToken, body: {} });
    assert.equal(refused.status, 403);
    assert.equal(refused.body?.code, 'two_factor_setup_required');

    const main = staff.page.getByRole('main');
    await enableInBrowser(staff.page, main);
    await main.getByRole('button', { name: 'Am salvat codurile, continuă' }).click();
    await staff.page.getByRole('heading', { level: 1, name: 'Fișiere utile' }).waitFor({ state: 'visible' });
    await staff.page.getByRole('link', { name: 'Clienți' }).first().waitFor({ state: 'visible' });

    // The owner's count follows.
    await page.reload();
    await expectText(page, 'Toți utilizatorii au activat-o.');
  },
  { timeout: 180_000 },
);

test('sessions: a second browser lists both, closes one, then all the others', async ({ page, server, newBrowser }) => {
  const { email } = await freshOwner(server, 'sesiuni');
  await signIn(page, email, PASSWORD);
  await expectPath(page, '/company/dashboard');
  const firstToken = await page.evaluate(() => localStorage.getItem('bearer_token'));
  const { token: apiToken } = await apiLogin(server, email, PASSWORD);

  const other = await newBrowser();
  await signIn(other.page, email, PASSWORD);
  await expectPath(other.page, '/company/dashboard');
  await other.page.goto('/company/profile');
  const card = sessionsCard(other.page);
  await card.getByText('Sesiunea curentă').waitFor({ state: 'visible' });
  const closeButtons = card.getByRole('button', { name: /^Închide sesiunea/ });
  assert.ok((await closeButtons.count()) >= 2, 'the other sessions (the first browser, the API) each have „Închide"');
  await expectText(other.page, /Ultima activitate: \d\d\.\d\d\.\d{4} \d\d:\d\d/);

  const before = await closeButtons.count();
  await closeButtons.first().click();
  await answerDialog(other.page, 'Închide sesiunea');
  await other.page.waitForFunction(
    (count) => document.querySelectorAll('button[aria-label^="Închide sesiunea"]').length === count - 1,
    before,
  );
  const alive = async (token) => (await apiCall(server, 'GET', '/api/user', { token })).status === 200;
  const stillAlive = [await alive(firstToken), await alive(apiToken)].filter(Boolean).length;
  assert.equal(stillAlive, 1, 'exactly one of the two other sessions was closed');

  await card.getByRole('button', { name: 'Închide celelalte sesiuni' }).click();
  await answerDialog(other.page, 'Închide celelalte sesiuni');
  await card.getByRole('button', { name: 'Închide celelalte sesiuni' }).waitFor({ state: 'detached' });
  assert.equal(await alive(firstToken), false, 'the first browser is signed out');
  assert.equal(await alive(apiToken), false);
  assert.equal(await card.getByRole('listitem').count(), 1, 'only this session is left');

  // The first browser finds out on its next call.
  await page.goto('/company/profile');
  await expectPath(page, '/login');
  await emailField(page).waitFor({ state: 'visible' });
});

test('phone (360×740): the profile security cards fit, keyboard reaches the enable flow', async ({ page, server }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const { email } = await freshOwner(server, 'telefon');
  await signIn(page, email, PASSWORD);
  await expectPath(page, '/company/dashboard');
  await page.goto('/company/profile');
  for (const card of [
    twoFactorCard(page),
    sessionsCard(page),
    page.getByRole('region', { name: 'Securitatea conturilor' }),
  ]) {
    await card.scrollIntoViewIfNeeded();
    await card.waitFor({ state: 'visible' });
    const box = await card.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 360, `the card fits the phone: ${JSON.stringify(box)}`);
  }
  await sessionsCard(page).getByText('Sesiunea curentă').waitFor({ state: 'visible' });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no sideways scrolling (${overflow}px)`);

  // Keyboard only: focus the button, Enter opens the flow; the password field takes the focus.
  const enable = twoFactorCard(page).getByRole('button', { name: 'Activează autentificarea în doi pași' });
  await enable.focus();
  await page.keyboard.press('Enter');
  const password = twoFactorCard(page).getByLabel(/^Parola actuală/);
  await password.waitFor({ state: 'visible' });
  assert.equal(
    await password.evaluate((el) => el === document.activeElement),
    true,
    'the password field has the focus',
  );
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  const qr = twoFactorCard(page).getByRole('img', { name: 'Cod QR pentru aplicația de autentificare' });
  await qr.waitFor({ state: 'visible' });
  const qrBox = await qr.boundingBox();
  assert.ok(qrBox && qrBox.x + qrBox.width <= 360, 'the QR code fits');
  const after = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(after <= 0, `no sideways scrolling with the QR code (${after}px)`);
});
