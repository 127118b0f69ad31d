// Browser: the owner pays a plan from /company/subscription through the built-in
// sandbox provider (its checkout page, marked test mode), approves, comes back and sees the
// plan active with the payment listed.
import assert from 'node:assert/strict';
import { test } from '../lib/runner.mjs';
import { areaSidebar, expectPath, signInAs } from '../lib/ui.mjs';

const PLAN = 'Start';

test('billing: owner pays the Start plan in the sandbox checkout and sees it active', async ({ page }) => {
  await signInAs(page, 'owner@demo.ro');
  await areaSidebar(page).getByRole('link', { name: 'Abonament', exact: true }).click();
  await expectPath(page, '/company/subscription');
  await page.getByRole('heading', { level: 1, name: 'Abonament' }).waitFor({ state: 'visible' });
  const current = page.getByRole('region', { name: 'Planul curent' });
  // Usage against each limit, as bars.
  for (const limit of ['Clienți', 'Utilizatori', 'Spațiu de stocare']) {
    await current.getByRole('progressbar', { name: new RegExp(`^${limit}: `) }).waitFor({ state: 'visible' });
  }

  // "Plătește" on a trial (or "Prelungește" if Start is already paid): either way, a new payment.
  const plan = page.getByRole('article', { name: `Planul ${PLAN}` });
  await plan.getByRole('button', { name: new RegExp(`^(Plătește|Prelungește cu o lună): ${PLAN}$`) }).click();

  // The sandbox provider's own page: plainly test mode, amount shown, approve.
  await expectPath(page, /^\/sandbox-checkout\/\d+$/);
  const paymentId = new URL(page.url()).pathname.split('/').pop();
  await page.getByText('MOD DE TEST', { exact: true }).waitFor({ state: 'visible' });
  await page.getByRole('heading', { level: 1, name: 'Plată de test' }).waitFor({ state: 'visible' });
  await page.getByText(`${PLAN} — o lună`).waitFor({ state: 'visible' });
  await page.getByText('49,00 lei', { exact: true }).waitFor({ state: 'visible' });
  await page.getByRole('button', { name: 'Aprobă plata' }).click();

  // Back on the subscription screen with the result, the plan active.
  await expectPath(page, '/company/subscription');
  assert.equal(new URL(page.url()).searchParams.get('payment'), paymentId, 'the payment comes back in the URL');
  await page
    .getByRole('status')
    .filter({ hasText: 'Plata a fost confirmată.' })
    .filter({ hasText: `planul „${PLAN}”` })
    .waitFor({ state: 'visible' });
  await current.getByText(PLAN, { exact: true }).waitFor({ state: 'visible' });
  await current.getByText('Activ', { exact: true }).waitFor({ state: 'visible' });
  await current.getByText(/^Valabil până la .* \(\d+ (de )?zile rămase\)\.$/).waitFor({ state: 'visible' });
  await plan.getByText('planul tău', { exact: true }).waitFor({ state: 'visible' });
  const paid = page.getByRole('region', { name: 'Plăți' }).getByRole('row').filter({ hasText: 'Plătită' });
  await paid.filter({ hasText: PLAN }).first().waitFor({ state: 'visible' });

  // A reload keeps it: the server holds the state, not the page.
  await page.goto('/company/subscription');
  await current.getByText('Activ', { exact: true }).waitFor({ state: 'visible' });
  await current.getByText(PLAN, { exact: true }).waitFor({ state: 'visible' });
});
