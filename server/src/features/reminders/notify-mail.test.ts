import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { api, createClient, createCompany, expectStatus } from '../../../test/factories.js';

// „Notifică clientul” (clients/{id}/notify) as the client reads it: the firm's words in Dosar's template.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);

afterAll(() => t?.close());

it('one greeting, the firm’s name, the message as typed and the way into the portal', async () => {
  const firm = await createCompany(t);
  const client = await createClient(t, firm, { email: 'mesaj@client.test' });
  expectStatus(
    await api(t)
      .as(firm.owner)
      .post(`/api/company/${firm.id}/clients/${client.id}/notify`, { message: 'Vă rugăm să trimiteți extrasele.' }),
    200,
    'notify',
  );
  const [mail] = t.mail.to('mesaj@client.test');
  expect(mail.subject).toBe(`Mesaj de la ${firm.name}`);
  expect(mail.text.match(/Bună ziua/g)).toHaveLength(1);
  expect(mail.text).toContain(`Bună ziua, ${client.name},`);
  expect(mail.text).toContain(`${firm.name} v-a trimis un mesaj prin Dosar:\n\nVă rugăm să trimiteți extrasele.`);
  expect(mail.text).toMatch(new RegExp(`Deschide portalul: http://\\S+/client/${client.id}`));
  expect(mail.html).toContain(`/client/${client.id}`);
  expect(mail.text.trim().endsWith(`${firm.name}, prin Dosar`)).toBe(true);
});
