// Browser: the owner reorders the company's categories, by drag and drop and from
// the keyboard (move buttons); the order is saved (updatePosition) and survives a reload.
// Each test signs up its own company, so the demo company's order is never touched.
import assert from 'node:assert/strict';
import { test } from '../lib/runner.mjs';
import { registerCompany } from '../lib/api.mjs';
import { areaSidebar, expectPath, signIn, uniqueEmail } from '../lib/ui.mjs';

const PASSWORD = 'Categorii-E2E-1';

/** A fresh owner, signed in on its categories screen. */
async function openCategoriesAsNewOwner(page, server) {
  const email = uniqueEmail('categorii');
  await registerCompany(server, { email, password: PASSWORD, companyName: 'Ordine Categorii E2E SRL' });
  await signIn(page, email, PASSWORD);
  await expectPath(page, '/company/dashboard');
  await areaSidebar(page).getByRole('link', { name: 'Categorii', exact: true }).click();
  await expectPath(page, '/company/categories');
  return categoryList(page);
}

const categoryList = (page) => page.getByRole('list', { name: 'Categorii, în ordinea afișării' });

/** The category names as shown, top to bottom (read from each row's rename button). */
async function shownOrder(page) {
  const list = categoryList(page);
  await list.getByRole('listitem').first().waitFor({ state: 'visible' });
  const labels = await list
    .getByRole('button', { name: /^Redenumește „/ })
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));
  return labels.map((label) => label.replace(/^Redenumește „(.*)”$/, '$1'));
}

/** Resolves with the next updatePosition answer (the order the server saved). */
const savedOrder = (page) =>
  page.waitForResponse((r) => r.url().endsWith('/categories/updatePosition') && r.request().method() === 'POST');

async function expectOrderAfterReload(page, expected) {
  await page.reload();
  await expectPath(page, '/company/categories');
  await categoryList(page).waitFor({ state: 'visible' });
  assert.deepEqual(await shownOrder(page), expected, 'the order survives a reload');
}

test('categories: owner drags the last category to the top; the order survives a reload', async ({ page, server }) => {
  await openCategoriesAsNewOwner(page, server);
  const before = await shownOrder(page);
  assert.ok(before.length >= 3, `a new company starts with its default categories: ${before.join(', ')}`);
  const last = before.at(-1);
  const expected = [last, ...before.slice(0, -1)];

  const list = categoryList(page);
  const saved = savedOrder(page);
  // HTML5 drag and drop, driven through Chromium's real drag machinery.
  await list.getByRole('listitem').last().dragTo(list.getByRole('listitem').first());
  const response = await saved;
  assert.equal(response.status(), 200, `updatePosition answered ${response.status()}`);
  assert.deepEqual(await shownOrder(page), expected, 'the dragged category is first');
  await page
    .getByRole('status')
    .filter({ hasText: `„${last}” este acum pe poziția 1 din ${before.length}.` })
    .waitFor({ state: 'attached' });

  await expectOrderAfterReload(page, expected);
});

test('categories: owner moves a category down from the keyboard; the order survives a reload', async ({
  page,
  server,
}) => {
  await openCategoriesAsNewOwner(page, server);
  const before = await shownOrder(page);
  assert.ok(before.length >= 3, `a new company starts with its default categories: ${before.join(', ')}`);
  const [first, second, third, ...rest] = before;

  // Focus the first row's "move down" button and press Enter twice: the focus stays on the moved row.
  const down = page.getByRole('button', { name: `Mută „${first}” în jos`, exact: true });
  await down.focus();
  let saved = savedOrder(page);
  await page.keyboard.press('Enter');
  assert.equal((await saved).status(), 200);
  assert.deepEqual(await shownOrder(page), [second, first, third, ...rest]);
  assert.equal(
    await page.evaluate(() => document.activeElement?.getAttribute('aria-label')),
    `Mută „${first}” în jos`,
    'the focus follows the moved category',
  );
  saved = savedOrder(page);
  await page.keyboard.press('Enter');
  assert.equal((await saved).status(), 200);
  const expected = [second, third, first, ...rest];
  assert.deepEqual(await shownOrder(page), expected);
  await page
    .getByRole('status')
    .filter({ hasText: `„${first}” este acum pe poziția 3 din ${before.length}.` })
    .waitFor({ state: 'attached' });

  await expectOrderAfterReload(page, expected);
});
