import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@crm/shared';
import { DEFAULT_LEADS } from '../config/leads-config.js';
import { startJobs, type JobsScheduler } from '../jobs/index.js';
import { outboxJob, processOutbox } from '../mail/index.js';
import { startSmtp, textOf, type TestSmtp } from '../test/smtp.js';
import { addUser, solvedCaptcha, startTestApp, type TestApp } from '../test/test-app.js';

async function until<T>(read: () => T | undefined, timeoutMs = 5000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await sleep(20);
  }
}

const form = (email: string) => ({
  name: 'Marta Pérez',
  email,
  requestType: 'agendar reunión',
  message: 'Necesito una reunión esta semana.',
});

async function submit(t: TestApp, body: object) {
  return request(t.app)
    .post('/api/form-contact/create')
    .send({ ...body, altcha: await solvedCaptcha(t.app) });
}

describe('website lead emails', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  let admins: User[];
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp();
    t.ctx.config.leads = { ...DEFAULT_LEADS, perAddress: { max: 100, windowMs: 60_000 } };
    t.ctx.config.mail = { smtpUrl: smtp.url, from: 'CRM <crm@example.com>', retryDelaysMs: [] };
    admins = [await addUser(t.ctx, 'system admin'), await addUser(t.ctx, 'system admin')];
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('when SMTP_URL is set, then the person gets a confirmation and every system admin a notice, both with the number', async () => {
    const vendor = await addUser(t.ctx, 'vendor');
    const res = await submit(t, form('marta@example.com'));
    expect(res.status).toBe(201);
    const stored = await t.ctx.models.Request.findOne({ email: 'marta@example.com' }).lean();
    const requestNumber = stored?.requestNumber ?? NaN;

    const confirmation = await until(() =>
      smtp.mails.find((mail) => mail.to.includes('marta@example.com')),
    );
    expect(confirmation.to).toEqual(['marta@example.com']);
    expect(confirmation.from).toBe('crm@example.com');
    expect(textOf(confirmation.raw)).toContain(
      `Recibimos tu solicitud con el número ${requestNumber}`,
    );

    const notice = await until(() =>
      smtp.mails.find((mail) => mail.to.includes(admins[0]?.email ?? '')),
    );
    expect([...notice.to].sort()).toEqual(admins.map((admin) => admin.email).sort());
    expect(notice.to).not.toContain(vendor.email);
    expect(textOf(notice.raw)).toContain(`número ${requestNumber}`);
    expect(textOf(notice.raw)).toContain('Necesito una reunión esta semana.');
  });
  const mailsTo = (address: string) => smtp.mails.filter((mail) => mail.to.includes(address));
  const noticesAbout = (text: string) =>
    smtp.mails.filter(
      (mail) => mail.to.includes(admins[0]?.email ?? '') && textOf(mail.raw).includes(text),
    );

  it('when the message is a phishing text to someone else’s address, then their confirmation quotes none of it', async () => {
    const victim = 'victima@example.com';
    const phishing = 'Su cuenta será bloqueada. Verifique en http://phish.example/login';
    expect((await submit(t, { ...form(victim), message: phishing })).status).toBe(201);
    const confirmation = await until(() => mailsTo(victim)[0]);
    const text = textOf(confirmation.raw);
    expect(text).toContain('Hola, Marta Pérez:');
    expect(text).not.toContain('bloqueada');
    expect(text).not.toContain('phish.example');
  });

  it('when the same address is sent the form again within a day, then it gets one confirmation, while the admins hear of each', async () => {
    const address = 'repetido@example.com';
    for (const message of ['Primer mensaje uno.', 'Segundo mensaje dos.', 'Tercer mensaje tres.']) {
      expect((await submit(t, { ...form(address), message })).status).toBe(201);
      await until(() => noticesAbout(message)[0]);
    }
    await sleep(200);
    expect(mailsTo(address)).toHaveLength(1);
  });

  it('when a field carries line breaks meant as mail lines, then the admins’ notice keeps each field on its one line', async () => {
    const message = 'Hola.\r\nBcc: espia@example.com\nNombre: Otro Nombre\rFin';
    expect((await submit(t, { ...form('lineas@example.com'), message })).status).toBe(201);
    const notice = await until(() => noticesAbout('espia@example.com')[0]);
    const lines = textOf(notice.raw).split(/\r?\n/);
    expect(lines.filter((line) => /^Bcc:/i.test(line))).toEqual([]);
    expect(lines.filter((line) => line.startsWith('Nombre:'))).toEqual(['Nombre: Marta Pérez']);
    expect(lines).toContain('Mensaje: Hola. Bcc: espia@example.com Nombre: Otro Nombre Fin');
    expect(smtp.mails.some((mail) => mail.to.includes('espia@example.com'))).toBe(false);
  });

  it('when the honeypot is filled, then no mail at all is sent for it', async () => {
    const bot = { ...form('bot@example.com'), message: 'Mensaje del bot.', homepage: 'x' };
    expect((await submit(t, bot)).status).toBe(201);
    // A real one after it: once its mails are in, the bot's would have been too.
    expect(
      (await submit(t, { ...form('real@example.com'), message: 'Mensaje real.' })).status,
    ).toBe(201);
    await until(() => noticesAbout('Mensaje real.')[0]);
    await until(() => mailsTo('real@example.com')[0]);
    await sleep(200);
    expect(mailsTo('bot@example.com')).toEqual([]);
    expect(noticesAbout('Mensaje del bot.')).toEqual([]);
  });
});

type LogLine = { msg?: string; attempt?: number; mailKey?: string };

/** A logger whose lines land in `lines`. */
function capture(lines: LogLine[]) {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        lines.push(JSON.parse(line) as LogLine);
      }
      done();
    },
  });
  return pino({ level: 'info' }, sink);
}

describe('website lead emails when the mail server is down', () => {
  it('when the SMTP server refuses connections, then the request is stored, and the failure logged and retried by the outbox', async () => {
    const lines: LogLine[] = [];
    const down = await startSmtp();
    const url = down.url;
    await down.close();
    const t = await startTestApp({ logger: capture(lines) });
    try {
      t.ctx.config.leads = { ...DEFAULT_LEADS };
      t.ctx.config.mail = { smtpUrl: url, from: 'crm@example.com', retryDelaysMs: [50, 50] };
      const res = await submit(t, form('nadie@example.com'));
      expect(res.status).toBe(201);
      const stored = await t.ctx.models.Request.findOne({ email: 'nadie@example.com' }).lean();
      const requestNumber = stored?.requestNumber;
      expect(requestNumber).toEqual(expect.any(Number));
      // The mail's key names the request (the log holds no recipient).
      const ofLead = (line: LogLine) => line.mailKey?.startsWith(`lead:${requestNumber}:`);
      await until(() => lines.find((line) => line.msg === 'mail failed; will retry'));

      // The outbox's runs, after each delay.
      await processOutbox(t.ctx, new Date(Date.now() + 1000));
      await processOutbox(t.ctx, new Date(Date.now() + 2000));
      const gaveUp = lines.find((line) => line.msg === 'mail failed; giving up');
      expect(gaveUp && ofLead(gaveUp)).toBe(true);
      expect(gaveUp?.mailKey).toMatch(/:confirmation$/);
      const retries = lines.filter((line) => line.msg === 'mail failed; will retry');
      expect(retries.every(ofLead)).toBe(true);
      expect(retries.map((line) => line.attempt)).toEqual([1, 2]);
    } finally {
      await t.close();
    }
  });

  it('when a lead’s mails fail while the mail server is down and the app restarts, then the new instances send each once the server is back', async () => {
    const lines: LogLine[] = [];
    const down = await startSmtp();
    const { url } = down;
    await down.close();
    const dbName = `test_${randomBytes(6).toString('hex')}`;
    const mailConfig = { smtpUrl: url, from: 'crm@example.com', retryDelaysMs: [60_000] };
    const first = await startTestApp({ dbName, logger: capture(lines) });
    const apps: TestApp[] = [];
    const schedulers: JobsScheduler[] = [];
    let back: TestSmtp | undefined;
    try {
      first.ctx.config.leads = { ...DEFAULT_LEADS };
      first.ctx.config.mail = mailConfig;
      const admin = await addUser(first.ctx, 'system admin');
      expect((await submit(first, form('reinicio@example.com'))).status).toBe(201);
      // Both first tries failed; then the process is gone.
      await until(() =>
        lines.filter((line) => line.msg === 'mail failed; will retry').length === 2
          ? true
          : undefined,
      );
      await first.close();

      back = await startSmtp(Number(new URL(url).port));
      // A restarted process and a second one, each running the outbox on its scheduler, a
      // minute later (past the retry's delay).
      const clock = { now: () => new Date(Date.now() + 61_000) };
      for (const name of ['restarted', 'second']) {
        const app = await startTestApp({ dbName, logger: pino({ level: 'silent' }) });
        app.ctx.config.mail = mailConfig;
        apps.push(app);
        const jobs = await startJobs(app.ctx, [{ ...outboxJob, every: 200 }], {
          clock,
          processEvery: 100,
          name,
        });
        if (jobs) schedulers.push(jobs);
      }
      expect(schedulers).toHaveLength(2);
      const received = back.mails;
      const to = (address: string) => received.filter((mail) => mail.to.includes(address));
      await until(() => to('reinicio@example.com')[0]);
      await until(() => to(admin.email)[0]);
      // Several more runs on both.
      await sleep(1000);
      expect(to('reinicio@example.com')).toHaveLength(1);
      expect(to(admin.email)).toHaveLength(1);
      expect(textOf(to('reinicio@example.com')[0]?.raw ?? '')).toContain('Recibimos tu solicitud');
    } finally {
      for (const scheduler of schedulers) await scheduler.stop();
      await apps[0]?.ctx.connection.dropDatabase();
      for (const app of apps) await app.close();
      await back?.close();
    }
  });

  it('when SMTP_URL is not set, then nothing is sent and the form still answers 201', async () => {
    const t = await startTestApp();
    try {
      t.ctx.config.leads = { ...DEFAULT_LEADS };
      expect(t.ctx.config.mail.smtpUrl).toBeUndefined();
      const res = await submit(t, form('sin.correo@example.com'));
      expect(res.status).toBe(201);
    } finally {
      await t.close();
    }
  });
});
