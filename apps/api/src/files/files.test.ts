import { createHash } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import { simpleParser } from 'mailparser';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { Types } from 'mongoose';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  MAX_FILE_BYTES,
  REQUEST_FILE_MESSAGES,
  type FileLink,
  type RequestEmailPage,
  type RequestFile,
  type RequestFilePage,
} from '@crm/shared';
import { DEFAULT_INBOX } from '../config/inbox-config.js';
import { runMailbox } from '../emails/index.js';
import { testMailbox } from '../test/imap.js';
import { startSmtp, type TestSmtp } from '../test/smtp.js';
import { bearer, createRequest, useSignedInRoles, useTestApp } from '../test/test-app.js';
import { FILES_BUCKET } from './file.model.js';

// Issue 35's "Archivos" on real parts: the database's GridFS bucket, smtp-server receiving the
// mail that carries a file, Dovecot holding the customer's mail with its attachments.

const t = useTestApp();
const { admin, vendor, driver } = useSignedInRoles(t);
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

const newCustomer = (email = `cliente-${Math.random().toString(36).slice(2)}@cliente.cl`) =>
  createRequest(t, vendor.token, {
    name: 'Carla Soto',
    email,
    requestType: 'otro',
    message: 'Cotización para un evento',
  });

const upload = (id: string, name: string, bytes: Buffer, type = 'application/pdf') =>
  request(t.app)
    .post(`/api/form-contact/${id}/files`)
    .query({ name })
    .set(bearer(vendor.token))
    .set('Content-Type', type)
    .send(bytes);

const filesOf = async (id: string) =>
  (await request(t.app).get(`/api/form-contact/${id}/files`).set(bearer(driver.token)).expect(200))
    .body as RequestFilePage;

/** Follows the download's address as the browser does: no Authorization header, the ticket. */
async function download(id: string, fileId: string) {
  const { url } = (
    await request(t.app)
      .post(`/api/form-contact/${id}/files/${fileId}/link`)
      .set(bearer(driver.token))
      .expect(200)
  ).body as FileLink;
  return request(t.app)
    .get(url)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
}

const chunksOf = (fileId: string) =>
  t.ctx.connection
    .db!.collection(`${FILES_BUCKET}.chunks`)
    .countDocuments({ files_id: new Types.ObjectId(fileId) });

/** A customer's mail with attachments, as their mail program composes it. */
const mailWith = (
  messageId: string,
  from: string,
  attachments: { filename: string; content: Buffer; contentType?: string }[],
) =>
  new MailComposer({
    from,
    to: 'ventas@crm.test',
    subject: 'Documentos',
    messageId,
    text: 'Adjunto lo pedido.',
    attachments,
  })
    .compile()
    .build();

describe('a request’s files (issue 35)', () => {
  it('uploads a file, lists it with who uploaded it, and downloads it as an attachment only', async () => {
    const customer = await newCustomer();
    const bytes = Buffer.from('%PDF-1.4 cotización');
    const uploaded = await upload(customer._id, 'Cotización 2026.pdf', bytes).expect(201);
    expect(uploaded.body).toMatchObject({
      name: 'Cotización 2026.pdf',
      contentType: 'application/pdf',
      size: bytes.length,
      source: 'upload',
      by: vendor.user._id,
      byName: expect.any(String),
      mailed: false,
    });
    expect((await filesOf(customer._id)).items.map((file) => file.name)).toEqual([
      'Cotización 2026.pdf',
    ]);

    const res = await download(customer._id, (uploaded.body as RequestFile)._id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(bytes);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=/);
    expect(res.headers['content-disposition']).toContain(
      "filename*=UTF-8''Cotizaci%C3%B3n%202026.pdf",
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-security-policy']).toContain('sandbox');
  });

  it('cleans a name that climbs out of its folder and never serves HTML as a page', async () => {
    const customer = await newCustomer();
    const page = Buffer.from('<script>alert(document.cookie)</script>');
    const uploaded = await upload(customer._id, '../../etc/..\\x\\.pagina.html', page, 'text/html');
    expect(uploaded.status).toBe(201);
    const file = uploaded.body as RequestFile;
    expect(file.name).toBe('pagina.html');
    const res = await download(customer._id, file._id);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="?pagina\.html"?$/);
  });

  it('refuses an empty file, one over 15 MB, and a file of another request', async () => {
    const customer = await newCustomer();
    const other = await newCustomer();
    expect((await upload(customer._id, 'vacío.pdf', Buffer.alloc(0))).body).toMatchObject({
      errors: [{ path: 'file', message: REQUEST_FILE_MESSAGES.empty }],
    });
    const tooLarge = await upload(customer._id, 'grande.bin', Buffer.alloc(MAX_FILE_BYTES + 1));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject({ message: REQUEST_FILE_MESSAGES.tooLarge });
    const fits = await upload(customer._id, 'justo.bin', Buffer.alloc(MAX_FILE_BYTES, 1));
    expect(fits.status).toBe(201);

    const theirs = (await upload(other._id, 'ajeno.pdf', Buffer.from('x')).expect(201))
      .body as RequestFile;
    await request(t.app)
      .post(`/api/form-contact/${customer._id}/files/${theirs._id}/link`)
      .set(bearer(vendor.token))
      .expect(404);
    await request(t.app)
      .delete(`/api/form-contact/${customer._id}/files/${theirs._id}`)
      .set(bearer(vendor.token))
      .expect(404);
  });

  it('a download address works once, for the file it was made for', async () => {
    const customer = await newCustomer();
    const file = (await upload(customer._id, 'a.pdf', Buffer.from('a')).expect(201))
      .body as RequestFile;
    const { url } = (
      await request(t.app)
        .post(`/api/form-contact/${customer._id}/files/${file._id}/link`)
        .set(bearer(vendor.token))
        .expect(200)
    ).body as FileLink;
    const other = (await upload(customer._id, 'b.pdf', Buffer.from('b')).expect(201))
      .body as RequestFile;
    await request(t.app).get(url.replace(file._id, other._id)).expect(401);
    await request(t.app).get(url).expect(200);
    await request(t.app).get(url).expect(401);
    await request(t.app).get(`/api/files/download?file=${file._id}`).expect(401);
  });

  it('sends a file with a mail; the file then stays in the request', async () => {
    const customer = await newCustomer('carla@cliente.cl');
    const bytes = Buffer.from('%PDF-1.4 contrato firmado');
    const file = (await upload(customer._id, 'Contrato.pdf', bytes).expect(201))
      .body as RequestFile;

    const sent = await request(t.app)
      .post(`/api/form-contact/${customer._id}/emails`)
      .set(bearer(vendor.token))
      .send({
        to: ['carla@cliente.cl'],
        subject: 'Contrato',
        text: 'Te envío el contrato.',
        attachments: [file._id],
      })
      .expect(201);
    expect(sent.body).toMatchObject({
      state: 'sent',
      attachments: [{ fileId: file._id, name: 'Contrato.pdf', size: bytes.length }],
    });
    const received = await simpleParser(smtp.mails.at(-1)?.raw ?? '');
    expect(received.attachments.map((part) => [part.filename, part.content])).toEqual([
      ['Contrato.pdf', bytes],
    ]);

    const removed = await request(t.app)
      .delete(`/api/form-contact/${customer._id}/files/${file._id}`)
      .set(bearer(vendor.token));
    expect(removed.status).toBe(409);
    expect(removed.body).toMatchObject({ message: REQUEST_FILE_MESSAGES.mailed });
    expect((await filesOf(customer._id)).items).toMatchObject([{ _id: file._id, mailed: true }]);
  });

  it('refuses a mail whose files are another request’s or together over 15 MB, by the field', async () => {
    const customer = await newCustomer();
    const other = await newCustomer();
    const theirs = (await upload(other._id, 'ajeno.pdf', Buffer.from('x')).expect(201))
      .body as RequestFile;
    const half = Buffer.alloc(MAX_FILE_BYTES / 2 + 1, 2);
    const first = (await upload(customer._id, 'a.bin', half).expect(201)).body as RequestFile;
    const second = (await upload(customer._id, 'b.bin', half).expect(201)).body as RequestFile;
    const send = (attachments: string[]) =>
      request(t.app)
        .post(`/api/form-contact/${customer._id}/emails`)
        .set(bearer(vendor.token))
        .send({ to: [customer.email], subject: 'Archivos', text: 'Van.', attachments });

    expect((await send([theirs._id])).body).toMatchObject({
      errors: [{ path: 'attachments', message: REQUEST_FILE_MESSAGES.fileNotFound }],
    });
    expect((await send([first._id, second._id])).body).toMatchObject({
      errors: [{ path: 'attachments', message: REQUEST_FILE_MESSAGES.attachmentsTooLarge }],
    });
    // Refused before anything was stored: the files can still be deleted.
    await request(t.app)
      .delete(`/api/form-contact/${customer._id}/files/${first._id}`)
      .set(bearer(vendor.token))
      .expect(200);
    expect(await chunksOf(first._id)).toBe(0);
  });

  it('keeps a customer’s attachments once, in the request their mail joins, names cleaned and archives as sent', async () => {
    const customer = await newCustomer('ana@cliente.cl');
    // 10 MB of zeros in a 10 KB deflate stream: kept as the bytes sent, never opened.
    const bomb = deflateRawSync(Buffer.alloc(10 * 1024 * 1024));
    const photo = Buffer.from('fake-jpeg-bytes');
    await mailbox.deliver(
      await mailWith('<adjuntos-1@cliente.cl>', 'Ana <ana@cliente.cl>', [
        { filename: '../../../etc/plano.jpg', content: photo, contentType: 'image/jpeg' },
        { filename: 'bomba.zip', content: bomb, contentType: 'application/zip' },
        { filename: 'enorme.bin', content: Buffer.alloc(MAX_FILE_BYTES + 1, 3) },
      ]),
    );

    await runMailbox(t.ctx, new Date(), held);
    // Read again from the start (a crash before the checkpoint moved): still once.
    await t.ctx.models.InboxCheckpoint.deleteMany({});
    await runMailbox(t.ctx, new Date(), held);

    const files = (await filesOf(customer._id)).items;
    expect(files.map((file) => [file.name, file.size, file.source, file.sender]).sort()).toEqual([
      ['bomba.zip', bomb.length, 'mail', 'ana@cliente.cl'],
      ['plano.jpg', photo.length, 'mail', 'ana@cliente.cl'],
    ]);
    const zip = files.find((file) => file.name === 'bomba.zip')!;
    expect(
      createHash('sha256')
        .update((await download(customer._id, zip._id)).body as Buffer)
        .digest('hex'),
    ).toBe(createHash('sha256').update(bomb).digest('hex'));

    const thread = (
      await request(t.app)
        .get(`/api/form-contact/${customer._id}/emails`)
        .set(bearer(vendor.token))
        .expect(200)
    ).body as RequestEmailPage;
    expect(thread.items).toHaveLength(1);
    expect(thread.items[0]?.attachments).toEqual([
      { fileId: expect.any(String), name: 'plano.jpg', size: photo.length },
      { fileId: zip._id, name: 'bomba.zip', size: bomb.length },
      { fileId: null, name: 'enorme.bin', size: MAX_FILE_BYTES + 1 },
    ]);
    // A file of the thread stays.
    await request(t.app)
      .delete(`/api/form-contact/${customer._id}/files/${zip._id}`)
      .set(bearer(vendor.token))
      .expect(409);
  });

  it('deleting the request deletes its files, bytes included', async () => {
    const customer = await newCustomer();
    const file = (await upload(customer._id, 'a.pdf', Buffer.alloc(600_000, 5)).expect(201))
      .body as RequestFile;
    expect(await chunksOf(file._id)).toBeGreaterThan(1);
    await request(t.app)
      .delete(`/api/form-contact/delete/${customer._id}`)
      .set(bearer(admin.token))
      .expect(200);
    expect(await t.ctx.models.RequestFile.countDocuments({ _id: file._id })).toBe(0);
    expect(await chunksOf(file._id)).toBe(0);
  });
});
