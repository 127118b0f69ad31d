// Browser: the route guard, rule by rule.
import { test } from '../lib/runner.mjs';
import { NOT_AUTHORIZED, expectPath, expectToast, signInAs } from '../lib/ui.mjs';

test('guard: an anonymous visitor on /company/dashboard is sent to /login', async ({ page }) => {
  await page.goto('/company/dashboard');
  await expectPath(page, '/login');
});

test('guard: an anonymous visitor on /admin and /client is sent to /login', async ({ page }) => {
  await page.goto('/admin');
  await expectPath(page, '/login');
  await page.goto('/client/dashboard');
  await expectPath(page, '/login');
});

test('guard: a signed-in owner on /login is sent to /company', async ({ page }) => {
  await signInAs(page, 'owner@demo.ro');
  await page.goto('/login');
  await expectPath(page, /^\/company(\/|$)/);
});

test('guard: a signed-in admin on /register is sent to /admin', async ({ page }) => {
  await signInAs(page, 'admin@demo.ro');
  await page.goto('/register');
  await expectPath(page, /^\/admin(\/|$)/);
});

test('guard: a signed-in client user on /forgot-password is sent to /client', async ({ page }) => {
  await signInAs(page, 'client@demo.ro');
  await page.goto('/forgot-password');
  await expectPath(page, /^\/client(\/|$)/);
});

test('guard: staff on /company/users is refused, then lands on its own default', async ({ page }) => {
  await signInAs(page, 'staff@demo.ro');
  await page.goto('/company/users');
  await expectToast(page, NOT_AUTHORIZED);
  await expectPath(page, '/company/dashboard');
});

test('guard: an owner on /admin is refused, then lands on its own default', async ({ page }) => {
  await signInAs(page, 'owner@demo.ro');
  await page.goto('/admin');
  await expectToast(page, NOT_AUTHORIZED);
  await expectPath(page, '/company/dashboard');
});

test('guard: a client user (role 5) on /client/users is refused', async ({ page }) => {
  await signInAs(page, 'client@demo.ro');
  await page.goto('/client/users');
  await expectToast(page, NOT_AUTHORIZED);
  await expectPath(page, '/client/dashboard');
});
