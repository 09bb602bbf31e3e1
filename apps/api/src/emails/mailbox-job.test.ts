import { simpleParser } from 'mailparser';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RequestEmailPage } from '@crm/shared';
import { DEFAULT_INBOX } from '../config/inbox-config.js';
import { rawMail, testMailbox } from '../test/imap.js';
import { startSmtp, type TestSmtp } from '../test/smtp.js';
import {
  bearer,
  createRequest,
  startTestApp,
  useSignedInRoles,
  useTestApp,
} from '../test/test-app.js';
import { mailboxJob, runMailbox } from './index.js';
import { runAndListen } from './mailbox-job.js';

// Issue 35, the whole path on real servers: a mail sent from a request reaches the customer
// (smtp-server); their answer, delivered into the sales mailbox (Dovecot), is read and filed in
// the request's thread by the mailbox's run, once, however many API processes run it.

const t = useTestApp();
const { vendor } = useSignedInRoles(t);
let smtp: TestSmtp;
let mailbox: Awaited<ReturnType<typeof testMailbox>>;
const held = { held: () => true };

beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp.close();
});
beforeEach(async () => {
  mailbox = await testMailbox();
  t.ctx.config.mail = { ...t.ctx.config.mail, smtpUrl: smtp.url };
  t.ctx.config.inbox = {
    ...t.ctx.config.inbox,
    ...DEFAULT_INBOX,
    imapUrl: mailbox.url,
    replyTo: 'ventas@crm.test',
  };
});
afterEach(async () => {
  await mailbox.close();
});

const thread = async (id: string) =>
  (await request(t.app).get(`/api/form-contact/${id}/emails`).set(bearer(vendor.token)).expect(200))
    .body as RequestEmailPage;

/** The customer's answer as their mail program writes it: quoting, In-Reply-To, References. */
const answerTo = (messageId: string, id: string) =>
  rawMail({
    from: 'Carla Soto <carla@cliente.cl>',
    subject: 'Re: Cotización',
    messageId: `<${id}@cliente.cl>`,
    headers: [`In-Reply-To: ${messageId}`, `References: ${messageId}`],
    text: 'Perfecto, confirmamos para 80 personas.',
  });

describe('the sales mailbox’s run (issue 35)', () => {
  it('files the customer’s answer to a mail sent from the request in its thread', async () => {
    const customer = await createRequest(t, vendor.token, {
      name: 'Carla Soto',
      email: 'carla@cliente.cl',
      requestType: 'otro',
      message: 'Cotización para un evento',
    });
    await request(t.app)
      .post(`/api/form-contact/${customer._id}/emails`)
      .set(bearer(vendor.token))
      .send({ to: ['carla@cliente.cl'], subject: 'Cotización', text: 'Valores adjuntos' })
      .expect(201);
    const sent = await simpleParser(smtp.mails.at(-1)?.raw ?? '');
    await mailbox.deliver(answerTo(sent.messageId ?? '', 'respuesta'));

    await runMailbox(t.ctx, new Date(), held);

    expect((await thread(customer._id)).items).toMatchObject([
      {
        direction: 'in',
        from: { address: 'carla@cliente.cl', name: 'Carla Soto' },
        subject: 'Re: Cotización',
        text: 'Perfecto, confirmamos para 80 personas.',
        state: 'received',
      },
      { direction: 'out', subject: 'Cotización', state: 'sent' },
    ]);
  });

  it('two API processes running it at once file each message once, and make one lead of a new sender', async () => {
    for (const n of [1, 2, 3]) {
      await mailbox.deliver(
        rawMail({
          from: 'Nuevo Cliente <nuevo@empresa.cl>',
          subject: `Consulta ${n}`,
          messageId: `<consulta-${n}@empresa.cl>`,
          text: `Mensaje ${n}`,
        }),
      );
    }
    const other = await startTestApp({ dbName: t.dbName, logger: pino({ level: 'silent' }) });
    try {
      other.ctx.config.inbox = t.ctx.config.inbox;
      other.ctx.config.mail = t.ctx.config.mail;
      await Promise.all([
        runMailbox(t.ctx, new Date(), held),
        runMailbox(other.ctx, new Date(), held),
      ]);
      await runMailbox(t.ctx, new Date(), held);
    } finally {
      await other.close();
    }
    const leads = await t.ctx.models.Request.find({ email: 'nuevo@empresa.cl' }).lean();
    expect(leads).toMatchObject([{ sourceOfContact: 'email', name: 'Nuevo Cliente' }]);
    const subjects = (await thread(String(leads[0]?._id))).items.map((email) => email.subject);
    expect(subjects.sort()).toEqual(['Consulta 1', 'Consulta 2', 'Consulta 3']);
  });

  it('reads a backlog batch after batch in one run, filing each batch', async () => {
    t.ctx.config.inbox = { ...t.ctx.config.inbox, batchSize: 2 };
    for (const n of [1, 2, 3, 4, 5]) {
      await mailbox.deliver(
        rawMail({
          from: 'Atraso <atraso@empresa.cl>',
          subject: `Pendiente ${n}`,
          messageId: `<pendiente-${n}@empresa.cl>`,
          text: `Mensaje ${n}`,
        }),
      );
    }
    await runMailbox(t.ctx, new Date(), held);
    const lead = await t.ctx.models.Request.findOne({ email: 'atraso@empresa.cl' }).lean();
    expect((await thread(String(lead?._id))).items).toHaveLength(5);
  });

  it('listens in IDLE between reads: a mail that comes in is filed at once, and a stop ends the wait', async () => {
    t.ctx.config.inbox = { ...t.ctx.config.inbox, pollMs: 60_000 };
    let holding = true;
    const started = Date.now();
    const run = runAndListen(t.ctx, new Date(), { held: () => holding });
    // The first read finds nothing; the run is listening by now.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await mailbox.deliver(
      rawMail({
        from: 'Rápido <rapido@empresa.cl>',
        subject: 'Llegó durante la espera',
        messageId: '<durante-la-espera@empresa.cl>',
        text: 'Hola',
      }),
    );
    let lead = null;
    while (!lead && Date.now() - started < 30_000) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      lead = await t.ctx.models.Request.findOne({ email: 'rapido@empresa.cl' }).lean();
    }
    // Filed within the run, long before its 60 s period would have read it.
    expect(lead).not.toBeNull();
    expect(Date.now() - started).toBeLessThan(30_000);
    const stopAsked = Date.now();
    holding = false;
    await run;
    expect(Date.now() - stopAsked).toBeLessThan(10_000);
  });

  it('without IMAP_URL it is off and says that replies are not read', () => {
    t.ctx.config.inbox = { ...t.ctx.config.inbox, imapUrl: undefined };
    expect(mailboxJob.offBecause?.(t.ctx)).toBe('replies are not read: IMAP_URL is not set');
  });
});
