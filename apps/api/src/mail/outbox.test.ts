import { Writable } from 'node:stream';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from '../test/smtp.js';
import { startTestApp, useTestApp, type TestApp } from '../test/test-app.js';
import {
  processOutbox,
  putInOutbox,
  queueMail,
  SMTP_TIMEOUTS,
  STALE_ATTEMPT_MS,
  transportFor,
  type QueuedMail,
} from './index.js';

// Issue 34: the app's one mail path. Mails are put in the outbox under a key, sent by the
// outbox's run (or at once by queueMail), retried with the retry policy, through a real SMTP
// server, with the run's `now` as a fake clock. (Moved from the reminders' failure tests.)

/** The app's log lines, to see a failure reported. */
const logs: { level: number; msg: string; mailKey?: string }[] = [];
const logger = pino(
  { level: 'info' },
  new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logs.push(JSON.parse(chunk.toString()) as (typeof logs)[number]);
      callback();
    },
  }),
);

const t = useTestApp({ logger });
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startSmtp();
  t.ctx.config.mail = { ...t.ctx.config.mail, smtpUrl: smtp.url, retryDelaysMs: [60_000] };
});
afterAll(async () => {
  await smtp.close();
});

const mailsTo = (email: string) => smtp.mails.filter((mail) => mail.to.includes(email));
const mail = (key: string, to: string): QueuedMail => ({
  key,
  kind: 'digest',
  to,
  content: { subject: 'Asunto', text: 'Texto', html: '<p>Texto</p>' },
});
const at = (instant: string, plusMs = 0) => new Date(Date.parse(instant) + plusMs);
const run = (instant: string, plusMs = 0, app: TestApp = t) =>
  processOutbox(app.ctx, at(instant, plusMs));

describe('the outbox’s run', () => {
  it('when a mail is in the outbox, then the run sends it once, however often it runs', async () => {
    const T = '2026-06-16T12:00:00.000Z';
    expect(await putInOutbox(t.ctx, mail('once', 'una@example.com'), at(T))).toBe(true);
    expect(await putInOutbox(t.ctx, mail('once', 'una@example.com'), at(T))).toBe(false);
    await run(T);
    await run(T, 60_000);
    expect(mailsTo('una@example.com')).toHaveLength(1);
    expect(await t.ctx.models.OutboxMail.findById('once').lean()).toMatchObject({
      status: 'sent',
      attempts: 1,
      text: '',
    });
  });

  it('when the SMTP server refuses a mail, then it is logged and retried after the delay, then delivered', async () => {
    const T = '2026-06-17T12:00:00.000Z';
    await putInOutbox(t.ctx, mail('refused', 'rechazo@example.com'), at(T));
    smtp.state.refuseNext = 1;
    await run(T);
    expect(mailsTo('rechazo@example.com')).toHaveLength(0);
    expect(logs).toContainEqual(
      expect.objectContaining({ mailKey: 'refused', msg: 'mail failed; will retry' }),
    );
    await run(T, 30_000); // before the 60 s delay
    expect(mailsTo('rechazo@example.com')).toHaveLength(0);
    await run(T, 60_000);
    await run(T, 120_000);
    expect(mailsTo('rechazo@example.com')).toHaveLength(1);
  });

  it('when the SMTP server is unreachable, then the run logs it, the API keeps answering, and the mail goes once it is back', async () => {
    const T = '2026-06-18T12:00:00.000Z';
    await putInOutbox(t.ctx, mail('unreachable', 'caido@example.com'), at(T));
    const closed = await startSmtp();
    await closed.close();
    t.ctx.config.mail = { ...t.ctx.config.mail, smtpUrl: closed.url };
    try {
      await run(T);
    } finally {
      t.ctx.config.mail = { ...t.ctx.config.mail, smtpUrl: smtp.url };
    }
    expect(logs).toContainEqual(
      expect.objectContaining({ mailKey: 'unreachable', msg: 'mail failed; will retry' }),
    );
    await request(t.app).get('/api/health').expect(200);
    await run(T, 60_000);
    expect(mailsTo('caido@example.com')).toHaveLength(1);
  });

  it('when every retry fails, then the mail is marked failed and logged as an error, never sent twice', async () => {
    const T = '2026-06-19T12:00:00.000Z';
    await putInOutbox(t.ctx, mail('given-up', 'nunca@example.com'), at(T));
    smtp.state.refuseNext = 2;
    await run(T);
    await run(T, 60_000);
    await run(T, 30 * 60_000);
    expect(logs).toContainEqual(
      expect.objectContaining({ mailKey: 'given-up', msg: 'mail failed; giving up', level: 50 }),
    );
    expect(await t.ctx.models.OutboxMail.findById('given-up').lean()).toMatchObject({
      status: 'failed',
      attempts: 2,
      text: '',
    });
    expect(mailsTo('nunca@example.com')).toHaveLength(0);
  });

  it('when a process died after claiming a try, then the mail goes once the try is stale, not lost', async () => {
    const T = '2026-06-20T12:00:00.000Z';
    await putInOutbox(t.ctx, mail('cut-short', 'cortado@example.com'), at(T));
    // A process claims the mail's first try at T and dies before talking to the server.
    await t.ctx.models.OutboxAttempt.create({
      _id: 'cut-short#1',
      at: at(T),
      expiresAt: at(T, 30 * 24 * 60 * 60_000),
    });
    await run(T);
    await run(T, 4 * 60_000);
    expect(mailsTo('cortado@example.com')).toHaveLength(0);
    await run(T, STALE_ATTEMPT_MS);
    await run(T, STALE_ATTEMPT_MS + 60_000);
    await run(T, STALE_ATTEMPT_MS + 120_000);
    expect(mailsTo('cortado@example.com')).toHaveLength(1);
  });
});

describe('queueMail', () => {
  it('when two processes queue the same key at once, then exactly one sends it, before it resolves', async () => {
    const other = await startTestApp({ dbName: t.dbName, logger: pino({ level: 'silent' }) });
    try {
      other.ctx.config.mail = t.ctx.config.mail;
      const queued = await Promise.all([
        queueMail(t.ctx, mail('twice', 'dos@example.com')),
        queueMail(other.ctx, mail('twice', 'dos@example.com')),
      ]);
      expect(queued.sort()).toEqual([false, true]);
      expect(mailsTo('dos@example.com')).toHaveLength(1);
      await Promise.all([
        run(new Date().toISOString(), 60_000),
        run(new Date().toISOString(), 60_000, other),
      ]);
      expect(mailsTo('dos@example.com')).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('when a mail goes to several addresses, then it is one mail to all of them', async () => {
    const to = ['uno@example.com', 'otro@example.com'];
    expect(await queueMail(t.ctx, { ...mail('several', ''), to })).toBe(true);
    expect(mailsTo('uno@example.com').map((sent) => sent.to.sort())).toEqual([to.sort()]);
  });
});

describe('the transport', () => {
  it('when the transport is made, then it carries the SMTP timeouts, which end a try before it counts as stale', () => {
    const { options } = transportFor(smtp.url) as unknown as { options: Record<string, unknown> };
    expect(options).toMatchObject(SMTP_TIMEOUTS);
    expect(
      SMTP_TIMEOUTS.connectionTimeout + SMTP_TIMEOUTS.greetingTimeout + SMTP_TIMEOUTS.socketTimeout,
    ).toBeLessThan(STALE_ATTEMPT_MS);
  });
});
