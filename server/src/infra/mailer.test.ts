import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { createMailer } from './mailer.js';
import { renderMail } from './mail-templates.js';

const message = renderMail('ana@firma.ro', {
  subject: 'Resetare parolă — Dosar',
  paragraphs: ['Ai cerut resetarea parolei <contului>.'],
  action: { label: 'Setează parola', url: 'http://localhost:8080/reset-password/abc?email=ana%40firma.ro' },
});

test('without SMTP_URL each message is written to DATA_DIR/mail as .eml', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dosar-mail-'));
  const mailer = createMailer({ smtpUrl: null, mailFrom: 'Dosar <no-reply@dosar.local>', dataDir });
  await mailer.send(message);
  const files = fs.readdirSync(path.join(dataDir, 'mail'));
  expect(files).toHaveLength(1);
  expect(files[0]).toMatch(/ana@firma\.ro\.eml$/);
  const eml = fs.readFileSync(path.join(dataDir, 'mail', files[0]), 'utf8');
  expect(eml).toContain('To: ana@firma.ro');
  expect(eml).toMatch(/Subject: =\?UTF-8\?/);
  expect(eml).toContain('reset-password/abc');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('with SMTP_URL the message reaches a real SMTP server, HTML escaped and a text part', async () => {
  const received: { to: string[]; data: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  const mailer = createMailer({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    mailFrom: 'Dosar <no-reply@dosar.local>',
    dataDir: '/nonexistent',
  });
  await mailer.send(message);
  await mailer.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  expect(received).toHaveLength(1);
  expect(received[0].to).toEqual(['ana@firma.ro']);
  expect(received[0].data).toContain('text/plain');
  expect(received[0].data).toContain('text/html');
  expect(received[0].data).toContain('&lt;contului&gt;');
});
