// Browser: the month where each side works. The invited contact chooses a password on „Alege o
// parolă” and lands signed in in the client area; on „De trimis” (360 px and 1366 px) the month's
// card stays after the last upload, says what was asked has arrived and offers „Am terminat”. The
// firm's client page opens on the month's tab, keyboard tabs beside the documents, the requirements
// and the history (1366 px and 360 px). A tall (portrait) image is previewed whole.
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { clientWithContactAccount, firmWithClient, inviteClientContact } from '../lib/api.mjs';
import { currentMonth, pdf } from '../lib/month.mjs';
import { test } from '../lib/runner.mjs';
import { answerDialog, expectPath, expectText, passwordFields, signIn, uniqueEmail } from '../lib/ui.mjs';

const PASSWORD = 'Luna2026!e2e';
const ITEMS = ['Facturi emise', 'Facturi primite', 'Extras de cont'];
const capitalised = (text) => text.charAt(0).toUpperCase() + text.slice(1);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A portrait PNG (width × height), a dark band at the very top and at the very bottom. */
function portraitPng(width, height) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows = [];
  for (let y = 0; y < height; y += 1) {
    const dark = y < 40 || y >= height - 40;
    const row = Buffer.alloc(1 + width * 3, dark ? 20 : 235);
    row[0] = 0;
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** What a fresh firm's client is called and where its owner's and contact's addresses begin. */
const firmOf = (tag) => ({ tag, password: PASSWORD, companyName: `Contabil ${tag} SRL`, client: `Client ${tag}` });

/** A fresh firm with one client whose contact was invited: the invitation mail's link, path and query. */
async function firmWithInvitedContact(server, tag) {
  const firm = await firmWithClient(server, firmOf(tag));
  const contactEmail = uniqueEmail(`${tag}-contact`);
  const link = await inviteClientContact(server, firm, { name: 'Maria Contact', email: contactEmail });
  return { ...firm, contactEmail, invitation: link.pathname + link.search };
}

/** On „De trimis”: uploads into every item; after the last one the card stays with the button. */
async function uploadEverythingThenDone(page, month) {
  await page.goto('/client/de-trimis');
  await expectText(page, 'Ce mai am de trimis');
  const card = page.getByRole('region', { name: capitalised(month.words) });
  await card.waitFor({ state: 'visible' });
  for (const [i, name] of ITEMS.entries()) {
    await card
      .getByLabel(`Fișiere pentru ${name}`, { exact: true })
      .setInputFiles({ name: `${name} ${i}.pdf`, mimeType: 'application/pdf', buffer: pdf(`${name} ${i}`) });
    await card.getByRole('button', { name: `Încarcă pentru ${name}` }).waitFor({ state: 'detached' });
  }
  await page.locator('.page[aria-busy="false"]').waitFor({ state: 'visible' });
  await card
    .getByText(`Ai trimis tot ce s-a cerut pentru ${month.words}. Apasă „Am terminat” ca firma să afle.`)
    .waitFor({ state: 'visible' });
  assert.equal(await page.getByText('Nu mai ai nimic de trimis. Mulțumim!').count(), 0, 'not "nothing to send"');
  const done = card.getByRole('button', { name: 'Am terminat' });
  await done.waitFor({ state: 'visible' });
  const box = await done.boundingBox();
  const width = page.viewportSize().width;
  assert.ok(box && box.x >= 0 && box.x + box.width <= width, `„Am terminat” inside the ${width} px screen`);
  await done.click();
  await answerDialog(page, 'Am terminat');
  await card.getByText(/^Ai anunțat «Am terminat» pe /).waitFor({ state: 'visible' });
  await card
    .getByText(`Ai trimis tot ce s-a cerut pentru ${month.words}.`, { exact: true })
    .waitFor({ state: 'visible' });
  assert.equal(await card.getByRole('button', { name: 'Am terminat' }).count(), 0, 'the button is spent');
}

test(
  'invitation: „Alege o parolă” signs the contact in; „De trimis” keeps the month and „Am terminat” after the last upload (360 px)',
  async ({ page, server }) => {
    const month = currentMonth();
    const firm = await firmWithInvitedContact(server, 'invitat');
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(firm.invitation);
    await page.getByRole('heading', { level: 1, name: 'Alege o parolă' }).waitFor({ state: 'visible' });
    assert.equal(await page.getByLabel('E-mail').inputValue(), firm.contactEmail, 'the e-mail comes from the link');
    await passwordFields(page).nth(0).fill(PASSWORD);
    await passwordFields(page).nth(1).fill(PASSWORD);
    await page.getByRole('button', { name: 'Salvează parola și intră' }).click();
    // Signed in, in the client's own area, without the sign-in form.
    await expectPath(page, '/client/dashboard');
    await expectText(page, firm.clientName);
    assert.ok(await page.evaluate(() => localStorage.getItem('bearer_token')), 'a session was started');

    await uploadEverythingThenDone(page, month);
  },
  { timeout: 180_000 },
);

test(
  '„De trimis” at 1366 px; the firm’s client page opens on the month’s tab (1366 and 360 px), keyboard tabs, a portrait image previewed whole',
  async ({ page, server }) => {
    const month = currentMonth();
    const firm = await clientWithContactAccount(server, { ...firmOf('taburi'), contact: 'Maria Contact' });

    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, firm.contactEmail, PASSWORD);
    await expectPath(page, '/client/dashboard');
    await uploadEverythingThenDone(page, month);

    // The firm: the client page opens on „Luna”, its checklist in the first screen.
    await page.evaluate(() => localStorage.clear());
    await signIn(page, firm.ownerEmail, PASSWORD);
    await expectPath(page, '/company/dashboard');
    for (const viewport of [
      { width: 1366, height: 768 },
      { width: 360, height: 740 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(`/company/clients/${firm.clientId}`);
      const tabs = page.getByRole('tablist', { name: 'Secțiunile clientului' });
      await tabs.waitFor({ state: 'visible' });
      assert.deepEqual(await tabs.getByRole('tab').allInnerTexts(), [
        'Luna',
        'Documente',
        'Ce trebuie să predea',
        'Istoric',
        'Memento-uri',
        'Declarații',
        'ANAF',
        'Acces portal',
      ]);
      assert.equal(await tabs.getByRole('tab', { name: 'Luna' }).getAttribute('aria-selected'), 'true');
      const checklist = page.getByRole('list', { name: `Ce trebuie să predea în ${capitalised(month.words)}` });
      await checklist.waitFor({ state: 'visible' });
      assert.equal(await page.evaluate(() => window.scrollY), 0, 'the page did not scroll');
      // The month's progress is in the first screen on both sizes; on a desktop its first item too.
      const progress = await page.getByRole('tabpanel', { name: 'Luna' }).getByText('0 din 3 gata').boundingBox();
      assert.ok(
        progress && progress.y + progress.height <= viewport.height,
        `the month's progress ends at ${progress && progress.y + progress.height}px, inside the first ${viewport.height}px at ${viewport.width}px`,
      );
      if (viewport.width > 1000) {
        const first = await checklist.getByRole('listitem').first().boundingBox();
        assert.ok(first && first.y + 40 <= viewport.height, `the first item starts at ${first?.y}px at 1366px`);
      }
    }

    // Keyboard: arrows move between the sections, each with its address.
    await page.setViewportSize({ width: 1366, height: 768 });
    const tabs = page.getByRole('tablist', { name: 'Secțiunile clientului' });
    await tabs.getByRole('tab', { name: 'Luna' }).focus();
    await page.keyboard.press('ArrowRight');
    await expectPath(page, `/company/clients/${firm.clientId}`);
    await page.waitForURL((url) => url.searchParams.get('tab') === 'documente');
    await tabs.getByRole('tab', { name: 'Documente', selected: true }).waitFor();
    await page.getByRole('tabpanel', { name: 'Documente' }).getByText(`${ITEMS[0]} 0.pdf`).first().waitFor();
    await page.keyboard.press('ArrowRight');
    await page.waitForURL((url) => url.searchParams.get('tab') === 'cerinte');
    await page.getByRole('tabpanel', { name: 'Ce trebuie să predea' }).waitFor({ state: 'visible' });
    await page.keyboard.press('ArrowRight');
    await page.waitForURL((url) => url.searchParams.get('tab') === 'istoric');
    await page
      .getByRole('tabpanel', { name: 'Istoric' })
      .getByText(/Am terminat/)
      .first()
      .waitFor();

    // A portrait scan (600 × 2400) previewed whole: the image fits the preview, top and bottom in sight.
    await page.goto(`/company/clients/${firm.clientId}?tab=documente`);
    const fileName = `Bon portret ${Date.now().toString(36)}.png`;
    await page
      .getByLabel('Fișiere de încărcat')
      .setInputFiles({ name: fileName, mimeType: 'image/png', buffer: portraitPng(600, 2400) });
    await page.getByRole('button', { name: 'Încarcă 1 fișier' }).click();
    await page.getByRole('button', { name: `Previzualizează ${fileName}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: fileName });
    const image = dialog.getByRole('img', { name: fileName });
    await image.waitFor({ state: 'visible' });
    await page.waitForFunction(() => document.querySelector('.preview-image img')?.complete);
    const fit = await page.evaluate(() => {
      const img = document.querySelector('.preview-image img');
      const body = document.querySelector('.preview-body');
      const box = img.getBoundingClientRect();
      const area = body.getBoundingClientRect();
      return {
        top: box.top,
        bottom: box.bottom,
        areaTop: area.top,
        areaBottom: area.bottom,
        height: box.height,
        width: box.width,
        scrolls: body.scrollHeight > body.clientHeight + 1,
        viewport: window.innerHeight,
      };
    });
    assert.ok(fit.height < 2400 && fit.height > 200, `the image is scaled to fit (drawn ${fit.height}px tall)`);
    assert.ok(Math.abs(fit.width * 4 - fit.height) <= 4, `the proportions are kept (${fit.width}×${fit.height})`);
    assert.ok(
      fit.top >= fit.areaTop - 1 && fit.bottom <= fit.areaBottom + 1 && fit.bottom <= fit.viewport,
      `the whole image is inside the preview (${fit.top}–${fit.bottom} within ${fit.areaTop}–${fit.areaBottom})`,
    );
    assert.equal(fit.scrolls, false, 'nothing to scroll to see the bottom of the image');
  },
  { timeout: 240_000 },
);
