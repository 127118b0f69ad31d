// Browser: the administrator suspends "Contabil Demo SRL" from /admin/companies;
// its owner can no longer sign in (a Romanian message on the login form says why); the
// administrator reactivates it and the owner signs in again.
import assert from 'node:assert/strict';
import { test } from '../lib/runner.mjs';
import { apiCall, apiLogin } from '../lib/api.mjs';
import { answerDialog, expectPath, expectToast, signIn, signInAs } from '../lib/ui.mjs';

const COMPANY = 'Contabil Demo SRL';
const SUSPENDED = 'Contul companiei este suspendat. Contactează administratorul platformei.';

/** Puts the demo company back to active whatever happened in the test (other tests sign in as its users). */
async function ensureActive(server) {
  const { token } = await apiLogin(server, 'admin@demo.ro');
  const list = await apiCall(server, 'GET', `/api/admin/companies?search=${encodeURIComponent(COMPANY)}`, { token });
  const company = list.body?.data?.find((c) => c.name === COMPANY);
  if (company && company.status !== 'active') {
    const answer = await apiCall(server, 'POST', `/api/admin/companies/${company.id}/reactivate`, { token });
    assert.equal(answer.status, 200, `reactivate ${COMPANY}: ${answer.text}`);
  }
}

test(
  'admin: suspends Contabil Demo SRL, owner@demo.ro is refused at sign-in, then reactivated and signs in',
  async ({ page, server, newBrowser }) => {
    try {
      await signInAs(page, 'admin@demo.ro');
      await page.getByRole('heading', { level: 1, name: 'Companii' }).waitFor({ state: 'visible' });
      await page.getByLabel('Caută companii').fill('Contabil Demo');
      const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: COMPANY, exact: true }) });
      await row.getByText('Activă', { exact: true }).waitFor({ state: 'visible' });
      await row.getByRole('link', { name: COMPANY, exact: true }).click();
      await expectPath(page, /^\/admin\/companies\/\d+$/);
      await page.getByRole('heading', { level: 1, name: new RegExp(`^${COMPANY}`) }).waitFor({ state: 'visible' });

      // Suspend, after the confirmation.
      await page.getByRole('button', { name: 'Suspendă compania' }).click();
      await answerDialog(page, 'Suspendă');
      await expectToast(page, 'Compania a fost suspendată.');
      await page
        .getByRole('status')
        .filter({ hasText: 'Compania este suspendată: utilizatorii ei nu se pot autentifica.' })
        .waitFor({ state: 'visible' });
      await page.getByRole('button', { name: 'Reactivează compania' }).waitFor({ state: 'visible' });

      // The owner, in another browser: refused, told why, still on /login without a token.
      const owner = await newBrowser();
      await signIn(owner.page, 'owner@demo.ro');
      const formError = owner.page.locator('form').getByRole('alert');
      await formError.waitFor({ state: 'visible' });
      assert.equal((await formError.innerText()).trim(), SUSPENDED);
      await expectPath(owner.page, '/login');
      assert.equal(await owner.page.evaluate(() => localStorage.getItem('bearer_token')), null);

      // The list shows it suspended; reactivate from its page.
      await page.getByRole('link', { name: '← Companii' }).click();
      await expectPath(page, '/admin/companies');
      await page.getByLabel('Caută companii').fill('Contabil Demo');
      const listed = page.getByRole('row').filter({ has: page.getByRole('link', { name: COMPANY, exact: true }) });
      await listed.getByText('Suspendată', { exact: true }).waitFor({ state: 'visible' });
      await listed.getByRole('link', { name: COMPANY, exact: true }).click();
      await page.getByRole('button', { name: 'Reactivează compania' }).click();
      await answerDialog(page, 'Reactivează');
      await expectToast(page, 'Compania a fost reactivată.');
      await page.getByRole('button', { name: 'Suspendă compania' }).waitFor({ state: 'visible' });

      // The owner signs in again and lands in the company area.
      await owner.page.reload();
      await signIn(owner.page, 'owner@demo.ro');
      await expectPath(owner.page, '/company/dashboard');
    } finally {
      await ensureActive(server);
    }
  },
  { timeout: 120_000 },
);
