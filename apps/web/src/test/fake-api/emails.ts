import {
  API_MESSAGES,
  EMAIL_TEMPLATE_MESSAGES,
  MAX_EMAIL_TEMPLATES,
  type EmailTemplate,
  MAIL_FAILURE_REASONS,
  REQUEST_EMAIL_MESSAGES,
  api,
  byTemplateName,
  encodeInstantCursor,
  type RequestEmail,
} from '@crm/shared';
import { findRequest, newId, record } from './db';
import { attachToMail } from './files';
import { fail, fake } from './http';

// A request's mails (issue 35, emails-endpoints), as emails/ answers them: what is sent goes
// out at once (`fakeMail.sending`, the API with SMTP_URL), unless the mail server refuses it
// (`fakeMail.refuseNext`, given up at once); the sales mailbox is not read unless a test says
// (`fakeMail.readingReplies`). A customer's mail is seeded with `addReceivedEmail`.

export const fakeMail = { sending: true, readingReplies: false, refuseNext: 0 };
const emails = new Map<string, RequestEmail[]>();
/** "Plantillas de correo", as a system admin keeps them. */
export const emailTemplates: EmailTemplate[] = [];

export function resetEmailsFake() {
  fakeMail.sending = true;
  fakeMail.readingReplies = false;
  fakeMail.refuseNext = 0;
  emails.clear();
  emailTemplates.length = 0;
}

/** A stored template (a system admin wrote it in Ajustes). */
export function addEmailTemplate(fields: Partial<EmailTemplate> = {}): EmailTemplate {
  const template: EmailTemplate = {
    _id: newId(),
    name: 'Cotización',
    subject: 'Cotización {{numero}}',
    text: 'Hola {{nombre}},',
    version: 0,
    updatedAt: new Date().toISOString(),
    ...fields,
  };
  emailTemplates.push(template);
  return template;
}

const threadOf = (requestId: string) => emails.get(requestId) ?? [];
const newestFirst = (a: RequestEmail, b: RequestEmail) =>
  b.at.localeCompare(a.at) || b._id.localeCompare(a._id);

/** A customer's mail filed in a request, unread, its card marked (the mailbox's run). */
export function addReceivedEmail(
  requestId: string,
  overrides: Partial<RequestEmail> = {},
): RequestEmail {
  const request = findRequest(requestId);
  const email: RequestEmail = {
    _id: newId(),
    direction: 'in',
    from: { address: request?.email ?? 'cliente@example.com', name: request?.name ?? '' },
    to: ['ventas@crm.test'],
    cc: [],
    subject: 'Consulta',
    text: 'Hola',
    at: new Date().toISOString(),
    by: null,
    byName: null,
    state: 'received',
    reason: null,
    inReplyTo: null,
    unread: true,
    attachments: [],
    ...overrides,
  };
  emails.set(requestId, [...threadOf(requestId), email]);
  if (request && email.unread) request.unreadEmails = (request.unreadEmails ?? 0) + 1;
  record(requestId, null, 'emailReceived', email.from.address, email.subject);
  return email;
}

/** The outcome of one try: sent, or refused for good. */
function tryToSend(email: RequestEmail) {
  if (!fakeMail.sending) return;
  if (fakeMail.refuseNext > 0) {
    fakeMail.refuseNext -= 1;
    email.state = 'failed';
    email.reason = MAIL_FAILURE_REASONS.refused;
    return;
  }
  email.state = 'sent';
  email.reason = null;
}

export const emailRoutes = [
  fake(api.emails.list, ({ input }) => {
    const request = findRequest(input.params.id);
    if (!request) return fail(404, API_MESSAGES.requestNotFound);
    const { cursor, limit } = input.query;
    const sorted = [...threadOf(request._id)].sort(newestFirst);
    const after = cursor
      ? sorted.filter(
          (email) => email.at < cursor.at || (email.at === cursor.at && email._id < cursor._id),
        )
      : sorted;
    const items = after.slice(0, limit).map((email) => ({ ...email }));
    // Read: marked read for next time, the card's mark gone (answered unread this once).
    for (const email of threadOf(request._id)) email.unread = false;
    delete request.unreadEmails;
    const last = items.at(-1);
    return {
      items,
      nextCursor: after.length > limit && last ? encodeInstantCursor(last) : null,
      readingReplies: fakeMail.readingReplies,
      pollAfterMs: fakeMail.readingReplies ? 30_000 : null,
      sending: fakeMail.sending,
    };
  }),

  fake(api.emails.send, ({ input, user }) => {
    const request = findRequest(input.params.id);
    if (!request) return fail(404, API_MESSAGES.requestNotFound);
    const { to, cc, subject, text, inReplyTo } = input.body;
    if (inReplyTo && !threadOf(request._id).some((email) => email._id === inReplyTo)) {
      return fail(400, REQUEST_EMAIL_MESSAGES.replyToUnknown, [
        { path: 'inReplyTo', message: REQUEST_EMAIL_MESSAGES.replyToUnknown },
      ]);
    }
    const attachments = attachToMail(request._id, input.body.attachments);
    if (!Array.isArray(attachments)) return attachments;
    const email: RequestEmail = {
      _id: newId(),
      direction: 'out',
      from: { address: 'no-reply@crm.local', name: 'CRM' },
      to,
      cc,
      subject,
      text,
      at: new Date().toISOString(),
      by: user._id,
      byName: `${user.name} ${user.lastName}`,
      state: 'pending',
      reason: null,
      inReplyTo: inReplyTo ?? null,
      unread: false,
      attachments,
    };
    tryToSend(email);
    emails.set(request._id, [...threadOf(request._id), email]);
    record(request._id, user._id, 'emailSent', null, subject);
    return { ...email };
  }),

  fake(api.emails.templates, () => ({
    items: [...emailTemplates].sort(byTemplateName).map((template) => ({ ...template })),
  })),

  fake(api.emails.createTemplate, ({ input }) => {
    if (emailTemplates.length >= MAX_EMAIL_TEMPLATES) {
      return fail(400, EMAIL_TEMPLATE_MESSAGES.tooMany);
    }
    return { ...addEmailTemplate(input.body) };
  }),

  fake(api.emails.updateTemplate, ({ input }) => {
    const template = emailTemplates.find((stored) => stored._id === input.params.templateId);
    if (!template) return fail(404, EMAIL_TEMPLATE_MESSAGES.notFound);
    const { version, ...fields } = input.body;
    if (template.version !== version) {
      return fail(409, EMAIL_TEMPLATE_MESSAGES.conflict, undefined, {
        template: { ...template },
      });
    }
    Object.assign(template, fields, {
      version: version + 1,
      updatedAt: new Date().toISOString(),
    });
    return { ...template };
  }),

  fake(api.emails.removeTemplate, ({ input }) => {
    const at = emailTemplates.findIndex((stored) => stored._id === input.params.templateId);
    const [removed] = at === -1 ? [] : emailTemplates.splice(at, 1);
    return removed ? { ...removed } : fail(404, EMAIL_TEMPLATE_MESSAGES.notFound);
  }),

  fake(api.emails.retry, ({ input }) => {
    const { id, emailId } = input.params;
    if (!findRequest(id)) return fail(404, API_MESSAGES.requestNotFound);
    const email = threadOf(id).find((mail) => mail._id === emailId && mail.direction === 'out');
    if (!email) return fail(404, REQUEST_EMAIL_MESSAGES.emailNotFound);
    if (email.state !== 'failed') {
      return fail(409, REQUEST_EMAIL_MESSAGES.notFailed, undefined, { email: { ...email } });
    }
    tryToSend(email);
    return { ...email };
  }),
];
