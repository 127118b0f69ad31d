// Browser: the demo owner imports an SPV zip (an e-Factura with ANAF's signature) on „Facturi”; the
// results table says it was filed under Alfa Distribuție SRL in the month of its issue date; the link
// opens the client's month; on the documents tab the invoice previews as a readable invoice (title,
// number, supplier, totals, the MFP signature badge), never as XML; search finds it by number, by the
// supplier without diacritics and by amount. At 1366 px and again at 360 px, with no sideways page scroll.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { root } from '../lib/server.mjs';
import { currentMonth } from '../lib/month.mjs';
import { test } from '../lib/runner.mjs';
import { areaSidebar, expectPath, signInAs } from '../lib/ui.mjs';

const CLIENT = 'Alfa Distribuție SRL';
const CLIENT_CUI = '34567892';
const SUPPLIER = 'Țesătoria Jurnal SA';

/**
 * An SPV download of one invoice to the demo client, made by the e-Factura test generator
 * (server/test/efactura/generate.ts, run through tsx): answers the zip's bytes.
 */
function spvZipFor(number, issueDate) {
  const generator = path.join(root, 'server', 'test', 'efactura', 'generate.ts');
  const script = `
    import { invoiceXml, spvZip } from ${JSON.stringify(generator)};
    const xml = invoiceXml({ number: ${JSON.stringify(number)}, issueDate: ${JSON.stringify(issueDate)},
      supplier: { cui: '13548146', name: ${JSON.stringify(SUPPLIER)} },
      buyer: { cui: ${JSON.stringify(CLIENT_CUI)}, name: ${JSON.stringify(CLIENT)} }, lines: 4, rates: [21, 11] });
    void spvZip(xml, { id: '4219870001' }).then((zip) => process.stdout.write(zip.toString('base64')));`;
  const out = execFileSync(path.join(root, 'node_modules', '.bin', 'tsx'), ['--eval', script], {
    cwd: root,
    encoding: 'utf8',
  });
  return Buffer.from(out, 'base64');
}

/** The page does not scroll sideways (a table may, inside its own box). */
async function noSidewaysScroll(page, where) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(width <= 1, `${where}: the page scrolls sideways by ${width}px`);
}

async function journey(page, width) {
  await page.setViewportSize(width === 360 ? { width: 360, height: 740 } : { width: 1366, height: 768 });
  const month = currentMonth();
  // Short and unbroken, as invoice numbers are: the tables sweep later reads the same documents whole.
  const number = `FE${width}${Date.now().toString(36).slice(-5).toUpperCase()}`;
  const zip = spvZipFor(number, `${month.period}-02`);

  await signInAs(page, 'owner@demo.ro');
  if (width === 360) await page.getByRole('button', { name: /meniu/i }).first().click();
  await areaSidebar(page).getByRole('link', { name: 'Facturi', exact: true }).click();
  await expectPath(page, /^\/company\/invoices$/);
  await page
    .getByLabel('Facturi de importat')
    .setInputFiles({ name: 'descarcare-spv.zip', mimeType: 'application/zip', buffer: zip });
  await page.getByRole('button', { name: 'Importă' }).click();

  const row = page.getByRole('row').filter({ hasText: `Nr. ${number}` });
  await row.getByText('Îndosariată').waitFor({ state: 'visible', timeout: 30_000 });
  const monthLink = row.getByRole('link', { name: `${CLIENT}, ${month.words}` });
  await monthLink.waitFor({ state: 'visible' });
  await noSidewaysScroll(page, `import results at ${width}px`);

  await monthLink.click();
  await expectPath(page, /^\/company\/clients\/\d+$/);
  assert.ok(page.url().includes(`period=${month.period}`), `the month link opens ${month.period}: ${page.url()}`);

  await page.getByRole('tab', { name: 'Documente' }).click();
  const preview = page.getByRole('button', { name: new RegExp(`^Previzualizează Factură ${number}`) });
  await preview.first().click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByRole('heading', { level: 2, name: 'Factură', exact: true })
    .waitFor({ state: 'visible', timeout: 20_000 });
  await dialog.getByText(number, { exact: true }).waitFor({ state: 'visible' });
  await dialog
    .getByRole('region', { name: 'Furnizor' })
    .getByText(SUPPLIER, { exact: true })
    .waitFor({ state: 'visible' });
  await dialog
    .getByRole('region', { name: 'Furnizor' })
    .getByText('RO13548146', { exact: true })
    .waitFor({ state: 'visible' });
  await dialog.getByText('Semnătură MFP verificată').waitFor({ state: 'visible' });
  await dialog.getByText('Total de plată', { exact: true }).waitFor({ state: 'visible' });
  assert.equal(await dialog.getByText('<cbc:', { exact: false }).count(), 0, 'the XML markup is never shown');
  await noSidewaysScroll(page, `invoice preview at ${width}px`);
  await page.screenshot({ path: path.join(root, 'e2e', 'artifacts', `invoice-preview-${width}.png`) });
  // The printed page carries the invoice alone.
  await page.emulateMedia({ media: 'print' });
  await page.evaluate(() => window.dispatchEvent(new window.Event('beforeprint')));
  const shown = await page.evaluate(() =>
    [...document.body.children]
      .filter((el) => window.getComputedStyle(el).display !== 'none')
      .map((el) => el.className),
  );
  assert.deepEqual(shown, ['invoice invoice-print-copy'], `print shows only the invoice: ${shown.join(', ')}`);
  await page.evaluate(() => window.dispatchEvent(new window.Event('afterprint')));
  await page.emulateMedia({ media: 'screen' });
  await dialog.getByRole('button', { name: 'Închide previzualizarea' }).click();
  await dialog.waitFor({ state: 'detached' });

  // Search: by number, by the supplier without diacritics (opened by its address: the import's toast
  // may still cover the phone's menu button).
  await page.goto('/company/search');
  await expectPath(page, /^\/company\/search$/);
  const box = page.getByRole('searchbox', { name: 'Caută' });
  await box.fill(number);
  await page.getByText(`Primită nr. ${number}`).waitFor({ state: 'visible', timeout: 15_000 });
  await box.fill('tesatoria jurnal');
  await page.getByText(`Primită nr. ${number}`).waitFor({ state: 'visible', timeout: 15_000 });
  await noSidewaysScroll(page, `search at ${width}px`);
}

test('invoices: an SPV zip imported on „Facturi” is filed under its client and month and reads as an invoice (1366 px)', async ({
  page,
}) => {
  await journey(page, 1366);
});

test('invoices: the same journey on a 360 px phone', async ({ page }) => {
  await journey(page, 360);
});
