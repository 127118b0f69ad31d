// Browser: the owner fixes a misfiled document (moves it to another month and renames it) and
// finds it in its new place; then deletes a document through the selection, finds it in the
// „Coș de gunoi” with who deleted it, and restores it to the list.
import { test } from '../lib/runner.mjs';
import { MONTHS } from '../lib/month.mjs';
import { answerDialog, expectToast, signInAs } from '../lib/ui.mjs';

const CLIENT = 'Alfa Distribuție SRL';
const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** „martie 2026” for the month `offset` months from now. */
function monthLabel(offset) {
  const now = new Date();
  const d = new Date(now.getFullYear(), now.getMonth() + offset, 1);
  return `${MONTHS[d.getMonth()]} ${d.getFullYear()}`;
}

async function openClientWithNewFile(page, fileName) {
  await signInAs(page, 'owner@demo.ro');
  await page.getByRole('link', { name: CLIENT, exact: true }).first().click();
  await page.getByRole('heading', { level: 1, name: CLIENT }).waitFor({ state: 'visible' });
  await page.getByRole('tab', { name: 'Documente' }).click();
  await page.getByLabel('Fișiere de încărcat').setInputFiles({
    name: fileName,
    mimeType: 'application/pdf',
    buffer: Buffer.from(`%PDF-1.4\n% document de test\n${'%'.repeat(2_000)}\n%%EOF\n`),
  });
  await page.getByRole('button', { name: 'Încarcă 1 fișier' }).click();
  await expectToast(page, 'Un fișier a fost încărcat.', 30_000);
  await page.getByRole('button', { name: `Descarcă ${fileName}`, exact: true }).waitFor({ state: 'visible' });
}

/** Picks `label` in the searchable select named `name`: type to filter, Enter to choose. */
async function choose(scope, name, label) {
  const box = scope.getByRole('combobox', { name, exact: true });
  await box.click();
  await box.fill(label);
  await box.press('Enter');
}

test('company: the owner moves a document to another month and renames it; it shows in the new place', async ({
  page,
}) => {
  const fileName = `Extras mutat ${tag()}.pdf`;
  const newName = `Extras corectat ${tag()}`;
  await openClientWithNewFile(page, fileName);

  await page.getByRole('button', { name: `Mută / redenumește ${fileName}`, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor({ state: 'visible' });
  const target = monthLabel(-3);
  await dialog.getByLabel(/^Nume/).fill(newName);
  await choose(dialog, 'Luna nouă', target);
  await dialog.getByRole('button', { name: 'Salvează', exact: true }).click();
  await expectToast(page, 'Documentul a fost actualizat.');
  await dialog.waitFor({ state: 'hidden' });

  // Listed under its new month, with its new name (the extension kept), and no longer under the old one.
  const month = page.locator('.table-wrap').filter({ has: page.getByRole('heading', { level: 3, name: target }) });
  await month
    .getByRole('row')
    .filter({ hasText: `${newName}.pdf` })
    .waitFor({ state: 'visible' });
  await page.getByRole('button', { name: `Descarcă ${fileName}`, exact: true }).waitFor({ state: 'detached' });
});

test('company: delete through the selection → the document is in the trash → restored to the list', async ({
  page,
}) => {
  const fileName = `De șters ${tag()}.pdf`;
  await openClientWithNewFile(page, fileName);

  await page.getByRole('checkbox', { name: `Selectează ${fileName}`, exact: true }).check();
  const bar = page.getByRole('group', { name: 'Acțiuni pentru documentele selectate' });
  await bar.getByText('1 document selectat', { exact: true }).waitFor({ state: 'visible' });
  await bar.getByRole('button', { name: 'Șterge', exact: true }).click();
  await answerDialog(page, 'Șterge');
  await expectToast(page, '1 document a fost mutat în coșul de gunoi.');
  await page.getByRole('button', { name: `Descarcă ${fileName}`, exact: true }).waitFor({ state: 'detached' });

  await page.getByRole('button', { name: 'Coș de gunoi', exact: true }).click();
  const trash = page.getByRole('region', { name: 'Coș de gunoi' });
  const row = trash.getByRole('row').filter({ hasText: fileName });
  await row.waitFor({ state: 'visible' });
  await row.getByRole('button', { name: `Restaurează ${fileName}`, exact: true }).click();
  await expectToast(page, 'Documentul a fost restaurat.');
  await row.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: `Descarcă ${fileName}`, exact: true }).waitFor({ state: 'visible' });
});
