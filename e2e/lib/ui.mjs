// Steps and checks shared by the browser tests. Selectors go by label, role and visible
// text (the UI is Romanian), never by CSS class, except for the sweetalert2 toast.
import assert from 'node:assert/strict';

export const DEMO_PASSWORD = 'Demo1234!';
export const NOT_AUTHORIZED = 'Nu esti autorizat sa accesezi aceasta pagina';

/** Role → where signing in lands. */
export const DEMO_USERS = [
  { email: 'admin@demo.ro', role: 1, home: '/admin/companies' },
  { email: 'owner@demo.ro', role: 2, home: '/company/dashboard' },
  { email: 'staff@demo.ro', role: 3, home: '/company/dashboard' },
  { email: 'holding@demo.ro', role: 4, home: '/client/dashboard' },
  { email: 'client@demo.ro', role: 5, home: '/client/dashboard' },
];

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Waits until the page's path is `expected` (a string: exact path, or a RegExp on the path). */
export async function expectPath(page, expected, timeout = 20_000) {
  const matches = (url) => (expected instanceof RegExp ? expected.test(url.pathname) : url.pathname === expected);
  try {
    await page.waitForURL(matches, { timeout, waitUntil: 'commit' });
  } catch {
    assert.fail(`expected path ${expected}, but the page is at ${new URL(page.url()).pathname}`);
  }
}

/** A toast (sweetalert2, top-right) with exactly this text. */
export async function expectToast(page, text, timeout = 10_000) {
  const toast = page.locator('.swal2-container').getByText(text, { exact: true });
  await toast.first().waitFor({ state: 'visible', timeout });
}

/** Some visible element with this text (string: substring, case-insensitive; or RegExp). */
export async function expectText(page, text, timeout = 15_000) {
  await page.getByText(text).first().waitFor({ state: 'visible', timeout });
}

export const emailField = (page) => page.getByLabel(/e-?mail/i).first();
/** The first password field ("Parolă", "Parola nouă"…); confirmation fields come after it. */
export const passwordFields = (page) => page.locator('input[type="password"]');

/** Signs in through the login form as a person would. */
export async function signIn(page, email, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await emailField(page).fill(email);
  await page
    .getByLabel(/^parol/i)
    .first()
    .fill(password);
  await page
    .getByRole('button', { name: /autentific|intr[ăa]|conectare|login/i })
    .first()
    .click();
}

/** Signs in and waits for the area default of the user's role. */
export async function signInAs(page, user) {
  const entry = typeof user === 'string' ? DEMO_USERS.find((u) => u.email === user) : user;
  await signIn(page, entry.email, entry.password ?? DEMO_PASSWORD);
  await expectPath(page, entry.home);
  return entry;
}

/** A random valid Romanian CUI (control digit per the official key 753217532). */
export function randomCui() {
  const key = [7, 5, 3, 2, 1, 7, 5, 3, 2];
  const body = String(10_000_000 + Math.floor(Math.random() * 89_999_999));
  const padded = body.padStart(9, '0').split('').map(Number);
  const sum = padded.reduce((acc, digit, i) => acc + digit * key[i], 0);
  return `${body}${((sum * 10) % 11) % 10}`;
}

export const uniqueEmail = (prefix) =>
  `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@e2e.dosar.ro`;

/** The frame every area (remote) renders through AreaLayout: its sidebar. */
export const areaSidebar = (page) => page.getByRole('complementary', { name: 'Navigare' });

/** Fills the input labelled `label` (RegExp or exact text). */
export async function fillField(page, label, value) {
  const field = page.getByLabel(label instanceof RegExp ? label : new RegExp(`^${escape(label)}`, 'i')).first();
  await field.fill(value);
}

/** Answers the open sweetalert2 dialog (confirmDialog, not a toast) with the button named `button`. */
export async function answerDialog(page, button) {
  const dialog = page.locator('.swal2-popup:not(.swal2-toast)');
  await dialog.waitFor({ state: 'visible' });
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** The menu entries of the area's sidebar, in order. */
export async function navLabels(page) {
  const links = areaSidebar(page).getByRole('navigation').getByRole('link');
  await links.first().waitFor({ state: 'visible' });
  // A menu entry's label without its count badge („De verificat 3” reads „De verificat”).
  return links.evaluateAll((all) =>
    all.map((link) => {
      const copy = link.cloneNode(true);
      for (const badge of copy.querySelectorAll('.badge')) badge.remove();
      return copy.textContent.trim();
    }),
  );
}
