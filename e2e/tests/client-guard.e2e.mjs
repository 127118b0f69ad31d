// Browser: a holding user of role 5 sees no role-4 screen in its menu and is
// refused, then sent back to its default, when it types their URLs.
import assert from 'node:assert/strict';
import { test } from '../lib/runner.mjs';
import { NOT_AUTHORIZED, expectPath, expectToast, navLabels, signInAs } from '../lib/ui.mjs';

/** The client-area screens only role 4 may open, with their menu labels. */
const ADMIN_ONLY = [
  { path: '/client/company', label: 'Firme de contabilitate' },
  { path: '/client/users', label: 'Utilizatori' },
  { path: '/client/subscription', label: 'Abonament' },
];

test('client: client@demo.ro (role 5) has no company, users or subscription in its menu', async ({ page }) => {
  await signInAs(page, 'client@demo.ro');
  const labels = await navLabels(page);
  assert.deepEqual(
    labels,
    ['Firme', 'De trimis', 'Fișiere utile', 'Profilul meu'],
    `role 5 menu: ${labels.join(', ')}`,
  );
  for (const { label } of ADMIN_ONLY) assert.ok(!labels.includes(label), `no "${label}" in the role 5 menu`);
});

test('client: client@demo.ro typing /client/company, /client/users, /client/subscription is refused', async ({
  page,
}) => {
  await signInAs(page, 'client@demo.ro');
  for (const { path } of ADMIN_ONLY) {
    await page.goto(path);
    await expectToast(page, NOT_AUTHORIZED);
    await expectPath(page, '/client/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Firmele holdingului' }).waitFor({ state: 'visible' });
  }
});
