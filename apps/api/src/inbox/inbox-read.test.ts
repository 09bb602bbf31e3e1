import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.js';
import { rawMail, testMailbox } from '../test/imap.js';
import { startTestApp, useTestApp } from '../test/test-app.js';
import { readInbox } from './index.js';

// Issue 35: the job that reads the shared sales mailbox keeps each message once, across runs,
// API processes and reads cut short; a real Dovecot (test/imap.ts) and the run's database.

const logs: { level: number; msg: string; [key: string]: unknown }[] = [];
const logLines: string[] = [];
const logger = pino(
  { level: 'info' },
  new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logLines.push(chunk.toString());
      logs.push(JSON.parse(chunk.toString()) as (typeof logs)[number]);
      callback();
    },
  }),
);

const t = useTestApp({ logger }, { perTest: true });
let mailbox: Awaited<ReturnType<typeof testMailbox>>;
const held = { held: () => true };

beforeEach(async () => {
  mailbox = await testMailbox();
  t.ctx.config.inbox = { ...t.ctx.config.inbox, imapUrl: mailbox.url };
  logs.length = 0;
  logLines.length = 0;
});
afterEach(async () => {
  await mailbox.close();
});

const customerMail = (id: string, subject: string, headers: string[] = []) =>
  rawMail({
    from: 'Carla Soto <carla@cliente.cl>',
    subject,
    messageId: `<${id}@cliente.cl>`,
    headers,
    text: 'Hola, ¿me envían una cotización?',
  });

const kept = () =>
  t.ctx.models.InboxMessage.find({}, { subject: 1, from: 1, handledAt: 1, skipped: 1 })
    .sort({ uid: 1 })
    .lean();
const keptSubjects = async () => (await kept()).map((message) => message.subject);

describe('reading the sales mailbox in the background (issue 35)', () => {
  it('keeps each new message once, waiting to be matched, and reads only what is new next time', async () => {
    await mailbox.deliver(customerMail('a', 'Primera consulta'));
    await mailbox.deliver(customerMail('b', 'Segunda consulta'));

    await readInbox(t.ctx, new Date(), held);
    await readInbox(t.ctx, new Date(), held);

    expect(await kept()).toMatchObject([
      { subject: 'Primera consulta', from: { address: 'carla@cliente.cl' }, handledAt: null },
      { subject: 'Segunda consulta', handledAt: null },
    ]);

    await mailbox.deliver(customerMail('c', 'Tercera consulta'));
    await readInbox(t.ctx, new Date(), held);
    expect(await keptSubjects()).toEqual([
      'Primera consulta',
      'Segunda consulta',
      'Tercera consulta',
    ]);
  });

  it('two API processes reading at once keep each message once', async () => {
    for (const n of [1, 2, 3, 4, 5]) await mailbox.deliver(customerMail(`m${n}`, `Consulta ${n}`));
    const other = await startTestApp({ dbName: t.dbName, logger: pino({ level: 'silent' }) });
    try {
      other.ctx.config.inbox = t.ctx.config.inbox;

      await Promise.all([
        readInbox(t.ctx, new Date(), held),
        readInbox(other.ctx, new Date(), held),
      ]);

      expect(await keptSubjects()).toEqual([
        'Consulta 1',
        'Consulta 2',
        'Consulta 3',
        'Consulta 4',
        'Consulta 5',
      ]);
    } finally {
      await other.close();
    }
  });

  it('the same message delivered twice (a copy in Cc, a resend) is kept once', async () => {
    await mailbox.deliver(customerMail('same', 'Consulta'));
    await mailbox.deliver(customerMail('same', 'Consulta'));

    await readInbox(t.ctx, new Date(), held);

    expect(await kept()).toHaveLength(1);
  });

  it('a run whose lock is lost stops at a message’s edge; the next run reads on from there', async () => {
    for (const n of [1, 2, 3]) await mailbox.deliver(customerMail(`m${n}`, `Consulta ${n}`));
    let steps = 0;

    await readInbox(t.ctx, new Date(), { held: () => ++steps <= 1 });
    expect(await keptSubjects()).toEqual(['Consulta 1']);

    await readInbox(t.ctx, new Date(), held);
    expect(await keptSubjects()).toEqual(['Consulta 1', 'Consulta 2', 'Consulta 3']);
  });

  it('a message over the size limit is recorded as skipped, never downloaded, and logged once', async () => {
    t.ctx.config.inbox = { ...t.ctx.config.inbox, maxMessageBytes: 1000 };
    await mailbox.deliver(customerMail('big', 'Enorme', [`X-Relleno: ${'x'.repeat(3000)}`]));

    await readInbox(t.ctx, new Date(), held);
    // Read again from the start (the folder renumbered): the same message, not logged again.
    await t.ctx.models.InboxCheckpoint.deleteMany({});
    await readInbox(t.ctx, new Date(), held);

    expect(await kept()).toMatchObject([{ skipped: 'too-large', subject: '' }]);
    expect(logs.filter((line) => line.msg === 'mail too large to read: skipped')).toHaveLength(1);
  });

  it('a mailbox it cannot reach is logged by host and folder, never with the password', async () => {
    const unreachable = new URL(mailbox.url);
    unreachable.password = 'clave-que-no-debe-verse';
    unreachable.port = '1';
    t.ctx.config.inbox = { ...t.ctx.config.inbox, imapUrl: unreachable.toString() };

    await readInbox(t.ctx, new Date(), held);

    expect(logs.map((line) => line.msg)).toContain('mailbox not read; the next run tries again');
    expect(logLines.join('\n')).toContain('127.0.0.1:1/');
    expect(logLines.join('\n')).not.toContain('clave-que-no-debe-verse');
  });
});

describe('IMAP_URL and IMAP_POLL_SECONDS (issue 35)', () => {
  it('reads the poll in seconds (30 by default) and refuses a URL that is not IMAP', () => {
    expect(loadConfig({}).inbox.pollMs).toBe(30_000);
    expect(loadConfig({ IMAP_POLL_SECONDS: '60' }).inbox.pollMs).toBe(60_000);
    expect(
      loadConfig({ IMAP_URL: 'imaps://ventas%40empresa.cl:clave@mail.empresa.cl' }).inbox.imapUrl,
    ).toBe('imaps://ventas%40empresa.cl:clave@mail.empresa.cl');
    expect(() => loadConfig({ IMAP_URL: 'https://mail.empresa.cl' })).toThrow(/IMAP_URL/);
    expect(() => loadConfig({ IMAP_POLL_SECONDS: '1' })).toThrow(/IMAP_POLL_SECONDS/);
  });
});
