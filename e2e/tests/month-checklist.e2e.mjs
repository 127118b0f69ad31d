// Browser: the month as both sides live it (issue 18). A holding user sees what is missing, uploads
// into items and presses „Am terminat”; the owner sees the uploads in „De verificat”, rejects one
// with a reason; the holding user reads the reason (and gets it by e-mail) and uploads again; the
// owner accepts, marks an item „Nu se aplică”, closes the month and downloads the proces-verbal,
// whose text lists the documents with their SHA-256.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { apiLogin, clientWithContactAccount } from '../lib/api.mjs';
import { mailsTo, waitForMail } from '../lib/mail.mjs';
import { test } from '../lib/runner.mjs';
import { currentMonth, pdf } from '../lib/month.mjs';
import { answerDialog, expectPath, expectText, signIn } from '../lib/ui.mjs';

const PASSWORD = 'Luna2026!e2e';

/** Every text item of every page of a PDF file, joined with spaces. */
async function pdfText(file) {
  // pdf.js 6 uses Promise.withResolvers, which Node 20 lacks.
  Promise.withResolvers ??= () => {
    let resolve;
    let reject;
    const promise = new Promise((yes, no) => {
      resolve = yes;
      reject = no;
    });
    return { promise, resolve, reject };
  };
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({ data: new Uint8Array(fs.readFileSync(file)), useSystemFonts: false });
  const doc = await task.promise;
  const texts = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    texts.push(content.items.map((item) => item.str).join(' '));
  }
  await task.destroy();
  return texts.join('\n');
}

async function uploadInto(page, itemName, file) {
  const input = page.getByLabel(`Fișiere pentru ${itemName}`, { exact: true });
  await input.setInputFiles({ name: file.name, mimeType: 'application/pdf', buffer: file.buffer });
}

test('month: the client uploads into items and says „Am terminat”; the firm rejects, accepts, closes and hands over', async ({
  page,
  server,
}) => {
  const period = currentMonth().period;
  // A firm with a client outside any holding; its contact is invited from the client page's call.
  const { ownerEmail, clientId, clientName, contactEmail } = await clientWithContactAccount(server, {
    tag: 'luna',
    password: PASSWORD,
    companyName: 'Contabilitate Luna E2E SRL',
    client: 'Florăria Lunii',
    contact: 'Maria Florăreasa',
  });

  const invoice = { name: `Factura FL-0042 ${period}.pdf`, buffer: pdf('Factura FL-0042') };
  const statement = { name: `Extras BT ${period}.pdf`, buffer: pdf('Extras fara sold') };
  const statement2 = { name: `Extras BT ${period} cu sold final.pdf`, buffer: pdf('Extras cu sold final') };

  // The client's side: what is missing, upload into two items, „Am terminat”.
  await signIn(page, contactEmail, PASSWORD);
  await expectPath(page, '/client/dashboard');
  await page.goto('/client/de-trimis');
  await expectText(page, 'Ce mai am de trimis');
  for (const name of ['Facturi emise', 'Facturi primite', 'Extras de cont']) {
    await page.getByRole('button', { name: `Încarcă pentru ${name}` }).waitFor({ state: 'visible' });
  }
  await uploadInto(page, 'Facturi emise', invoice);
  await page.getByRole('button', { name: 'Încarcă pentru Facturi emise' }).waitFor({ state: 'detached' });
  await uploadInto(page, 'Extras de cont', statement);
  await page.getByRole('button', { name: 'Încarcă pentru Extras de cont' }).waitFor({ state: 'detached' });
  // The list reloads after each upload: press „Am terminat” once it has settled.
  await page.locator('.page[aria-busy="false"]').waitFor({ state: 'visible' });
  await page.getByRole('button', { name: 'Am terminat' }).click();
  await answerDialog(page, 'Am terminat');
  await expectText(page, 'Ai anunțat «Am terminat»');
  await waitForMail(server.dataDir, ownerEmail, { since: mailsTo(server.dataDir, ownerEmail).length - 1 });

  // The firm's side: the inbox shows both uploads and the client's „Am terminat”; reject the statement.
  await page.evaluate(() => localStorage.clear());
  await signIn(page, ownerEmail, PASSWORD);
  await expectPath(page, '/company/dashboard');
  await page.goto('/company/review');
  await expectText(page, clientName);
  await page.getByRole('button', { name: `Respinge ${statement.name}` }).click();
  const reject = page.getByRole('dialog', { name: `Respinge „${statement.name}”` });
  await reject.getByRole('radio', { name: 'Extras fără sold final' }).check();
  const mailsBefore = mailsTo(server.dataDir, contactEmail).length;
  await reject.getByRole('button', { name: 'Respinge', exact: true }).click();
  await reject.waitFor({ state: 'hidden' });
  await page.getByRole('button', { name: `Respinge ${statement.name}` }).waitFor({ state: 'detached' });
  const rejectionMail = await waitForMail(server.dataDir, contactEmail, { since: mailsBefore });
  assert.match(rejectionMail.text, /Extras fără sold final/, 'the rejection mail carries the reason');

  // The client reads the reason and uploads again.
  await page.evaluate(() => localStorage.clear());
  await signIn(page, contactEmail, PASSWORD);
  await expectPath(page, '/client/dashboard');
  await page.goto('/client/de-trimis');
  await expectText(page, 'Extras fără sold final');
  await uploadInto(page, 'Extras de cont', statement2);
  await page.getByRole('button', { name: 'Încarcă pentru Extras de cont' }).waitFor({ state: 'detached' });

  // The firm accepts both, marks „Facturi primite” not applicable, closes the month and downloads the record.
  await page.evaluate(() => localStorage.clear());
  await signIn(page, ownerEmail, PASSWORD);
  await expectPath(page, '/company/dashboard');
  await page.goto('/company/review');
  for (const file of [invoice, statement2]) {
    await page.getByRole('button', { name: `Acceptă ${file.name}` }).click();
    await page.getByRole('button', { name: `Acceptă ${file.name}` }).waitFor({ state: 'detached' });
  }
  await page.goto(`/company/clients/${clientId}?tab=luna&period=${period}`);
  // Not whole yet: the close dialog says what keeps the month open and offers no closing.
  await page.getByRole('button', { name: 'Închide luna' }).click();
  const blocked = page.getByRole('dialog', { name: /nu poate fi închisă încă$/ });
  await blocked.getByRole('list', { name: 'Cerințe care nu sunt gata' }).getByText('Facturi primite').waitFor();
  assert.equal(await blocked.getByRole('button', { name: 'Închide luna' }).count(), 0, 'no closing offered');
  await blocked.getByRole('button', { name: 'Înapoi la lună' }).click();
  await blocked.waitFor({ state: 'hidden' });
  await page.getByRole('button', { name: 'Nu se aplică: Facturi primite' }).click();
  const na = page.getByRole('dialog', { name: '„Facturi primite” nu se aplică luna aceasta' });
  await na.getByLabel(/^Nota/).fill('Nu a avut achiziții luna aceasta.');
  await na.getByRole('button', { name: 'Salvează' }).click();
  await na.waitFor({ state: 'hidden' });
  await page.getByText('Completă', { exact: true }).waitFor({ state: 'visible' });
  await page.getByRole('button', { name: 'Închide luna' }).click();
  const closing = page.getByRole('dialog', { name: /^Închizi luna / });
  await closing.getByRole('button', { name: 'Închide luna' }).click();
  await closing.waitFor({ state: 'hidden' });
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 30_000 }),
    page.getByRole('button', { name: 'Descarcă procesul-verbal' }).click(),
  ]);
  assert.match(download.suggestedFilename(), /\.pdf$/i);
  const file = await download.path();
  assert.ok(file, `the proces-verbal downloaded: ${await download.failure()}`);
  const text = await pdfText(file);
  assert.match(text, /Proces-verbal de predare-primire/i);
  assert.ok(!text.includes(statement.name), 'the rejected statement is not among the documents handed over');
  for (const doc of [invoice, statement2]) {
    assert.ok(text.includes(doc.name), `the record lists ${doc.name}`);
    const sha = crypto.createHash('sha256').update(doc.buffer).digest('hex');
    assert.ok(text.replace(/\s+/g, '').includes(sha), `the record carries the SHA-256 of ${doc.name}`);
  }
  assert.match(text, /Nu a avut achiziții luna aceasta\./, 'the record lists the item not applicable with its note');

  // A closed month refuses uploads, in words.
  const contact = await apiLogin(server, contactEmail, PASSWORD);
  const holdingId = contact.user.holding_id;
  const form = new FormData();
  form.append('period', period);
  form.append('files', new Blob([pdf('Tarziu')], { type: 'application/pdf' }), 'tarziu.pdf');
  const late = await fetch(`${server.url}/api/holding/${holdingId}/clients/${clientId}/storeFiles`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${contact.token}`, Accept: 'application/json' },
    body: form,
  });
  assert.equal(late.status, 409, 'an upload into a closed month is refused');
  assert.match((await late.json()).message, /este închisă/);
});
