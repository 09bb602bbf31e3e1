import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processOutbox } from '../mail/index.js';
import { startSmtp, type TestSmtp } from '../test/smtp.js';
import { startTestApp, useTestApp } from '../test/test-app.js';
import { queueAccountMail } from './account-mail.js';

// Issue 23: account mails go through the app's outbox (mail/, issue 34): sent at once, retried
// by the outbox's run with backoff, also by another process after this one stopped.

const t = useTestApp();
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startSmtp();
  t.ctx.config.mail = { ...t.ctx.config.mail, smtpUrl: smtp.url, retryDelaysMs: [60_000] };
});
afterAll(async () => {
  await smtp.close();
});

const mail = (key: string, to: string) => ({ key, to, subject: 'Asunto', text: 'Texto' });
const sentTo = (to: string) => smtp.mails.filter((sent) => sent.to.includes(to));

describe('queueAccountMail', () => {
  it('when the mail server is up, then the mail is sent before it resolves, once per key', async () => {
    expect(await queueAccountMail(t.ctx, mail('once', 'una@example.com'))).toBe(true);
    expect(sentTo('una@example.com')).toHaveLength(1);
    expect(await queueAccountMail(t.ctx, mail('once', 'una@example.com'))).toBe(false);
    expect(sentTo('una@example.com')).toHaveLength(1);
  });

  it('when the mail server refuses it, then another process’s outbox run sends it after the delay', async () => {
    smtp.state.refuseNext = 1;
    const queued = await queueAccountMail(t.ctx, mail('retry', 'reintento@example.com'));
    expect(queued).toBe(true);
    expect(sentTo('reintento@example.com')).toHaveLength(0);
    // This process is gone; another one on the same database runs the outbox.
    const other = await startTestApp({ dbName: t.dbName });
    try {
      other.ctx.config.mail = t.ctx.config.mail;
      await processOutbox(other.ctx, new Date());
      expect(sentTo('reintento@example.com')).toHaveLength(0);
      await processOutbox(other.ctx, new Date(Date.now() + 60_000));
      expect(sentTo('reintento@example.com')).toHaveLength(1);
    } finally {
      await other.close();
    }
    expect(await t.ctx.models.OutboxMail.findById('account:retry').lean()).toMatchObject({
      status: 'sent',
      kind: 'account',
      text: '',
    });
  });

  it('when SMTP_URL is unset, then nothing is queued', async () => {
    const { mail: config } = t.ctx.config;
    t.ctx.config.mail = { ...config, smtpUrl: undefined };
    try {
      expect(await queueAccountMail(t.ctx, mail('off', 'nadie@example.com'))).toBe(false);
    } finally {
      t.ctx.config.mail = config;
    }
    expect(await t.ctx.models.OutboxMail.findById('account:off').lean()).toBeNull();
  });
});
