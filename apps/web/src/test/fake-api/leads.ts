import {
  NEW_REQUEST_DEFAULTS,
  api,
  encodeBoardCursor,
  LEAD_HONEYPOT_FIELD,
  LEAD_MESSAGES,
  RECENT_LEADS_LIMIT,
} from '@crm/shared';
import { SOLVED_CAPTCHA, db, addRequest } from './db';
import { fail, fake, newestFirst } from './http';

// Website leads (leads-endpoints).

// Website leads (issue 13): the public form and the board's poll, as leads.service.ts answers.
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
    const next = Math.max(0, ...db.requests.map((r) => r.requestNumber ?? 0)) + 1;
    addRequest({
      ...NEW_REQUEST_DEFAULTS,
      notes: [],
      ...fields,
      requestNumber: next,
      sourceOfContact: 'website',
      createdAt: new Date().toISOString(),
    });
    return thanks;
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
