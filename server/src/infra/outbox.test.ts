import { SMTPServer } from 'smtp-server';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../test/helpers.js';
import { createMailer } from './mailer.js';
import { renderMail } from './mail-templates.js';
import { drainOutbox, outboxMailer } from './outbox.js';
import { freePort } from '../../test/production/processes.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

function smtpServer(received: string[]): SMTPServer {
  return new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        received.push(session.envelope.rcptTo.map((r) => r.address).join(','));
        callback();
      });
    },
  });
}

test('a mail server that is down loses nothing: the message waits in the outbox and leaves once it is back', async () => {
  const port = await freePort();
  const transport = createMailer({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    mailFrom: 'Dosar <no-reply@dosar.local>',
    dataDir: t.dataDir,
  });
  const queue = outboxMailer(t.ctx.db);
  await queue.send(renderMail('maria@firma.ro', { subject: 'Invitație Dosar', paragraphs: ['Bine ai venit.'] }));

  // Nothing listens on the port: the attempt fails and the row stays queued for a retry.
  expect(await drainOutbox({ db: t.ctx.db, mailer: transport })).toEqual({ sent: 0, failed: 0, retrying: 1 });
  const waiting = await t.ctx.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', 'maria@firma.ro')
    .executeTakeFirstOrThrow();
  expect(waiting.status).toBe('queued');
  expect(waiting.attempts).toBe(1);
  expect(waiting.last_error).toBeTruthy();

  const received: string[] = [];
  const server = smtpServer(received);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  try {
    // Backoff: not due yet, so nothing is sent before its time.
    expect(await drainOutbox({ db: t.ctx.db, mailer: transport })).toEqual({ sent: 0, failed: 0, retrying: 0 });
    await sql`update mail_outbox set next_attempt_at = now() where to_address = 'maria@firma.ro'`.execute(t.ctx.db);
    expect(await drainOutbox({ db: t.ctx.db, mailer: transport })).toEqual({ sent: 1, failed: 0, retrying: 0 });
    expect(received).toEqual(['maria@firma.ro']);
    const sent = await t.ctx.db
      .selectFrom('mail_outbox')
      .select(['status', 'sent_at'])
      .where('to_address', '=', 'maria@firma.ro')
      .executeTakeFirstOrThrow();
    expect(sent.status).toBe('sent');
    expect(sent.sent_at).toBeTruthy();
  } finally {
    await transport.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
