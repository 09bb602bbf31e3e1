import { simpleParser } from 'mailparser';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  MAIL_FAILURE_REASONS,
  REQUEST_EMAIL_MESSAGES,
  type Request,
  type RequestEmail,
  type RequestEmailPage,
} from '@crm/shared';
import { inboxMessageKey } from '../inbox/index.js';
import { processOutbox } from '../mail/index.js';
import { startSmtp, textOf, type TestSmtp } from '../test/smtp.js';
import {
  addUser,
  bearer,
  createRequest,
  UNKNOWN_ID,
  useSignedInRoles,
  useTestApp,
} from '../test/test-app.js';
import { fileWaitingMail } from './index.js';

// Issue 35: writing to the customer from the request, and their answers (and new senders' mail)
// filed from the sales mailbox. A real SMTP server; the mailbox's messages are put where the
// inbox keeps them (inbox/ reads them from a real Dovecot: inbox-read.test.ts, mailbox.test.ts,
// and the whole path in mailbox-job.test.ts).

const t = useTestApp();
const { admin, vendor, driver } = useSignedInRoles(t);
let smtp: TestSmtp;
const held = { held: () => true };

beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp.close();
});
beforeEach(() => {
  t.ctx.config.mail = { ...t.ctx.config.mail, smtpUrl: smtp.url, retryDelaysMs: [60_000] };
  t.ctx.config.inbox = { ...t.ctx.config.inbox, replyTo: 'ventas@crm.test' };
  smtp.state.refuseNext = 0;
});

let n = 0;
/** A request of its own customer, so tests never share an address. */
async function newCustomer(name = 'Carla Soto'): Promise<Request> {
  n += 1;
  return createRequest(t, vendor.token, {
    name,
    email: `cliente${n}.${Date.now()}@cliente.cl`,
    requestType: 'otro',
    message: 'Hola',
  });
}

const send = (id: string, body: object, token = vendor.token) =>
  request(t.app).post(`/api/form-contact/${id}/emails`).set(bearer(token)).send(body);
const thread = async (id: string, query = '') => {
  const res = await request(t.app)
    .get(`/api/form-contact/${id}/emails${query}`)
    .set(bearer(vendor.token));
  expect(res.status).toBe(200);
  return res.body as RequestEmailPage;
};
const getRequest = async (id: string) =>
  (await request(t.app).get(`/api/form-contact/${id}`).set(bearer(vendor.token))).body as Request;
const historyOf = async (id: string) =>
  (
    (await request(t.app).get(`/api/form-contact/${id}/history`).set(bearer(vendor.token)))
      .body as { entries: { field: string; from: string | null; to: string | null }[] }
  ).entries;
const mailTo = (address: string) => smtp.mails.find((mail) => mail.to.includes(address));
/** The mail the customer got, read as their mail program would. */
const received = (address: string) => simpleParser(mailTo(address)?.raw ?? '');

/** A message as the inbox keeps it once read from the mailbox (inbox-read.ts). */
async function arrives(message: {
  id: string;
  from: string;
  name?: string;
  subject: string;
  text?: string;
  inReplyTo?: string;
  references?: string[];
  automatic?: 'auto-reply' | 'bounce';
  bouncedMessageId?: string;
}) {
  const messageId = `<${message.id}@cliente.cl>`;
  await t.ctx.models.InboxMessage.create({
    _id: inboxMessageKey(messageId),
    messageId,
    mailbox: 'imap.test:143/INBOX',
    uid: 1,
    size: 100,
    inReplyTo: message.inReplyTo,
    references: message.references ?? [],
    from: { address: message.from, name: message.name ?? '' },
    to: [{ address: 'ventas@crm.test', name: '' }],
    subject: message.subject,
    text: message.text ?? 'Texto de la respuesta',
    readAt: new Date(),
    automatic: message.automatic,
    bouncedMessageId: message.bouncedMessageId,
  });
}

const DRAFT = { subject: 'Cotización evento', text: 'Hola Carla,\n\nAdjunto los valores.' };

describe('sending from the request (issue 35)', () => {
  it('goes to the customer from the product, with Reply-To the sales mailbox, and shows in the thread and history', async () => {
    const customer = await newCustomer();
    const res = await send(customer._id, {
      to: [customer.email],
      cc: ['jefe@cliente.cl'],
      ...DRAFT,
    });
    expect(res.status).toBe(201);
    const sent = res.body as RequestEmail;
    expect(sent).toMatchObject({
      direction: 'out',
      to: [customer.email],
      cc: ['jefe@cliente.cl'],
      ...DRAFT,
      by: vendor.user._id,
      state: 'sent',
      reason: null,
      unread: false,
    });

    expect(mailTo(customer.email)?.to).toEqual([customer.email, 'jefe@cliente.cl']);
    const mail = await received(customer.email);
    expect(mail.subject).toBe(DRAFT.subject);
    expect(mail.replyTo?.text).toBe('ventas@crm.test');
    expect(mail.from?.value).toEqual([{ address: 'no-reply@crm.local', name: 'CRM' }]);
    expect(mail.messageId).toMatch(/^<[0-9a-f]{24}\.[0-9a-f]{32}@crm\.local>$/);
    expect(mail.text?.trim()).toBe(DRAFT.text);

    const page = await thread(customer._id);
    expect(page.items).toEqual([{ ...sent, byName: expect.any(String) as string }]);
    expect(page.items[0]?.byName).toBe(`${vendor.user.name} ${vendor.user.lastName}`);
    expect((await historyOf(customer._id))[0]).toMatchObject({
      field: 'emailSent',
      to: DRAFT.subject,
    });
  });

  it('answers a mail of the thread with In-Reply-To and References to it', async () => {
    const customer = await newCustomer();
    await arrives({ id: 'pregunta', from: customer.email, subject: 'Consulta' });
    await fileWaitingMail(t.ctx, held);
    const [question] = (await thread(customer._id)).items;

    const res = await send(customer._id, {
      to: [customer.email],
      subject: 'Re: Consulta',
      text: 'Respuesta',
      inReplyTo: question?._id,
    });
    expect(res.status).toBe(201);
    expect((res.body as RequestEmail).inReplyTo).toBe(question?._id);
    const answer = await received(customer.email);
    expect(answer.inReplyTo).toBe('<pregunta@cliente.cl>');
    expect(answer.references).toBe('<pregunta@cliente.cl>');
  });

  it('refuses what would be a bad mail, naming the field; any role may write; an unknown request is a 404', async () => {
    const customer = await newCustomer();
    const fieldOf = async (body: object) => {
      const res = await send(customer._id, body);
      expect(res.status).toBe(400);
      const { errors } = res.body as { errors: { path: string; message: string }[] };
      return Object.fromEntries(errors.map((error) => [error.path, error.message]));
    };
    expect(await fieldOf({ to: [], ...DRAFT })).toEqual({
      to: REQUEST_EMAIL_MESSAGES.toRequired,
    });
    expect(await fieldOf({ to: ['no es correo'], ...DRAFT })).toEqual({
      'to.0': REQUEST_EMAIL_MESSAGES.invalidAddress,
    });
    expect(await fieldOf({ to: ['a@b.cl\r\nBcc: x@y.cl'], ...DRAFT })).toHaveProperty('to.0');
    expect(
      await fieldOf({ to: [customer.email], subject: 'Hola\r\nBcc: espia@x.cl', text: 'x' }),
    ).toHaveProperty('subject');
    expect(await fieldOf({ to: [customer.email], subject: ' ', text: 'x' })).toEqual({
      subject: REQUEST_EMAIL_MESSAGES.subjectRequired,
    });
    expect(await fieldOf({ to: [customer.email], subject: 'x', text: '  ' })).toEqual({
      text: REQUEST_EMAIL_MESSAGES.textRequired,
    });
    expect(await fieldOf({ to: [customer.email], ...DRAFT, inReplyTo: UNKNOWN_ID })).toEqual({
      inReplyTo: REQUEST_EMAIL_MESSAGES.replyToUnknown,
    });
    expect(smtp.mails.some((mail) => mail.raw.includes('espia@x.cl'))).toBe(false);

    expect(
      (await send(customer._id, { to: [customer.email], ...DRAFT }, driver.token)).status,
    ).toBe(201);
    expect((await send(UNKNOWN_ID, { to: [customer.email], ...DRAFT })).status).toBe(404);
    expect(
      (await request(t.app).post(`/api/form-contact/${customer._id}/emails`).send({})).status,
    ).toBe(401);
  });

  it('when the mail server is down, the mail waits pending and goes out with the outbox’s run', async () => {
    const customer = await newCustomer();
    const down = await startSmtp();
    await down.close();
    t.ctx.config.mail = { ...t.ctx.config.mail, smtpUrl: down.url };
    const res = await send(customer._id, { to: [customer.email], ...DRAFT });
    expect(res.status).toBe(201);
    expect((res.body as RequestEmail).state).toBe('pending');
    expect((await thread(customer._id)).items[0]?.state).toBe('pending');

    t.ctx.config.mail = { ...t.ctx.config.mail, smtpUrl: smtp.url };
    await processOutbox(t.ctx, new Date(Date.now() + 61_000));
    expect((await thread(customer._id)).items[0]?.state).toBe('sent');
    expect(mailTo(customer.email)).toBeDefined();
  });

  it('a mail refused on every try shows "No enviado" with its reason, and "Reintentar" sends it', async () => {
    const customer = await newCustomer();
    t.ctx.config.mail = { ...t.ctx.config.mail, retryDelaysMs: [] };
    smtp.state.refuseNext = 1;
    const failed = (await send(customer._id, { to: [customer.email], ...DRAFT }))
      .body as RequestEmail;
    expect(failed).toMatchObject({ state: 'failed', reason: MAIL_FAILURE_REASONS.refused });
    expect(mailTo(customer.email)).toBeUndefined();

    const retry = () =>
      request(t.app)
        .post(`/api/form-contact/${customer._id}/emails/${failed._id}/retry`)
        .set(bearer(vendor.token));
    const again = await retry();
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ _id: failed._id, state: 'sent', reason: null });
    expect(textOf(mailTo(customer.email)?.raw ?? '')).toContain('Adjunto los valores.');

    const twice = await retry();
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({
      message: REQUEST_EMAIL_MESSAGES.notFailed,
      current: { email: { state: 'sent' } },
    });
  });

  it('without SMTP_URL the mail waits in the outbox, and the thread says mail is off', async () => {
    const customer = await newCustomer();
    t.ctx.config.mail = { ...t.ctx.config.mail, smtpUrl: undefined };
    const res = await send(customer._id, { to: [customer.email], ...DRAFT });
    expect((res.body as RequestEmail).state).toBe('pending');
    const page = await thread(customer._id);
    expect(page).toMatchObject({ sending: false, items: [{ state: 'pending' }] });
  });
});

describe('filing the mailbox’s messages (issue 35)', () => {
  it('an answer to a sent mail joins its request, unread on the card until the thread is read', async () => {
    const customer = await newCustomer();
    await send(customer._id, { to: [customer.email], ...DRAFT });
    const { messageId } = await received(customer.email);
    // From another address than the request's: the Message-ID is what finds it.
    await arrives({
      id: 'respuesta-1',
      from: 'asistente@cliente.cl',
      name: 'Asistente',
      subject: 'Re: Cotización evento',
      text: '¡Gracias! Confirmamos.',
      inReplyTo: messageId,
    });
    await fileWaitingMail(t.ctx, held);

    expect((await getRequest(customer._id)).unreadEmails).toBe(1);
    const [answer, sent] = (await thread(customer._id)).items;
    expect(answer).toMatchObject({
      direction: 'in',
      from: { address: 'asistente@cliente.cl', name: 'Asistente' },
      subject: 'Re: Cotización evento',
      text: '¡Gracias! Confirmamos.',
      state: 'received',
      inReplyTo: sent?._id,
      unread: true,
      by: null,
    });
    expect((await historyOf(customer._id))[0]).toMatchObject({
      field: 'emailReceived',
      from: 'asistente@cliente.cl',
      to: 'Re: Cotización evento',
    });
    // Read once: the mark is gone, on the card and in the thread.
    expect((await getRequest(customer._id)).unreadEmails).toBeUndefined();
    expect((await thread(customer._id)).items[0]?.unread).toBe(false);
  });

  it('a mail without a known Message-ID joins the newest open request of its sender', async () => {
    const older = await newCustomer();
    const newer = await createRequest(t, vendor.token, {
      name: 'Carla',
      email: older.email.toUpperCase(),
      requestType: 'otro',
      message: 'Otra consulta',
    });
    await arrives({ id: 'suelto', from: older.email, subject: 'Una pregunta' });
    await fileWaitingMail(t.ctx, held);
    // The newest by its address as written or lower-cased: the older one here.
    expect((await thread(older._id)).items.map((email) => email.subject)).toEqual(['Una pregunta']);
    expect((await thread(newer._id)).items).toEqual([]);
  });

  it('a forged In-Reply-To naming another customer’s mail that the product never issued counts for nothing', async () => {
    const victim = await newCustomer();
    await arrives({ id: 'a-victima', from: victim.email, subject: 'Mi consulta' });
    await fileWaitingMail(t.ctx, held);
    const stranger = `extrano.${Date.now()}@otro.cl`;
    await arrives({
      id: 'falsa',
      from: stranger,
      subject: 'Hola',
      inReplyTo: '<a-victima@cliente.cl>',
    });
    await fileWaitingMail(t.ctx, held);
    expect((await thread(victim._id)).items.map((email) => email.subject)).toEqual(['Mi consulta']);
    const lead = await t.ctx.models.Request.findOne({ email: stranger }).lean();
    expect(lead).toMatchObject({ sourceOfContact: 'email' });
  });

  it('a mail from a new address becomes a lead ("Correo"), the admins told and the sender not answered', async () => {
    await addUser(t.ctx, 'system admin');
    const sender = `nuevo.${Date.now()}@empresa.cl`;
    await arrives({
      id: `nuevo-${Date.now()}`,
      from: sender,
      name: 'Pedro Nuevo',
      subject: 'Evento de fin de año',
      text: 'Somos 80 personas.',
    });
    await fileWaitingMail(t.ctx, held);
    await fileWaitingMail(t.ctx, held);

    const leads = await t.ctx.models.Request.find({ email: sender }).lean();
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({
      name: 'Pedro Nuevo',
      sourceOfContact: 'email',
      status: 'new request',
      message: 'Evento de fin de año\n\nSomos 80 personas.',
    });
    const id = String(leads[0]?._id);
    expect((await thread(id)).items).toMatchObject([
      { direction: 'in', subject: 'Evento de fin de año' },
    ]);
    await expect
      .poll(() => smtp.mails.some((mail) => mail.raw.includes('correo de ventas')))
      .toBe(true);
    expect(mailTo(sender)).toBeUndefined();
  });

  it('two mails of a new sender make one lead, the second in its thread', async () => {
    const sender = `dos.${Date.now()}@empresa.cl`;
    await arrives({ id: `uno-${sender}`, from: sender, subject: 'Primero' });
    await arrives({ id: `dos-${sender}`, from: sender, subject: 'Segundo' });
    await fileWaitingMail(t.ctx, held);
    const leads = await t.ctx.models.Request.find({ email: sender }).lean();
    expect(leads).toHaveLength(1);
    const subjects = (await thread(String(leads[0]?._id))).items.map((email) => email.subject);
    expect(subjects.sort()).toEqual(['Primero', 'Segundo']);
  });

  it('auto-replies file nothing; a bounce marks the mail it names "Rebotado"', async () => {
    const customer = await newCustomer();
    await send(customer._id, { to: [customer.email], ...DRAFT });
    const { messageId } = await received(customer.email);
    const requestsBefore = await t.ctx.models.Request.countDocuments();
    await arrives({
      id: 'fuera',
      from: customer.email,
      subject: 'Fuera de la oficina',
      inReplyTo: messageId,
      automatic: 'auto-reply',
    });
    await arrives({
      id: 'rebote',
      from: 'mailer-daemon@cliente.cl',
      subject: 'Undelivered Mail Returned to Sender',
      automatic: 'bounce',
      bouncedMessageId: messageId,
    });
    await arrives({
      id: 'desconocido',
      from: `robot.${Date.now()}@x.cl`,
      subject: 'Auto',
      automatic: 'auto-reply',
    });
    await fileWaitingMail(t.ctx, held);

    const items = (await thread(customer._id)).items;
    expect(items).toMatchObject([{ direction: 'out', state: 'bounced' }]);
    expect(await t.ctx.models.Request.countDocuments()).toBe(requestsBefore);
    expect(await t.ctx.models.InboxMessage.countDocuments({ handledAt: null })).toBe(0);
  });

  it('a message filed again (a run cut short, a second process) is in its thread once', async () => {
    const customer = await newCustomer();
    await arrives({ id: 'una-vez', from: customer.email, subject: 'Una vez' });
    const message = await t.ctx.models.InboxMessage.findOne({ messageId: '<una-vez@cliente.cl>' });
    await fileWaitingMail(t.ctx, held);
    // As if the run had stopped before marking it handled.
    await t.ctx.models.InboxMessage.updateOne({ _id: message?._id }, { $set: { handledAt: null } });
    await fileWaitingMail(t.ctx, held);
    expect((await getRequest(customer._id)).unreadEmails).toBe(1);
    expect((await thread(customer._id)).items).toHaveLength(1);
  });
});

describe('a deleted request (issue 35)', () => {
  it('takes its mails with it', async () => {
    const customer = await newCustomer();
    await send(customer._id, { to: [customer.email], ...DRAFT });
    await arrives({ id: `borrada-${customer._id}`, from: customer.email, subject: 'Hola' });
    await fileWaitingMail(t.ctx, held);
    expect(await t.ctx.models.RequestEmail.countDocuments({ requestId: customer._id })).toBe(2);

    await request(t.app)
      .delete(`/api/form-contact/delete/${customer._id}`)
      .set(bearer(admin.token))
      .expect(200);
    expect(await t.ctx.models.RequestEmail.countDocuments({ requestId: customer._id })).toBe(0);
  });
});

describe('the thread in pages (issue 35)', () => {
  it('opens newest first, a page at a time, the cursor continuing where the page ended', async () => {
    const customer = await newCustomer();
    for (let i = 0; i < 23; i++) {
      await arrives({
        id: `pagina-${i}-${customer._id}`,
        from: customer.email,
        subject: `Correo ${i}`,
      });
    }
    await fileWaitingMail(t.ctx, held);
    const first = await thread(customer._id);
    expect(first.items).toHaveLength(20);
    expect(first.nextCursor).not.toBeNull();
    const second = await thread(customer._id, `?cursor=${first.nextCursor}`);
    expect(second.items).toHaveLength(3);
    expect(second.nextCursor).toBeNull();
    const subjects = [...first.items, ...second.items].map((email) => email.subject);
    expect(new Set(subjects).size).toBe(23);

    const bad = await request(t.app)
      .get(`/api/form-contact/${customer._id}/emails?cursor=nope`)
      .set(bearer(vendor.token));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errors: [{ path: 'cursor' }] });
  });
});
