// Browser: a holding user previews a 3 MB PDF of a client's documents in the page: pdf.js (its worker
// emitted by the federated build) draws the first page on a canvas after fetching only a few ranges of
// the file through the session's HTTP client; Escape closes the preview.
import assert from 'node:assert/strict';
import { test } from '../lib/runner.mjs';
import { expectPath, expectToast, signInAs } from '../lib/ui.mjs';

const CLIENT = 'Alfa Distribuție SRL';

/**
 * A valid one-page PDF of about `bytes` bytes: the padding is a comment right after the header, so the
 * page's objects and the cross-reference table (whose offsets count it) sit at the end of the file.
 */
function paddedPdf(text, bytes) {
  const stream = `BT /F1 36 Tf 72 700 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const line = '% umplutura pentru un fisier mare, ca un extras scanat\n';
  body += line.repeat(Math.ceil(bytes / line.length));
  const offsets = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

test('preview: a 3 MB PDF of a client shows its first page on a canvas after a few ranged reads; Escape closes', async ({
  page,
}) => {
  const fileName = `Extras previzualizare ${Date.now().toString(36)}.pdf`;
  const pdf = paddedPdf('Dosar preview', 3 * 1024 * 1024);
  await signInAs(page, 'holding@demo.ro');
  await page.getByRole('link', { name: CLIENT, exact: true }).click();
  await expectPath(page, /^\/client\/\d+$/);
  await page
    .getByLabel('Fișiere de încărcat')
    .setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: pdf });
  await page.getByRole('button', { name: 'Încarcă 1 fișier' }).click();
  await expectToast(page, 'Un fișier a fost încărcat.', 30_000);

  // Every answer of the file call from here on: its status and how many bytes it carried.
  const answers = [];
  page.on('response', async (response) => {
    if (!/\/media\/\d+(\?|$)/.test(response.url())) return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    answers.push({ status: response.status(), range: response.request().headers().range, bytes: body.length });
  });
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  // pdf.js says so when its worker did not start and it fell back to running on the page.
  page.on('console', (message) => {
    if (/fake worker|worker.*(disabled|failed)/i.test(message.text())) errors.push(message.text());
  });

  await page.getByRole('button', { name: `Previzualizează ${fileName}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: fileName });
  await dialog.waitFor({ state: 'visible' });
  await dialog.getByText('Pagina 1 din 1').waitFor({ state: 'visible', timeout: 30_000 });
  const canvas = dialog.getByRole('img', { name: `${fileName}, pagina 1` });
  await canvas.waitFor({ state: 'visible' });
  // The page is drawn: the canvas has a size and dark pixels (the text) on white.
  await page.waitForFunction(
    () => {
      const c = document.querySelector('.preview-canvas canvas');
      if (!c || c.width === 0) return false;
      const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 0 && data[i] < 100) return true;
      return false;
    },
    undefined,
    { timeout: 30_000 },
  );

  const fetched = answers.reduce((sum, a) => sum + a.bytes, 0);
  assert.ok(answers.length >= 2, `ranged reads: ${JSON.stringify(answers)}`);
  assert.ok(
    answers.every((a) => a.status === 206 && /^bytes=\d+-\d+$/.test(a.range ?? '')),
    JSON.stringify(answers),
  );
  assert.ok(fetched < pdf.length / 4, `fetched ${fetched} of ${pdf.length} bytes: ${JSON.stringify(answers)}`);
  assert.deepEqual(errors, []);

  // Zoom redraws; Escape closes and focus returns to the row's button.
  await dialog.getByRole('button', { name: 'Mărește' }).click();
  await dialog.getByText('125 %').waitFor({ state: 'visible' });
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await page.getByRole('button', { name: `Previzualizează ${fileName}`, exact: true }).waitFor({ state: 'visible' });
});
