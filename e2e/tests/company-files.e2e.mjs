// Browser: the owner creates a client, drops three files on the upload panel and
// watches them upload with progress, sees them listed, then downloads the zip of them all.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from '../lib/runner.mjs';
import { zipEntries } from '../lib/zip.mjs';
import { areaSidebar, expectPath, expectToast, randomCui, signInAs } from '../lib/ui.mjs';

/** An input by its exact label; a required field's label ends in " *". */
const field = (page, label) => page.getByLabel(new RegExp(`^${label}( \\*)?$`));

const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Three small documents the server accepts by content: a PDF, a CSV and a text file (diacritics in names). */
function threeDocuments(suffix) {
  const padding = (line, bytes) => line.repeat(Math.ceil(bytes / line.length)).slice(0, bytes);
  return [
    {
      name: `Factură ${suffix}.pdf`,
      mimeType: 'application/pdf',
      buffer: Buffer.from(`%PDF-1.4\n${padding('% umplutură pentru bara de progres\n', 600_000)}\n%%EOF\n`),
    },
    {
      name: `extras-bancar-${suffix}.csv`,
      mimeType: 'text/csv',
      buffer: Buffer.from(`data,suma,explicație\n${padding('2026-11-01,100.50,plată furnizor\n', 400_000)}`),
    },
    {
      name: `notă contabilă ${suffix}.txt`,
      mimeType: 'text/plain',
      buffer: Buffer.from(padding('Notă contabilă de test, cu diacritice: ă â î ș ț.\n', 300_000)),
    },
  ];
}

/**
 * Drops `files` on the element as a person dragging them from the desktop would: a
 * DataTransfer holding real File objects, then dragenter / dragover / drop on the target.
 */
async function dropFiles(page, target, files) {
  const dataTransfer = await page.evaluateHandle(
    (list) => {
      const transfer = new window.DataTransfer();
      for (const f of list) {
        const bytes = Uint8Array.from(window.atob(f.base64), (c) => c.charCodeAt(0));
        transfer.items.add(new window.File([bytes], f.name, { type: f.mimeType }));
      }
      return transfer;
    },
    files.map((f) => ({ name: f.name, mimeType: f.mimeType, base64: f.buffer.toString('base64') })),
  );
  for (const type of ['dragenter', 'dragover', 'drop']) await target.dispatchEvent(type, { dataTransfer });
  await dataTransfer.dispose();
}

/** Before the upload starts: records every value each progress bar of the upload panel takes. */
function recordProgress() {
  const seen = {};
  const read = () => {
    for (const bar of document.querySelectorAll('[role="progressbar"]')) {
      const label = bar.getAttribute('aria-label') ?? '';
      const value = Number(bar.getAttribute('aria-valuenow'));
      seen[label] ??= [];
      if (!seen[label].includes(value)) seen[label].push(value);
    }
  };
  read();
  new window.MutationObserver(read).observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['aria-valuenow'],
  });
  window.__uploadProgress = seen;
}

test(
  'company: owner creates a client, uploads three files with progress, sees them and downloads exactly them as a zip',
  async ({ page, context }) => {
    const suffix = tag();
    const clientName = `Client E2E ${suffix} SRL`;
    const cui = randomCui();
    await signInAs(page, 'owner@demo.ro');

    // New client (role 2): the menu leads there.
    await areaSidebar(page).getByRole('link', { name: 'Client nou', exact: true }).click();
    await expectPath(page, '/company/new-client');
    await field(page, 'Nume').fill(clientName);
    // A wrong control digit is caught before anything is sent.
    await field(page, 'CUI').fill(`${cui.slice(0, -1)}${(Number(cui.at(-1)) + 1) % 10}`);
    await page.getByRole('button', { name: 'Salvează clientul' }).click();
    await page.getByText('CUI-ul nu este valid', { exact: false }).first().waitFor({ state: 'visible' });
    await expectPath(page, '/company/new-client');
    await field(page, 'CUI').fill(`RO${cui}`);
    await field(page, 'E-mail').fill(`client-${suffix}@e2e.dosar.ro`);
    await field(page, 'Telefon').fill('0712345678');
    await field(page, 'Note').fill('Creat de testul din browser.');
    await page.getByRole('button', { name: 'Salvează clientul' }).click();
    await expectPath(page, /^\/company\/clients\/\d+$/);
    const clientId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('heading', { level: 1, name: clientName }).waitFor({ state: 'visible' });
    // The client page opens on the month; the documents are the next tab.
    await page.getByRole('tab', { name: 'Documente' }).click();
    await page.getByText('Clientul nu are încă documente').waitFor({ state: 'visible' });

    // Drop three files on the panel; they queue with their sizes, nothing sent yet.
    const files = threeDocuments(suffix);
    await dropFiles(page, page.getByTestId('dropzone'), files);
    const queue = page.getByRole('list', { name: 'Fișiere selectate' });
    await queue.waitFor({ state: 'visible' });
    // One progress bar per file (named after it), at 0% until the upload starts.
    for (const f of files) {
      const bar = queue.getByRole('progressbar', { name: f.name, exact: true });
      await bar.waitFor({ state: 'visible' });
      assert.equal(await bar.getAttribute('aria-valuenow'), '0', `${f.name} waits at 0%`);
    }
    assert.equal(await queue.getByText('În așteptare', { exact: true }).count(), 3, 'three files queued');

    // A slow uplink (DevTools network emulation) so the bars have time to move.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 1_000_000,
    });
    await page.evaluate(recordProgress);
    await page.getByRole('button', { name: 'Încarcă 3 fișiere' }).click();
    // While it runs: a cancel button instead of the upload button.
    await page.getByRole('button', { name: 'Anulează încărcarea' }).waitFor({ state: 'visible' });
    await expectToast(page, '3 fișiere au fost încărcate.', 30_000);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await cdp.detach();

    // Every file's bar and the total bar ended full, and the bars moved through values in between.
    for (const f of files) {
      const item = queue.getByRole('listitem').filter({ hasText: f.name });
      await item.getByText('Încărcat', { exact: true }).waitFor({ state: 'visible' });
      const bar = queue.getByRole('progressbar', { name: f.name, exact: true });
      assert.equal(await bar.getAttribute('aria-valuenow'), '100', `${f.name} at 100%`);
    }
    const seen = await page.evaluate(() => window.__uploadProgress);
    if (process.env.E2E_DEBUG) console.log(JSON.stringify(seen));
    const totalLabel = Object.keys(seen).find((label) => label.startsWith('Total'));
    assert.ok(totalLabel, `a total progress bar: ${JSON.stringify(seen)}`);
    assert.ok(seen[totalLabel].includes(100), `the total bar reached 100%: ${JSON.stringify(seen)}`);
    const between = Object.values(seen)
      .flat()
      .filter((v) => v > 0 && v < 100);
    assert.ok(between.length > 0, `progress was shown while uploading, not only at the end: ${JSON.stringify(seen)}`);
    for (const f of files) assert.ok(seen[f.name]?.includes(100), `${f.name} has its own bar: ${JSON.stringify(seen)}`);

    // The three are listed with the client's documents (and survive a reload).
    await page.reload();
    await page.getByRole('heading', { level: 1, name: clientName }).waitFor({ state: 'visible' });
    for (const f of files) {
      await page.getByRole('button', { name: `Descarcă ${f.name}`, exact: true }).waitFor({ state: 'visible' });
    }

    // "Download all": one zip holding exactly those three files, under category/month/.
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      page.getByRole('button', { name: 'Descarcă tot (.zip)' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /\.zip$/i, 'the download is a .zip');
    const zipPath = await download.path();
    assert.ok(zipPath, `the download completed: ${await download.failure()}`);
    const entries = zipEntries(zipPath).filter((e) => !e.name.endsWith('/'));
    assert.deepEqual(
      entries.map((e) => path.posix.basename(e.name)).sort(),
      files.map((f) => f.name).sort(),
      `zip entries: ${entries.map((e) => e.name).join(', ')}`,
    );
    for (const entry of entries) {
      assert.match(entry.name, /^[^/]+\/\d{4}-\d{2}\/[^/]+$/, `entry named category/month/file: ${entry.name}`);
      const original = files.find((f) => f.name === path.posix.basename(entry.name));
      assert.equal(entry.size, original.buffer.length, `${entry.name} has the uploaded size`);
    }

    // The client appears on the dashboard, found by its CUI, with its three documents.
    await areaSidebar(page).getByRole('link', { name: 'Clienți', exact: true }).click();
    await expectPath(page, '/company/dashboard');
    await page.getByLabel('Caută după nume sau CUI').fill(cui);
    const link = page.getByRole('link', { name: clientName, exact: true });
    // The search runs on the server: the demo clients leave the list.
    await page.getByRole('link', { name: 'Alfa Distribuție SRL', exact: true }).waitFor({ state: 'detached' });
    assert.equal(await link.getAttribute('href'), `/company/clients/${clientId}`);
    const row = page.getByRole('row').filter({ has: link });
    await row.getByRole('cell', { name: '3', exact: true }).waitFor({ state: 'visible' });
  },
  { timeout: 150_000 },
);
