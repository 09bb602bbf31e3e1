import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Request } from '@crm/shared';
import { inboxMessageKey } from '../inbox/index.js';
import { processOutbox } from '../mail/index.js';
import { startSmtp, textOf, type TestSmtp } from '../test/smtp.js';
import { bearer, createRequest, tokenFor, useSignedInRoles, useTestApp } from '../test/test-app.js';
import { customerMailNoticeKey, noticeCustomerMail } from './customer-mail-notice.js';
import { fileWaitingMail } from './index.js';

// Issue 35: when a customer's mail is filed in a request, its executive gets an email if they
// turned it on in Perfil (`emailCustomerMail`, off by default): one, through the outbox, however
// many times the mail is filed; never anything to the customer.

const t = useTestApp();
const { admin } = useSignedInRoles(t);
const held = { held: () => true };
const APP_URL = 'https://crm.example.com';
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp.close();
});
beforeEach(() => {
  t.ctx.config.mail = { ...t.ctx.config.mail, smtpUrl: smtp.url };
  t.ctx.config.appUrl = APP_URL;
});
afterEach(() => {
  t.ctx.config.appUrl = undefined;
  vi.restoreAllMocks();
});

/** A request of its own customer, assigned to a new executive who chose the notice or not. */
async function executiveRequest(emailCustomerMail: boolean | undefined) {
  const executive = await tokenFor(t, 'vendor');
  if (emailCustomerMail !== undefined) {
    const res = await request(t.app)
      .patch('/api/me/preferences')
      .set(bearer(executive.token))
      .send({ emailCustomerMail });
    expect(res.status).toBe(200);
  }
  const customer = await createRequest(t, admin.token, {
    name: 'Carla Soto',
    email: `carla.${Date.now()}.${Math.random()}@cliente.cl`,
    requestType: 'otro',
    message: 'Hola',
  });
  const assigned = await request(t.app)
    .put('/api/user/assign-vendor')
    .set(bearer(admin.token))
    .send({ formId: customer._id, vendorId: executive.user._id });
  expect(assigned.status).toBe(200);
  return { executive: executive.user, customer };
}

const PRIVATE_TEXT = 'Texto privado del cliente: la clave es 4242';

/** The customer's mail as the inbox keeps it (see emails.test.ts); answers its inbox key. */
async function arrives(customer: Request, id: string, subject = 'Consulta por el evento') {
  const messageId = `<${id}.${Date.now()}@cliente.cl>`;
  const key = inboxMessageKey(messageId);
  await t.ctx.models.InboxMessage.create({
    _id: key,
    messageId,
    mailbox: 'imap.test:143/INBOX',
    uid: 1,
    size: 100,
    references: [],
    from: { address: customer.email, name: 'Carla Soto' },
    to: [{ address: 'ventas@crm.test', name: '' }],
    subject,
    text: PRIVATE_TEXT,
    readAt: new Date(),
  });
  return key;
}

const noticesOf = (inboxKey: string) =>
  t.ctx.models.OutboxMail.find({ _id: customerMailNoticeKey(inboxKey) }).lean();

describe('the notice of a customer’s mail to the request’s executive (issue 35)', () => {
  it('when a crash came between the mail’s record and its notice, then the run done again queues the notice', async () => {
    const { executive, customer } = await executiveRequest(true);
    const key = await arrives(customer, 'corte');
    // The last run recorded the mail in the thread and stopped there.
    await t.ctx.models.RequestEmail.create({
      requestId: customer._id,
      direction: 'in',
      messageId: `<corte@cliente.cl>`,
      from: { address: customer.email, name: 'Carla Soto' },
      subject: 'Consulta por el evento',
      at: new Date(),
      inboxKey: key,
      unread: true,
    });
    await fileWaitingMail(t.ctx, held);
    expect(await noticesOf(key)).toMatchObject([{ to: executive.email }]);
  });

  it('when the executive chose it, then filing the mail queues one mail to them, filed again still one, and it goes out', async () => {
    const { executive, customer } = await executiveRequest(true);
    const key = await arrives(customer, 'aviso');
    await fileWaitingMail(t.ctx, held);

    const [notice, ...more] = await noticesOf(key);
    expect(more).toEqual([]);
    expect(notice).toMatchObject({
      kind: 'customer-mail',
      userId: executive._id,
      to: executive.email,
      status: 'pending',
    });
    expect(notice?.subject).toContain(`solicitud ${customer.requestNumber}`);
    expect(notice?.subject).toContain('Carla Soto');
    expect(notice?.text).toContain(`Carla Soto <${customer.email}>`);
    expect(notice?.text).toContain('Asunto: Consulta por el evento');
    expect(notice?.text).toContain(`${APP_URL}/main/requests/${customer._id}`);
    expect(notice?.text).not.toContain(PRIVATE_TEXT);

    // A run cut short before marking it handled, done again: nothing more.
    await t.ctx.models.InboxMessage.updateOne({ _id: key }, { $set: { handledAt: null } });
    await fileWaitingMail(t.ctx, held);
    expect(await noticesOf(key)).toHaveLength(1);
    expect(
      await t.ctx.models.OutboxMail.countDocuments({ kind: 'customer-mail', to: executive.email }),
    ).toBe(1);

    await processOutbox(t.ctx, new Date());
    const sent = smtp.mails.filter((mail) => mail.to.includes(executive.email));
    expect(sent).toHaveLength(1);
    expect(textOf(sent[0]?.raw ?? '')).toContain(`${APP_URL}/main/requests/${customer._id}`);
    // The product never writes to the customer by itself.
    expect(smtp.mails.some((mail) => mail.to.includes(customer.email))).toBe(false);
  });

  it('when the same filed mail is told twice, then the outbox holds one notice', async () => {
    const { executive, customer } = await executiveRequest(true);
    const mail = {
      requestId: customer._id,
      inboxKey: `dos-veces-${Date.now()}`,
      from: { address: customer.email, name: '' },
      subject: 'Hola',
    };
    await noticeCustomerMail(t.ctx, mail);
    await noticeCustomerMail(t.ctx, mail);
    expect(await noticesOf(mail.inboxKey)).toMatchObject([{ to: executive.email }]);
  });

  it.each([
    ['left as it came (off)', undefined],
    ['turned off', false],
  ])('when the executive’s choice is %s, then nothing is queued', async (_name, choice) => {
    const { customer } = await executiveRequest(choice);
    const key = await arrives(customer, `sin-aviso-${String(choice)}`);
    await fileWaitingMail(t.ctx, held);
    expect((await t.ctx.models.Request.findById(customer._id).lean())?.unreadEmails).toBe(1);
    expect(await noticesOf(key)).toEqual([]);
  });

  it('when the request has no executive, or mail is off (no SMTP_URL), then nothing is queued', async () => {
    const { customer } = await executiveRequest(true);
    await request(t.app)
      .put('/api/user/assign-vendor')
      .set(bearer(admin.token))
      .send({ formId: customer._id, vendorId: null })
      .expect(200);
    const unassigned = await arrives(customer, 'sin-ejecutivo');
    await fileWaitingMail(t.ctx, held);
    expect(await noticesOf(unassigned)).toEqual([]);

    const other = await executiveRequest(true);
    t.ctx.config.mail = { ...t.ctx.config.mail, smtpUrl: undefined };
    const mailOff = await arrives(other.customer, 'sin-smtp');
    await fileWaitingMail(t.ctx, held);
    expect(await noticesOf(mailOff)).toEqual([]);
  });

  it('when the outbox can’t be written, then the mail is still filed and handled, and the log names only its keys', async () => {
    const { customer } = await executiveRequest(true);
    const key = await arrives(customer, 'falla', 'Asunto del cliente');
    const logged = vi.spyOn(t.ctx.logger, 'error');
    vi.spyOn(t.ctx.models.OutboxMail, 'create').mockRejectedValueOnce(new Error('database down'));
    await fileWaitingMail(t.ctx, held);

    expect((await t.ctx.models.Request.findById(customer._id).lean())?.unreadEmails).toBe(1);
    expect((await t.ctx.models.InboxMessage.findById(key).lean())?.handledAt).toBeInstanceOf(Date);
    expect(logged).toHaveBeenCalledWith(
      expect.objectContaining({ inboxKey: key, requestId: customer._id }),
      'customer mail notice not queued',
    );
    const lines = JSON.stringify(logged.mock.calls);
    expect(lines).not.toContain(PRIVATE_TEXT);
    expect(lines).not.toContain(customer.email);
  });
});
