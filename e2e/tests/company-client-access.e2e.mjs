// Browser: the owner gives a client's contact portal access from the client page („Acces portal”
// → „Invită”); the invited person sets a password from the e-mailed link and sees the client in /client.
import assert from 'node:assert/strict';
import { firmWithClient } from '../lib/api.mjs';
import { waitForMail } from '../lib/mail.mjs';
import { test } from '../lib/runner.mjs';
import { expectPath, expectText, passwordFields, signIn, uniqueEmail } from '../lib/ui.mjs';

const PASSWORD = 'Portal2026!e2e';

test('client access: the owner invites a contact from the client page; they set a password and see the client', async ({
  page,
  server,
}) => {
  // A fresh company (verified owner) with a client outside any holding.
  const { ownerEmail, clientId, clientName } = await firmWithClient(server, {
    tag: 'acces',
    password: PASSWORD,
    companyName: 'Acces Portal E2E SRL',
    client: 'Brutăria Portal',
  });

  // The owner, in the browser, on the client page.
  await signIn(page, ownerEmail, PASSWORD);
  await expectPath(page, '/company/dashboard');
  await page.goto(`/company/clients/${clientId}`);
  await page.getByRole('tab', { name: 'Acces portal' }).click();
  const section = page.getByRole('region', { name: 'Acces portal' });
  await section.waitFor({ state: 'visible' });
  await section.getByText(/Nimeni nu intră încă în portal/).waitFor({ state: 'visible' });

  const contactEmail = uniqueEmail('acces-contact');
  await section.getByRole('button', { name: 'Invită', exact: true }).click();
  const form = section.getByRole('form', { name: 'Invită o persoană' });
  await form.getByLabel(/^Nume/).fill('Ioana Contact');
  await form.getByLabel(/^E-mail/).fill(contactEmail);
  // A firm invites users only: no role to choose, the form says so.
  await form.getByText(/Persoana intră ca utilizator/).waitFor({ state: 'visible' });
  assert.equal(await form.getByRole('radio').count(), 0, 'no role to choose');
  await form.getByRole('button', { name: 'Invită', exact: true }).click();
  const person = section.getByRole('listitem').filter({ hasText: contactEmail });
  await person.waitFor({ state: 'visible' });
  await person.getByText('Invitat', { exact: true }).waitFor({ state: 'visible' });
  // The client got a holding named after it.
  await expectText(page, `Holding ${clientName}`);
  // On a 360 px phone the section keeps its content inside (actions wrap under the person).
  await page.setViewportSize({ width: 360, height: 740 });
  await person.getByRole('button', { name: /^Revocă accesul/ }).waitFor({ state: 'visible' });
  const overflow = await section.evaluate((el) => el.scrollWidth - el.clientWidth);
  assert.ok(overflow <= 0, `the Acces portal section overflows by ${overflow}px at 360 px`);
  await page.setViewportSize({ width: 1280, height: 900 });

  // The invited person opens the link from the mail and sets a password.
  const mail = await waitForMail(server.dataDir, contactEmail);
  const link = mail.links.find((href) => href.includes('/reset-password/'));
  assert.ok(link, `a set-password link in the invitation: ${mail.links.join(', ')}`);
  await page.evaluate(() => localStorage.clear());
  const target = new URL(link);
  await page.goto(target.pathname + target.search);
  const passwords = passwordFields(page);
  await passwords.first().waitFor({ state: 'visible' });
  await passwords.nth(0).fill(PASSWORD);
  await passwords.nth(1).fill(PASSWORD);
  await page.getByRole('button', { name: 'Salvează parola și intră' }).click();
  await expectPath(page, '/client/dashboard');
  await expectText(page, clientName);
});
