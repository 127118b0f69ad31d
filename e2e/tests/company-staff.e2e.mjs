// Browser: staff (role 3) sees only its screens in the company menu and is
// refused, then sent back to its default, when it types the URL of a role-2 screen.
import assert from 'node:assert/strict';
import { test } from '../lib/runner.mjs';
import { NOT_AUTHORIZED, expectPath, expectToast, navLabels, signInAs } from '../lib/ui.mjs';

/** The company screens only role 2 may open, with their menu labels. */
const OWNER_ONLY = [
  { path: '/company/users', label: 'Utilizatori' },
  { path: '/company/categories', label: 'Categorii' },
  { path: '/company/holdings', label: 'Holdinguri' },
  { path: '/company/new-client', label: 'Client nou' },
  { path: '/company/subscription', label: 'Abonament' },
  { path: '/company/reminders', label: 'Memento-uri' },
];

test('staff: the company menu of role 3 holds no role-2 screen', async ({ page }) => {
  await signInAs(page, 'staff@demo.ro');
  const labels = await navLabels(page);
  assert.deepEqual(
    labels,
    [
      'Clienți',
      'Luna',
      'De verificat',
      'Declarații',
      'Notificări',
      'Facturi',
      'De sortat',
      'Caută documente',
      'ANAF și SPV',
      'Fișiere utile',
      'Profilul meu',
    ],
    `staff menu: ${labels.join(', ')}`,
  );
  for (const { label } of OWNER_ONLY) assert.ok(!labels.includes(label), `no "${label}" in the staff menu`);
  // The dashboard offers no "Client nou" either (comfort only; the server refuses anyway).
  await page.getByRole('heading', { level: 1, name: 'Clienți' }).waitFor({ state: 'visible' });
  assert.equal(await page.getByRole('link', { name: 'Client nou', exact: true }).count(), 0);
});

test('staff: typing a role-2 URL is refused with the toast, then back to /company/dashboard', async ({ page }) => {
  await signInAs(page, 'staff@demo.ro');
  for (const { path } of OWNER_ONLY.slice(0, 4)) {
    await page.goto(path);
    await expectToast(page, NOT_AUTHORIZED);
    await expectPath(page, '/company/dashboard');
    // What is on the page is the staff dashboard, not the refused screen.
    await page.getByRole('heading', { level: 1, name: 'Clienți' }).waitFor({ state: 'visible' });
  }
});

test('staff: the dashboard shows no error toast (it asks only for what role 3 may see)', async ({ page }) => {
  const refused = [];
  page.on('response', (response) => {
    if (response.status() === 403) refused.push(new URL(response.url()).pathname);
  });
  await signInAs(page, 'staff@demo.ro');
  await page.getByRole('heading', { level: 1, name: 'Clienți' }).waitFor({ state: 'visible' });
  await page.getByRole('link', { name: 'Alfa Distribuție SRL' }).first().waitFor({ state: 'visible' });
  await page.waitForLoadState('networkidle');
  // Visit it again, as staff do every morning.
  await page.goto('/company/dashboard');
  await page.getByRole('link', { name: 'Alfa Distribuție SRL' }).first().waitFor({ state: 'visible' });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  assert.deepEqual(refused, [], `calls refused with 403: ${refused.join(', ')}`);
  assert.equal(await page.locator('.swal2-container').count(), 0, 'no toast on the staff dashboard');
  assert.equal(await page.getByText(NOT_AUTHORIZED).count(), 0);
  assert.equal(await page.title(), 'Clienți — Dosar');
});
