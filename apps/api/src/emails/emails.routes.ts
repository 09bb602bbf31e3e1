import type { Router } from 'express';
import { api } from '@crm/shared';
import { currentUser } from '../auth/index.js';
import type { AppContext } from '../context.js';
import { implement } from '../http/endpoint.js';
import { retryEmail, sendEmail } from './send-email.js';
import { listEmails } from './thread.js';

/** A request's mails (issue 35): any signed-in role, as with notes and activities. */
export function emailsRoutes(ctx: AppContext): Router {
  return implement(ctx, api.emails, {
    list: ({ params, query }) => listEmails(ctx, params.id, query),
    send: ({ params, body }, req) => sendEmail(ctx, params.id, body, currentUser(req)),
    retry: ({ params }) => retryEmail(ctx, params.id, params.emailId),
  });
}
