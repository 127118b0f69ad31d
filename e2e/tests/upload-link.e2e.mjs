// Browser: the upload link without an account (docs/PRODUCT.md, "Linkul de încărcare"). The firm sends a
// reminder now; the client opens the link from the mail on a 360 px phone, photographs two pages of
// „Facturi primite” (one PNG, one JPEG), removes nothing, sends them: ONE PDF of two pages lands in that
// item, which then waits in the firm's review inbox.
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { apiCall, apiLogin, registerCompany } from '../lib/api.mjs';
import { waitForMail } from '../lib/mail.mjs';
import { test } from '../lib/runner.mjs';
import { currentMonth } from '../lib/month.mjs';
import { expectPath, expectText, randomCui, signIn, uniqueEmail } from '../lib/ui.mjs';

const PASSWORD = 'Incarcare2026!e2e';
const ITEM = 'Facturi primite';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A small RGB PNG (a page of "paper" with a few dark lines), made here without any library. */
function png(width, height) {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      const ink = y % 20 < 2 && x > 10 && x < width - 10;
      raw.fill(ink ? 40 : 245, row + 1 + x * 3, row + 4 + x * 3);
    }
  }
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A small JPEG drawn by the browser's canvas (Node has no JPEG encoder at hand). */
async function jpeg(page, width, height) {
  const base64 = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const g = canvas.getContext('2d');
      g.fillStyle = '#f4f1e8';
      g.fillRect(0, 0, w, h);
      g.fillStyle = '#222';
      g.font = '20px sans-serif';
      g.fillText('Factura 0042', 20, 40);
      return canvas.toDataURL('image/jpeg', 0.8).split(',')[1];
    },
    [width, height],
  );
  return Buffer.from(base64, 'base64');
}

test('upload link: on a phone, two photos become one PDF in „Facturi primite”; the firm sees it to review', async ({
  page,
  context,
  server,
}) => {
  const { period } = currentMonth();
  const ownerEmail = uniqueEmail('link-owner');
  await registerCompany(server, { email: ownerEmail, password: PASSWORD, companyName: 'Contabil Link E2E SRL' });
  const owner = await apiLogin(server, ownerEmail, PASSWORD);
  const companyId = owner.user.company_id ?? owner.user.company.id;
  // Reminders that speak of the current month already (a month ahead of its due day).
  const settings = await apiCall(server, 'POST', `/api/company/${companyId}/reminders/update`, {
    token: owner.token,
    body: { enabled: true, due_day: 1, steps: [-30], hour: 8 },
  });
  assert.equal(settings.status, 200, `reminder settings: ${settings.text}`);
  const clientName = `Brutăria Link ${Date.now().toString(36)} SRL`;
  const clientEmail = uniqueEmail('link-client');
  const created = await apiCall(server, 'POST', `/api/company/${companyId}/createClient`, {
    token: owner.token,
    body: { name: clientName, cui: randomCui(), email: clientEmail },
  });
  assert.equal(created.status, 201, `create the client: ${created.text}`);
  const clientId = created.body.data.id;

  // The firm reminds now: the mail carries the link, as every digest does.
  const reminded = await apiCall(server, 'POST', `/api/company/${companyId}/clients/${clientId}/remind`, {
    token: owner.token,
  });
  assert.equal(reminded.status, 200, `remind now: ${reminded.text}`);
  const mail = await waitForMail(server.dataDir, clientEmail);
  const href = mail.links.find((link) => link.includes('/incarcare/'));
  assert.ok(href, `the reminder carries an upload link: ${mail.links.join(' ')}`);
  const linkPath = new URL(href).pathname;

  // The client's phone: 360 px wide, a finger for a pointer.
  await page.setViewportSize({ width: 360, height: 740 });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
  // The light page (incarcare.html): its inline script asks for the link while the bundle loads, allowed by
  // the page's CSP; the page then uses that answer instead of asking again.
  const blocked = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
  });
  const linkCalls = [];
  page.on('request', (request) => {
    if (
      request.method() === 'POST' &&
      new URL(request.url()).pathname === `/api/${linkPath.replace('/incarcare/', 'upload-links/')}`
    ) {
      linkCalls.push(request.url());
    }
  });
  await page.goto(linkPath);
  await page.getByRole('heading', { level: 1, name: `Documente pentru ${clientName}` }).waitFor();
  assert.equal(await page.locator('script[src^="/upload_page."]').count(), 1, 'the light page was served');
  assert.deepEqual(blocked, [], 'nothing blocked by the CSP');
  assert.equal(linkCalls.length, 1, 'one call for the link: the inline script’s, used by the page');
  const item = page.locator('li.month-item', { has: page.getByRole('heading', { name: ITEM }) });
  await item.getByRole('button', { name: 'Fotografiază' }).waitFor({ state: 'visible' });
  const camera = item.getByLabel(`Fotografii pentru ${ITEM}`, { exact: true }).and(page.locator('input'));
  assert.equal(await camera.getAttribute('capture'), 'environment');
  await camera.setInputFiles({ name: 'pagina-1.png', mimeType: 'image/png', buffer: png(600, 800) });
  await camera.setInputFiles({ name: 'pagina-2.jpg', mimeType: 'image/jpeg', buffer: await jpeg(page, 640, 480) });
  const previews = item.getByRole('list', { name: `Fotografii pentru ${ITEM}` });
  await previews.getByRole('img', { name: 'Fotografia 2' }).waitFor();
  assert.equal(await previews.getByRole('img').count(), 2, 'two photos in the preview list');
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= 360, `no horizontal scroll at 360 px (page is ${wide} px wide)`);
  await item.getByRole('button', { name: 'Trimite 2 fotografii ca PDF' }).click();
  await expectText(page, `${ITEM}: Am primit fișierul.`);
  await page.getByRole('heading', { name: ITEM }).waitFor({ state: 'detached' });

  // The firm's side: one PDF of two pages in the item, waiting for review.
  const checklist = await apiCall(server, 'POST', `/api/company/${companyId}/clients/${clientId}/checklist`, {
    token: owner.token,
    body: { period },
  });
  assert.equal(checklist.status, 200, checklist.text);
  const received = checklist.body.data.find((i) => i.name === ITEM);
  assert.equal(received.status, 'uploaded');
  assert.equal(received.documents.length, 1, 'ONE document for the two photos');
  const [document] = received.documents;
  assert.equal(document.mime, 'application/pdf');
  const file = await fetch(`${server.url}/api/company/${companyId}/clients/${clientId}/media/${document.id}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${owner.token}` },
  });
  assert.equal(file.status, 200);
  const pdf = await PDFDocument.load(new Uint8Array(await file.arrayBuffer()));
  assert.equal(pdf.getPageCount(), 2, 'one page per photo');

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, ownerEmail, PASSWORD);
  await expectPath(page, '/company/dashboard');
  await page.goto('/company/review');
  await expectText(page, clientName);
  await expectText(page, document.name);
});
