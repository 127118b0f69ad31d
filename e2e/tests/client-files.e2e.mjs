// Browser: the holding admin uploads a document to one of the group's firms in the
// client area; the accounting company's owner then finds it in the company area.
import assert from 'node:assert/strict';
import { test } from '../lib/runner.mjs';
import { expectPath, expectToast, signInAs } from '../lib/ui.mjs';

const CLIENT = 'Alfa Distribuție SRL';

test('client: holding@demo.ro uploads a file to a client; owner@demo.ro sees it in /company/clients/{id}', async ({
  page,
  newBrowser,
}) => {
  const fileName = `Contract holding ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}.pdf`;
  await signInAs(page, 'holding@demo.ro');
  await page.getByRole('link', { name: CLIENT, exact: true }).click();
  await expectPath(page, /^\/client\/\d+$/);
  const clientId = Number(new URL(page.url()).pathname.split('/').pop());
  await page.getByRole('heading', { level: 1, name: CLIENT }).waitFor({ state: 'visible' });

  // Picked through the file input (the other way in besides drag and drop).
  await page.getByLabel('Fișiere de încărcat').setInputFiles({
    name: fileName,
    mimeType: 'application/pdf',
    buffer: Buffer.from(`%PDF-1.4\n% contract încărcat de holding\n${'%'.repeat(20_000)}\n%%EOF\n`),
  });
  const queue = page.getByRole('list', { name: 'Fișiere selectate' });
  await queue.getByRole('progressbar', { name: fileName, exact: true }).waitFor({ state: 'visible' });
  await page.getByRole('button', { name: 'Încarcă 1 fișier' }).click();
  await expectToast(page, 'Un fișier a fost încărcat.', 30_000);
  assert.equal(
    await queue.getByRole('progressbar', { name: fileName, exact: true }).getAttribute('aria-valuenow'),
    '100',
  );
  await page.getByRole('button', { name: `Descarcă ${fileName}`, exact: true }).waitFor({ state: 'visible' });

  // The accounting company's owner, in another browser, opens the same client.
  const owner = await newBrowser();
  await signInAs(owner.page, 'owner@demo.ro');
  await owner.page.goto(`/company/clients/${clientId}`);
  await owner.page.getByRole('heading', { level: 1, name: CLIENT }).waitFor({ state: 'visible' });
  await owner.page.getByRole('tab', { name: 'Documente' }).click();
  const row = owner.page.getByRole('row').filter({ hasText: fileName });
  await row.waitFor({ state: 'visible' });
  // Uploaded by the group's administrator (the "De către" column).
  await row.getByRole('cell', { name: 'Mihai Georgescu', exact: true }).waitFor({ state: 'visible' });
  await row.getByRole('button', { name: `Descarcă ${fileName}`, exact: true }).waitFor({ state: 'visible' });
});
