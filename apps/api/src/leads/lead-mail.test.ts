import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LEADS } from '../config/leads-config.js';
import { addUser, solvedCaptcha, startTestApp, type TestApp } from '../test/test-app.js';

type Received = { from: string; to: string[]; raw: string };

/** A real SMTP server in this process, keeping every mail it accepts. */
async function startSmtp(): Promise<{
  url: string;
  mails: Received[];
  close: () => Promise<void>;
}> {
  const mails: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A raw mail with its quoted-printable text undone (bytes, then UTF-8). */
function textOf(raw: string): string {
  const body = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < body.length; i++) {
    const hex = body.slice(i + 1, i + 3);
    if (body[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(body.charCodeAt(i));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

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
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp();
    t.ctx.config.leads = { ...DEFAULT_LEADS };
    t.ctx.config.mail = { smtpUrl: smtp.url, from: 'CRM <crm@example.com>', retryDelaysMs: [] };
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('when SMTP_URL is set, then the person gets a confirmation and every system admin a notice, both with the number', async () => {
    const admins = [await addUser(t.ctx, 'system admin'), await addUser(t.ctx, 'system admin')];
    const vendor = await addUser(t.ctx, 'vendor');
    const res = await submit(t, form('marta@example.com'));
    expect(res.status).toBe(201);
    const { requestNumber } = res.body as { requestNumber: number };

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
});

describe('website lead emails when the mail server is down', () => {
  it('when the SMTP server refuses connections, then the request is stored, and the failure logged and retried', async () => {
    const lines: { msg?: string; attempt?: number; requestNumber?: number }[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) {
          lines.push(JSON.parse(line) as (typeof lines)[number]);
        }
        done();
      },
    });
    const down = await startSmtp();
    const url = down.url;
    await down.close();
    const t = await startTestApp({ logger: pino({ level: 'info' }, sink) });
    try {
      t.ctx.config.leads = { ...DEFAULT_LEADS };
      t.ctx.config.mail = { smtpUrl: url, from: 'crm@example.com', retryDelaysMs: [50, 50] };
      const res = await submit(t, form('nadie@example.com'));
      expect(res.status).toBe(201);
      const { requestNumber } = res.body as { requestNumber: number };
      expect(await t.ctx.models.Request.countDocuments({ requestNumber })).toBe(1);

      const gaveUp = await until(() =>
        lines.find((line) => line.msg === 'website lead mail failed; giving up'),
      );
      expect(gaveUp.requestNumber).toBe(requestNumber);
      const retries = lines.filter((line) => line.msg === 'website lead mail failed; will retry');
      expect(retries.map((line) => line.attempt)).toEqual([0, 1]);
    } finally {
      await t.close();
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
