// Browser: what the firm hears back (docs/PRODUCT.md, "Ce află firma"). The client's contact uploads a
// document from the portal; the firm's owner sees „Notificări” with the unread count in the menu, opens
// the list, finds the upload there, and the count is gone once read.
import assert from 'node:assert/strict';
import { apiCall, clientWithContactAccount } from '../lib/api.mjs';
import { test } from '../lib/runner.mjs';
import { currentMonth, pdf } from '../lib/month.mjs';
import { areaSidebar, expectPath, expectText, signIn } from '../lib/ui.mjs';

const PASSWORD = 'Vesti2026!e2e';

test('notifications: a client uploads; the firm sees it in „Notificări” with the count in the menu', async ({
  page,
  server,
}) => {
  const period = currentMonth().period;
  const { ownerEmail, owner, companyId, clientName, contactEmail } = await clientWithContactAccount(server, {
    tag: 'vesti',
    password: PASSWORD,
    companyName: 'Contabilitate Vești E2E SRL',
    client: 'Brutăria Veștilor',
    contact: 'Ion Brutarul',
  });

  // The client's side: one document into „Facturi emise”.
  const invoice = { name: `Factura BV-0007 ${period}.pdf`, buffer: pdf('Factura BV-0007') };
  await signIn(page, contactEmail, PASSWORD);
  await expectPath(page, '/client/dashboard');
  await page.goto('/client/de-trimis');
  await page.getByRole('button', { name: 'Încarcă pentru Facturi emise' }).waitFor({ state: 'visible' });
  await page
    .getByLabel('Fișiere pentru Facturi emise', { exact: true })
    .setInputFiles({ name: invoice.name, mimeType: 'application/pdf', buffer: invoice.buffer });
  await page.getByRole('button', { name: 'Încarcă pentru Facturi emise' }).waitFor({ state: 'detached' });

  // The firm's side: the menu counts it, the list shows it, opening the list reads it.
  await page.evaluate(() => localStorage.clear());
  await signIn(page, ownerEmail, PASSWORD);
  await expectPath(page, '/company/dashboard');
  const nav = areaSidebar(page);
  const unread = nav.getByRole('link', { name: 'Notificări 1 notificare necitită' });
  await unread.waitFor({ state: 'visible', timeout: 15_000 });
  await unread.click();
  await expectPath(page, '/company/notifications');
  const list = page.getByRole('region', { name: 'Lista notificărilor' });
  await list.getByText(`Document nou „${invoice.name}” la „${clientName}”`).waitFor({ state: 'visible' });
  await expectText(page, 'Încărcat de Ion Brutarul. Așteaptă verificarea.');
  await nav.getByRole('link', { name: 'Notificări', exact: true }).waitFor({ state: 'visible', timeout: 15_000 });

  // The user's own digest: off, and it stays off.
  await page.getByRole('switch', { name: 'Trimite-mi rezumatul zilnic pe e-mail' }).click();
  await page.getByRole('form', { name: 'Rezumatul zilnic' }).getByRole('button', { name: 'Salvează' }).click();
  await expectText(page, 'Nu vei mai primi rezumatul zilnic pe e-mail.');
  const settings = await apiCall(server, 'POST', `/api/company/${companyId}/notifications/settings`, {
    token: owner.token,
    body: {},
  });
  assert.deepEqual(settings.body, { daily_digest: false, hour: 8 });
});
