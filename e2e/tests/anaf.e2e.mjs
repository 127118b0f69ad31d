// Browser: ANAF on a 360 px phone, against the simulator the development server starts by itself
// (docs/PRODUCT.md, "ANAF"). The firm's owner fills a new client from its CUI („Caută după CUI”), saves it,
// authorises SPV — the browser really goes to the (simulated) ANAF page and comes back through Dosar's
// callback — and turns the client's SPV sync on; no page scrolls sideways.
import assert from 'node:assert/strict';
import { registerCompany } from '../lib/api.mjs';
import { test } from '../lib/runner.mjs';
import { expectPath, expectText, signIn, uniqueEmail } from '../lib/ui.mjs';

const PASSWORD = 'AnafSpv2026!e2e';

const pageWidth = (page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test('anaf: a new client filled from its CUI, SPV authorised through ANAF and its sync turned on', async ({
  page,
  server,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const ownerEmail = uniqueEmail('anaf-owner');
  await registerCompany(server, { email: ownerEmail, password: PASSWORD, companyName: 'Contabil ANAF E2E SRL' });
  await signIn(page, ownerEmail, PASSWORD);
  await expectPath(page, '/company/dashboard');

  // A wrong control digit is refused without asking ANAF; the right CUI fills the form.
  await page.goto('/company/new-client');
  await page.getByLabel(/^CUI/).first().fill('13548147');
  await page.getByRole('button', { name: 'Caută după CUI' }).click();
  await expectText(page, 'CUI-ul nu este valid');
  await page.getByLabel(/^CUI/).first().fill('RO 13548146');
  await page.getByRole('button', { name: 'Caută după CUI' }).click();
  await expectText(page, 'Completat din registrul ANAF');
  assert.equal(await page.getByLabel(/^Nume/).first().inputValue(), 'ALFA CONSULTANȚĂ FISCALĂ S.R.L.');
  assert.match(await page.getByLabel(/^Note/).inputValue(), /Nr\. Reg\. Com\.: J40\/1234\/2000/);
  assert.ok((await pageWidth(page)) <= 0, 'the new-client form scrolls sideways at 360 px');
  await page.getByRole('button', { name: 'Salvează clientul' }).click();
  await page.waitForURL(/\/company\/clients\/\d+/);

  // SPV: the owner goes to ANAF and comes back authorised.
  await page.goto('/company/anaf');
  await expectText(page, 'Clienții în registrul ANAF');
  await page.getByRole('button', { name: 'Autorizează accesul la SPV' }).click();
  await page.waitForURL(/\/company\/anaf\?spv=ok/);
  await expectText(page, 'Autorizarea SPV a fost salvată');
  await expectPath(page, '/company/anaf');
  const toggle = page.getByRole('switch', { name: 'Sincronizare SPV pentru ALFA CONSULTANȚĂ FISCALĂ S.R.L.' });
  await toggle.click();
  await expectText(page, 'Sincronizarea din SPV este pornită pentru acest client.');
  assert.equal(await toggle.isChecked(), true);
  assert.ok((await pageWidth(page)) <= 0, 'the ANAF page scrolls sideways at 360 px');
});
