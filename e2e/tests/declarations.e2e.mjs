// Browser: the declaration calendar (docs/PRODUCT.md, "Declarations") on a 360 px phone. The firm's owner
// fills in a client's fiscal profile on the client page, opens „Declarații”, marks last month's D300 filed
// with its receipt (the chip turns „Depusă”) and undoes it after the confirmation; the page never scrolls
// sideways. The client's contact then sees the declarations, read only, in its own area.
import assert from 'node:assert/strict';
import { firmWithClient, inviteClientContact, setPasswordFromLink } from '../lib/api.mjs';
import { test } from '../lib/runner.mjs';
import { pdf } from '../lib/month.mjs';
import { answerDialog, expectPath, expectText, signIn, uniqueEmail } from '../lib/ui.mjs';

const PASSWORD = 'Declaratii2026!e2e';

const pageWidth = (page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test('declarations: a profile, the month’s grid at 360 px, a filing with its receipt and its undo', async ({
  page,
  server,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const firm = await firmWithClient(server, {
    tag: 'decl',
    password: PASSWORD,
    companyName: 'Contabil Declarații E2E SRL',
    client: 'Tâmplăria Declarațiilor',
  });
  const { ownerEmail, clientId, clientName } = firm;

  // The client page's „Declarații” tab: the profile starts empty; the owner saves „Plătitor de TVA, lunar”.
  await signIn(page, ownerEmail, PASSWORD);
  await expectPath(page, '/company/dashboard');
  await page.goto(`/company/clients/${clientId}?tab=declaratii`);
  await expectText(page, 'Profilul fiscal nu este completat');
  await page.getByLabel('TVA', { exact: true }).click();
  await page.getByRole('option', { name: 'Plătitor de TVA, lunar' }).click();
  await page.getByRole('button', { name: 'Salvează profilul' }).click();
  await page.getByText('Profilul fiscal nu este completat').first().waitFor({ state: 'detached' });
  assert.ok((await pageWidth(page)) <= 0, 'the client page scrolls sideways at 360 px');

  // The firm's grid opens on last month: D300 is there with its due date.
  await page.goto('/company/declarations');
  await expectPath(page, '/company/declarations');
  const row = page.getByRole('row').filter({ hasText: clientName });
  await row.getByRole('button', { name: /^Marchează depusă: D300/ }).waitFor({ state: 'visible' });
  assert.ok((await pageWidth(page)) <= 0, 'the declarations grid widens the page at 360 px');
  await row.getByRole('button', { name: /^Marchează depusă: D300/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByLabel('Recipisa (PDF sau XML)')
    .setInputFiles({ name: 'recipisa-d300.pdf', mimeType: 'application/pdf', buffer: pdf('Recipisa D300') });
  await dialog.getByRole('button', { name: 'Marchează depusă' }).click();
  await dialog.waitFor({ state: 'detached' });
  await row.getByText('Depusă', { exact: true }).waitFor({ state: 'visible' });
  await row.getByRole('button', { name: /^Descarcă recipisa: D300/ }).waitFor({ state: 'visible' });

  // Undone after the confirmation: the chip leaves.
  await row.getByRole('button', { name: /^Anulează depunerea: D300/ }).click();
  await answerDialog(page, 'Anulează depunerea');
  await row.getByText('Depusă', { exact: true }).waitFor({ state: 'detached' });

  // Filed again, then the client's contact reads it in its own area, with the receipt.
  await row.getByRole('button', { name: /^Marchează depusă: D300/ }).click();
  await dialog
    .getByLabel('Recipisa (PDF sau XML)')
    .setInputFiles({ name: 'recipisa-d300.pdf', mimeType: 'application/pdf', buffer: pdf('Recipisa D300') });
  await dialog.getByRole('button', { name: 'Marchează depusă' }).click();
  await row.getByText('Depusă', { exact: true }).waitFor({ state: 'visible' });

  const contactEmail = uniqueEmail('decl-contact');
  const invitation = await inviteClientContact(server, firm, { name: 'Ana Tâmplar', email: contactEmail });
  await setPasswordFromLink(server, invitation, contactEmail, PASSWORD);
  await page.evaluate(() => localStorage.clear());
  await signIn(page, contactEmail, PASSWORD);
  await expectPath(page, '/client/dashboard');
  await page.goto(`/client/${clientId}`);
  await page.getByRole('tab', { name: 'Declarații' }).click();
  const filed = page.getByRole('row').filter({ hasText: 'D300' }).filter({ hasText: 'Depusă' });
  await filed.getByRole('button', { name: /^Descarcă recipisa D300/ }).waitFor({ state: 'visible' });
  assert.equal(await page.getByRole('button', { name: /Marchează depusă|Anulează/ }).count(), 0);
  assert.ok((await pageWidth(page)) <= 0, 'the client’s declarations widen the page at 360 px');
});
