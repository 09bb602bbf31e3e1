import {
  NEW_REQUEST_DEFAULTS,
  api,
  encodeBoardCursor,
  LEAD_HONEYPOT_FIELD,
  LEAD_MESSAGES,
  RECENT_LEADS_LIMIT,
  type Request,
} from '@crm/shared';
import { SOLVED_CAPTCHA, db, addRequest, record } from './db';
import { publishEvent } from './events';
import { fail, fake, newestFirst } from './http';
import { callerOf } from './sessions';

// Website leads (leads-endpoints).

// Website leads (issue 13): the public form and the board's poll, as leads.service.ts answers;
// issue 36's leads sent with an API token (api-lead.ts), without its duplicates, limits or mail.
export const LEAD_POLL_AFTER_MS = 15_000;
/** The poll interval the fake tells the board (a test shortens it). */
export const leadPoll = { afterMs: LEAD_POLL_AFTER_MS };

export const leadRoutes = [
  fake(api.leads.submit, ({ input }) => {
    const { altcha, [LEAD_HONEYPOT_FIELD]: honeypot, ...fields } = input.body;
    if (altcha !== SOLVED_CAPTCHA) {
      return fail(400, LEAD_MESSAGES.captchaRequired, [
        { path: 'altcha', message: LEAD_MESSAGES.captchaRequired },
      ]);
    }
    // The same thanks whatever happens, as the API: nothing of the database (issue 18).
    const thanks = { message: LEAD_MESSAGES.success };
    if (honeypot !== undefined && honeypot !== '') return thanks;
    // Issue 36: the live stream's `request.lead`, from no one (the website).
    publishEvent('request.lead', addLead(fields, 'website'), null);
    return thanks;
  }),

  fake(api.leads.create, ({ input, user, request }) => {
    const lead = addLead(input.body, 'api');
    const sourceName = callerOf(request).apiToken?.sourceName ?? null;
    record(lead._id, user._id, 'apiLead', null, sourceName);
    // As the API's: a `request.lead` by the token's owner, its history entry as the change.
    publishEvent('request.lead', lead, user, [{ field: 'apiLead', from: null, to: sourceName }]);
    return { message: LEAD_MESSAGES.success };
  }),

  fake(api.leads.recent, ({ input }) => {
    const { after } = input.query;
    if (!after) {
      const now = { createdAt: new Date().toISOString(), _id: '0'.repeat(24) };
      return { items: [], cursor: encodeBoardCursor(now), pollAfterMs: leadPoll.afterMs };
    }
    const items = db.requests
      .filter(
        (r) =>
          r.status === 'new request' &&
          r.sourceOfContact === 'website' &&
          newestFirst(r, after) < 0,
      )
      .sort((a, b) => newestFirst(b, a))
      .slice(0, RECENT_LEADS_LIMIT);
    const last = items.at(-1);
    return {
      items,
      cursor: encodeBoardCursor(last ?? after),
      pollAfterMs: leadPoll.afterMs,
    };
  }),
];

/** A lead's request in "new request", with the next number. */
function addLead(fields: Partial<Request>, sourceOfContact: 'website' | 'api') {
  const next = Math.max(0, ...db.requests.map((r) => r.requestNumber ?? 0)) + 1;
  return addRequest({
    ...NEW_REQUEST_DEFAULTS,
    notes: [],
    ...fields,
    requestNumber: next,
    sourceOfContact,
    createdAt: new Date().toISOString(),
  });
}
