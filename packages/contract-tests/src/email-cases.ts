import {
  API_MESSAGES,
  EMAIL_TEMPLATE_MESSAGES,
  type EmailTemplate,
  type EmailTemplateList,
  MAIL_FAILURE_REASONS,
  REQUEST_EMAIL_MESSAGES,
  api,
  type RequestEmail,
  type RequestEmailPage,
} from '@crm/shared';
import type { ContractCase, ContractClient } from './client.js';
import {
  UNKNOWN_ID,
  anyString,
  fieldError,
  idOf,
  newRequest,
  uniqueEmail,
  uniqueName,
} from './fixtures.js';

/** A request's mails (issue 35): written from the request, listed in pages, tried again. */

async function newCustomer(c: ContractClient, token: string) {
  const email = uniqueEmail();
  const res = await c.call(api.requests.create, { body: { ...newRequest, email } }, token);
  return { id: idOf(res.body), email };
}

const MAIL = { subject: 'Cotización evento', text: 'Hola Lucía,\n\nTe envío los valores.' };

export const emailContractCases: ContractCase[] = [
  {
    name: 'emails.send and list: any role writes to the customer from the request; sent, in the thread newest first and in the history',
    run: async (c, expect) => {
      const vendor = await c.signIn('vendor');
      const driver = await c.signIn('driver');
      const { id, email } = await newCustomer(c, vendor.token);
      const first = await c.call(
        api.emails.send,
        { params: { id }, body: { to: [email], cc: ['jefe@example.com'], ...MAIL } },
        driver.token,
      );
      expect(first).toEqual({
        status: 201,
        body: {
          _id: anyString(expect),
          direction: 'out',
          from: { address: anyString(expect), name: anyString(expect) },
          to: [email],
          cc: ['jefe@example.com'],
          ...MAIL,
          at: anyString(expect),
          by: driver.user._id,
          byName: anyString(expect),
          state: 'sent',
          reason: null,
          inReplyTo: null,
          unread: false,
          attachments: [],
        },
      });
      const second = await c.call(
        api.emails.send,
        {
          params: { id },
          body: {
            to: [email],
            subject: 'Re: Cotización evento',
            text: 'Otra cosa',
            inReplyTo: idOf(first.body),
          },
        },
        vendor.token,
      );
      expect(second).toMatchObject({
        status: 201,
        body: { inReplyTo: idOf(first.body), by: vendor.user._id, cc: [] },
      });
      expect(await c.call(api.emails.list, { params: { id } }, vendor.token)).toEqual({
        status: 200,
        body: {
          items: [second.body, first.body],
          nextCursor: null,
          readingReplies: false,
          sending: true,
          pollAfterMs: null,
        },
      });
      const history = await c.call(api.requests.history, { params: { id } }, vendor.token);
      expect((history.body as { entries: unknown[] }).entries.slice(0, 2)).toMatchObject([
        { field: 'emailSent', by: vendor.user._id, from: null, to: 'Re: Cotización evento' },
        { field: 'emailSent', by: driver.user._id, from: null, to: MAIL.subject },
      ]);
    },
  },
  {
    name: 'emails.send: a bad field is refused by name, an unknown mail to answer too; an unknown request is a 404',
    run: async (c, expect) => {
      const vendor = await c.signIn('vendor');
      const { id, email } = await newCustomer(c, vendor.token);
      const send = (body: object, requestId = id) =>
        c.call(api.emails.send, { params: { id: requestId }, body }, vendor.token);
      expect(await send({ to: [], ...MAIL })).toEqual(
        fieldError(400, 'to', REQUEST_EMAIL_MESSAGES.toRequired),
      );
      expect(await send({ to: ['no es un correo'], ...MAIL })).toEqual(
        fieldError(400, 'to.0', REQUEST_EMAIL_MESSAGES.invalidAddress),
      );
      expect(await send({ to: [email], subject: '  ', text: 'x' })).toEqual(
        fieldError(400, 'subject', REQUEST_EMAIL_MESSAGES.subjectRequired),
      );
      expect(await send({ to: [email], subject: 'x', text: ' ' })).toEqual(
        fieldError(400, 'text', REQUEST_EMAIL_MESSAGES.textRequired),
      );
      expect(await send({ to: [email], ...MAIL, inReplyTo: UNKNOWN_ID })).toEqual(
        fieldError(400, 'inReplyTo', REQUEST_EMAIL_MESSAGES.replyToUnknown),
      );
      expect(await send({ to: [email], ...MAIL }, UNKNOWN_ID)).toEqual({
        status: 404,
        body: { message: API_MESSAGES.requestNotFound },
      });
      expect(await c.call(api.emails.list, { params: { id: UNKNOWN_ID } }, vendor.token)).toEqual({
        status: 404,
        body: { message: API_MESSAGES.requestNotFound },
      });
    },
  },
  {
    name: 'emails.retry: a mail the server refused shows "No enviado" with its reason; another try sends it; a sent one is a 409',
    run: async (c, expect) => {
      const vendor = await c.signIn('vendor');
      const { id, email } = await newCustomer(c, vendor.token);
      await c.refuseMail(1);
      const refused = await c.call(
        api.emails.send,
        { params: { id }, body: { to: [email], ...MAIL } },
        vendor.token,
      );
      expect(refused.body).toMatchObject({ state: 'failed', reason: MAIL_FAILURE_REASONS.refused });
      const emailId = idOf(refused.body);
      const again = await c.call(api.emails.retry, { params: { id, emailId } }, vendor.token);
      expect(again).toEqual({
        status: 200,
        body: { ...(refused.body as RequestEmail), state: 'sent', reason: null },
      });
      expect(await c.call(api.emails.retry, { params: { id, emailId } }, vendor.token)).toEqual({
        status: 409,
        body: { message: REQUEST_EMAIL_MESSAGES.notFailed, current: { email: again.body } },
      });
      expect(
        await c.call(api.emails.retry, { params: { id, emailId: UNKNOWN_ID } }, vendor.token),
      ).toEqual({ status: 404, body: { message: REQUEST_EMAIL_MESSAGES.emailNotFound } });
    },
  },
  {
    name: 'emails.list: a page at a time, newest first, the cursor going on where the page ended',
    run: async (c, expect) => {
      const vendor = await c.signIn('vendor');
      const { id, email } = await newCustomer(c, vendor.token);
      const subjects = ['Uno', 'Dos', 'Tres'];
      for (const subject of subjects) {
        await c.call(
          api.emails.send,
          { params: { id }, body: { to: [email], subject, text: subject } },
          vendor.token,
        );
      }
      const first = (
        await c.call(api.emails.list, { params: { id }, query: { limit: 2 } }, vendor.token)
      ).body as RequestEmailPage;
      expect(first.items.map((mail) => mail.subject)).toEqual(['Tres', 'Dos']);
      expect(first.nextCursor).toEqual(anyString(expect));
      const rest = await c.call(
        api.emails.list,
        { params: { id }, query: { limit: 2, cursor: first.nextCursor } },
        vendor.token,
      );
      expect(rest).toMatchObject({
        status: 200,
        body: { items: [{ subject: 'Uno' }], nextCursor: null },
      });
    },
  },
  {
    name: 'emails templates: a system admin keeps them (created, changed at their version, deleted); every role reads them by name; a vendor may not change them',
    run: async (c, expect) => {
      const admin = await c.signIn('system admin');
      const vendor = await c.signIn('vendor');
      const prefix = uniqueName();
      const body = (name: string) => ({
        name: `${prefix} ${name}`,
        subject: 'Cotización {{numero}}',
        text: 'Hola {{nombre}},\n\nSaludos,\n{{ejecutivo}}',
      });
      const second = await c.call(api.emails.createTemplate, { body: body('B') }, admin.token);
      expect(second).toEqual({
        status: 201,
        body: {
          _id: anyString(expect),
          ...body('B'),
          version: 0,
          updatedAt: anyString(expect),
        },
      });
      const first = await c.call(api.emails.createTemplate, { body: body('A') }, admin.token);
      const mine = async () =>
        (
          (await c.call(api.emails.templates, {}, vendor.token)).body as EmailTemplateList
        ).items.filter((template) => template.name.startsWith(prefix));
      expect(await mine()).toEqual([first.body, second.body]);

      expect(await c.call(api.emails.createTemplate, { body: body('C') }, vendor.token)).toEqual({
        status: 403,
        body: { message: API_MESSAGES.forbidden },
      });
      expect(
        await c.call(
          api.emails.createTemplate,
          { body: { ...body('C'), text: 'Su código: {{codigo}}' } },
          admin.token,
        ),
      ).toEqual(fieldError(400, 'text', EMAIL_TEMPLATE_MESSAGES.unknownField('codigo')));

      const templateId = idOf(second.body);
      const changed = await c.call(
        api.emails.updateTemplate,
        { params: { templateId }, body: { ...body('B'), subject: 'Propuesta', version: 0 } },
        admin.token,
      );
      expect(changed).toEqual({
        status: 200,
        body: {
          ...(second.body as EmailTemplate),
          subject: 'Propuesta',
          version: 1,
          updatedAt: anyString(expect),
        },
      });
      expect(
        await c.call(
          api.emails.updateTemplate,
          { params: { templateId }, body: { ...body('B'), version: 0 } },
          admin.token,
        ),
      ).toEqual({
        status: 409,
        body: { message: EMAIL_TEMPLATE_MESSAGES.conflict, current: { template: changed.body } },
      });
      expect(
        await c.call(api.emails.removeTemplate, { params: { templateId } }, admin.token),
      ).toEqual({ status: 200, body: changed.body });
      expect(
        await c.call(api.emails.removeTemplate, { params: { templateId } }, admin.token),
      ).toEqual({ status: 404, body: { message: EMAIL_TEMPLATE_MESSAGES.notFound } });
      expect(await mine()).toEqual([first.body]);
    },
  },
];
