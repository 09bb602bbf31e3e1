import {
  EMAIL_TEMPLATE_MESSAGES,
  emailTemplateBodySchema,
  emailTemplateListSchema,
  emailTemplateParamsSchema,
  emailTemplateSchema,
  updateEmailTemplateBodySchema,
} from '../email-templates.js';
import { API_MESSAGES } from '../messages.js';
import { requestIdParamsSchema } from '../request.js';
import {
  REQUEST_EMAIL_MESSAGES,
  requestEmailPageSchema,
  requestEmailParamsSchema,
  requestEmailSchema,
  requestEmailsQuerySchema,
  sendEmailBodySchema,
} from '../request-email.js';
import { defineEndpoint } from './define.js';

/*
 * A request's mails (issue 35), its "Correos" section: the thread, sending from the request,
 * and another try at a mail that was not sent.
 *
 * The `emails` endpoints: one export per endpoint, named as in `api.emails`. The web app names
 * them through the namespace `emailsApi` (`emailsApi.<name>`); endpoints.ts lists them in the
 * API's route order.
 */
export const list = defineEndpoint({
  id: 'emails.list',
  method: 'get',
  path: '/api/form-contact/:id/emails',
  tag: 'requests',
  access: 'signed-in',
  params: requestIdParamsSchema,
  query: requestEmailsQuerySchema,
  status: 200,
  response: requestEmailPageSchema,
  errors: {
    400: 'A bad `cursor` or `limit`, or an unknown parameter',
    404: API_MESSAGES.requestNotFound,
  },
});

export const send = defineEndpoint({
  id: 'emails.send',
  method: 'post',
  path: '/api/form-contact/:id/emails',
  tag: 'requests',
  access: 'signed-in',
  params: requestIdParamsSchema,
  body: sendEmailBodySchema,
  status: 201,
  response: requestEmailSchema,
  errors: {
    400: `A field's rule (named in \`errors\`), or: ${REQUEST_EMAIL_MESSAGES.replyToUnknown} (field \`inReplyTo\`)`,
    404: API_MESSAGES.requestNotFound,
  },
});

export const retry = defineEndpoint({
  id: 'emails.retry',
  method: 'post',
  path: '/api/form-contact/:id/emails/:emailId/retry',
  tag: 'requests',
  access: 'signed-in',
  params: requestEmailParamsSchema,
  status: 200,
  response: requestEmailSchema,
  errors: {
    404: `${API_MESSAGES.requestNotFound}, or: ${REQUEST_EMAIL_MESSAGES.emailNotFound}`,
    409: `${REQUEST_EMAIL_MESSAGES.notFailed}; \`current.email\` is how it is now`,
  },
});

export const templates = defineEndpoint({
  id: 'emails.templates',
  method: 'get',
  path: '/api/email-templates',
  tag: 'requests',
  access: 'signed-in',
  status: 200,
  response: emailTemplateListSchema,
  errors: {},
});

export const createTemplate = defineEndpoint({
  id: 'emails.createTemplate',
  method: 'post',
  path: '/api/email-templates',
  tag: 'requests',
  access: 'admin',
  body: emailTemplateBodySchema,
  status: 201,
  response: emailTemplateSchema,
  errors: {
    400: `A field's rule (named in \`errors\`), an unknown merge field, or: ${EMAIL_TEMPLATE_MESSAGES.tooMany}`,
  },
});

export const updateTemplate = defineEndpoint({
  id: 'emails.updateTemplate',
  method: 'put',
  path: '/api/email-templates/:templateId',
  tag: 'requests',
  access: 'admin',
  params: emailTemplateParamsSchema,
  body: updateEmailTemplateBodySchema,
  status: 200,
  response: emailTemplateSchema,
  errors: {
    400: "A field's rule (named in `errors`), or an unknown merge field",
    404: EMAIL_TEMPLATE_MESSAGES.notFound,
    409: `${EMAIL_TEMPLATE_MESSAGES.conflict}; \`current.template\` is how it is now`,
  },
});

export const removeTemplate = defineEndpoint({
  id: 'emails.removeTemplate',
  method: 'delete',
  path: '/api/email-templates/:templateId',
  tag: 'requests',
  access: 'admin',
  params: emailTemplateParamsSchema,
  status: 200,
  response: emailTemplateSchema,
  errors: { 404: EMAIL_TEMPLATE_MESSAGES.notFound },
});
