import type { Router } from 'express';
import { api } from '@crm/shared';
import { currentUser } from '../auth/index.js';
import type { AppContext } from '../context.js';
import { implement } from '../http/endpoint.js';
import { retryEmail, sendEmail } from './send-email.js';
import { createTemplate, listTemplates, removeTemplate, updateTemplate } from './templates.js';
import { listEmails } from './thread.js';

/**
 * A request's mails (issue 35): any signed-in role, as with notes and activities; the templates
 * are read by all and kept by system admins (the contract's `access`).
 */
export function emailsRoutes(ctx: AppContext): Router {
  return implement(ctx, api.emails, {
    list: ({ params, query }) => listEmails(ctx, params.id, query),
    send: ({ params, body }, req) => sendEmail(ctx, params.id, body, currentUser(req)),
    retry: ({ params }) => retryEmail(ctx, params.id, params.emailId),
    templates: () => listTemplates(ctx),
    createTemplate: ({ body }) => createTemplate(ctx, body),
    updateTemplate: ({ params, body }) => updateTemplate(ctx, params.templateId, body),
    removeTemplate: ({ params }) => removeTemplate(ctx, params.templateId),
  });
}
