// Browser: every demo role signs in through the login form and lands on its
// area default; the session survives a reload; logout ends it.
import assert from 'node:assert/strict';
import { test } from '../lib/runner.mjs';
import { DEMO_USERS, areaSidebar, expectPath, signIn } from '../lib/ui.mjs';

for (const user of DEMO_USERS) {
  test(`sign-in: ${user.email} (role ${user.role}) lands on ${user.home}`, async ({ page }) => {
    await signIn(page, user.email);
    await expectPath(page, user.home);
    // The area's remote has loaded and rendered its layout.
    await areaSidebar(page).waitFor({ state: 'visible' });
    const token = await page.evaluate(() => localStorage.getItem('bearer_token'));
    assert.ok(token, 'the token is kept in localStorage under bearer_token');
  });
}

test('sign-in: the session survives a reload and logout ends it', async ({ page }) => {
  await signIn(page, 'owner@demo.ro');
  await expectPath(page, '/company/dashboard');
  await page.reload();
  await expectPath(page, '/company/dashboard');
  await page
    .getByRole('button', { name: /deconect|ieși|iesi|logout/i })
    .first()
    .click();
  await expectPath(page, '/login');
  assert.equal(await page.evaluate(() => localStorage.getItem('bearer_token')), null);
  // The token was revoked and forgotten: the protected area is closed again.
  await page.goto('/company/dashboard');
  await expectPath(page, '/login');
});

test('sign-in: a wrong password keeps the visitor on /login with a message', async ({ page }) => {
  await signIn(page, 'owner@demo.ro', 'not-the-password-1');
  await page.locator('.swal2-container, [role="alert"]').first().waitFor({ state: 'visible' });
  await expectPath(page, '/login');
  assert.equal(await page.evaluate(() => localStorage.getItem('bearer_token')), null);
});
