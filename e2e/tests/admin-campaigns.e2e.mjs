// Browser: the administrator composes a campaign for all company owners, previews
// it, sends it through the mail outbox with live progress until everything is sent, and the
// e-mails exist for owner@demo.ro and owner2@demo.ro.
import assert from 'node:assert/strict';
import { test } from '../lib/runner.mjs';
import { mailsTo } from '../lib/mail.mjs';
import { answerDialog, areaSidebar, expectPath, expectToast, signInAs } from '../lib/ui.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for a mail to `to` whose subject is `subject` (ASCII, so never MIME-encoded). */
async function waitForCampaignMail(dataDir, to, subject, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = mailsTo(dataDir, to).find((m) => m.subject.trim() === subject);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${to} within ${timeoutMs} ms`);
    await sleep(250);
  }
}

test(
  'campaign: admin sends a campaign to all company owners; progress reaches sent and the e-mails exist',
  async ({ page, server }) => {
    const marker = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const subject = `Noutati Dosar E2E ${marker}`;
    const body = `Bună ziua, {{nume}}! Noutăți pentru {{firma}}: cod ${marker}. Echipa Dosar`;

    await signInAs(page, 'admin@demo.ro');
    await areaSidebar(page).getByRole('link', { name: 'Campanii', exact: true }).click();
    await expectPath(page, '/admin/campaigns');
    await page.getByLabel(/^Subiect/).fill(subject);
    // The message is written in the editor, formatted with its toolbar (no raw HTML to type).
    const editor = page.getByRole('textbox', { name: 'Mesaj' });
    await editor.fill(body);
    await editor.press('ControlOrMeta+a');
    await page.getByRole('toolbar', { name: 'Formatare' }).getByRole('button', { name: 'Îngroșat' }).click();
    const audience = page.getByRole('radio', { name: 'Toți proprietarii de companii' });
    await audience.check();
    assert.ok(await audience.isChecked());

    // Preview: the recipients include both demo owners; the mail is rendered for one of them.
    await page.getByRole('button', { name: 'Previzualizează' }).click();
    const preview = page.getByRole('region', { name: 'Previzualizare' });
    await preview.waitFor({ state: 'visible' });
    const previewText = await preview.innerText();
    const count = Number(/(\d+)\s+destinatar/.exec(previewText)?.[1]);
    assert.ok(count >= 2, `at least the two demo owners: ${previewText}`);
    assert.match(previewText, new RegExp(`Subiect: ${subject}`));
    const frame = preview.frameLocator('iframe[title="Previzualizarea e-mailului"]');
    await frame.getByText(`cod ${marker}`).waitFor({ state: 'visible' });
    // Bold from the toolbar reached the mail.
    await frame
      .locator('b, strong')
      .filter({ hasText: `cod ${marker}` })
      .first()
      .waitFor({ state: 'visible' });

    // Send, after the confirmation naming the number of recipients.
    await page.getByRole('button', { name: 'Trimite campania' }).click();
    const dialog = page.locator('.swal2-popup:not(.swal2-toast)');
    await dialog.getByText(`Trimiți campania către ${count} destinatari?`).waitFor({ state: 'visible' });
    await answerDialog(page, 'Trimite');

    // Live progress until every mail has left.
    const progress = page.getByRole('region', { name: 'Progresul trimiterii' });
    await progress.waitFor({ state: 'visible' });
    await progress
      .getByText(`Trimitere încheiată: toate cele ${count} e-mailuri au plecat.`)
      .waitFor({ state: 'visible', timeout: 30_000 });
    assert.equal(await progress.getByRole('progressbar').getAttribute('aria-valuenow'), '100');
    await progress.getByRole('progressbar', { name: `Trimise ${count} din ${count} · eșuate 0` }).waitFor();
    await expectToast(page, `Campania „${subject}” a fost trimisă.`);

    // The history shows it done with its counters.
    const history = page.getByRole('region', { name: 'Istoric' });
    const row = history.getByRole('row').filter({ hasText: subject });
    await row.getByText('Încheiată', { exact: true }).waitFor({ state: 'visible' });

    // The e-mails were written (DATA_DIR/mail), personalised for each owner.
    for (const [owner, company] of [
      ['owner@demo.ro', 'Contabil Demo SRL'],
      ['owner2@demo.ro', 'Alt Contabil SRL'],
    ]) {
      const mail = await waitForCampaignMail(server.dataDir, owner, subject);
      assert.match(mail.text, new RegExp(`cod ${marker}`), `${owner}: the body`);
      assert.match(mail.text, new RegExp(`Noutăți pentru ${company}:`), `${owner}: {{firma}} is its company`);
      assert.doesNotMatch(mail.text, /\{\{(nume|firma)\}\}/, `${owner}: placeholders filled`);
    }
    // Not to the holding admins (another audience).
    assert.equal(
      mailsTo(server.dataDir, 'holding@demo.ro').filter((m) => m.subject.trim() === subject).length,
      0,
      'holding admins are not company owners',
    );
  },
  { timeout: 120_000 },
);
