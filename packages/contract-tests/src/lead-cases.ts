import type { ExpectStatic } from 'vitest';
import {
  ADMIN_ROLE,
  API_MESSAGES,
  CREATE_REQUEST_MESSAGES,
  LEAD_HONEYPOT_FIELD,
  LEAD_MESSAGES,
  LOGIN_MESSAGES,
  api,
} from '@crm/shared';
import type { ContractAnswer, ContractCase, ContractClient } from './client.js';
import { anyNumber, anyString } from './fixtures.js';

/**
 * Contract cases of the website form (issue 13), run with the others against the real API and
 * the web tests' fake. Each valid submission counts against the per-address limit, so these
 * cases send three in all (the API's default allows five per window).
 */

let counter = 0;
const uniqueLead = () => {
  counter += 1;
  const tag = `${counter}${Date.now().toString(36)}`;
  return {
    name: `Visitante ${tag}`,
    email: `visitante.${tag}@example.com`,
    requestType: 'agendar reunión',
    message: 'Quisiera agendar una reunión.',
    company: 'Acme',
  };
};

const newColumn = async (c: ContractClient, name: string, token: string) =>
  (await c.call(api.requests.column, { query: { status: 'new request', q: name } }, token))
    .body as { items: Record<string, unknown>[]; count: number };

/** The one answer of every accepted submission, a bot's too: it tells nothing of the database. */
const THANKS = { status: 201, body: { message: LEAD_MESSAGES.success } };

const cursorOf = (answer: ContractAnswer) => (answer.body as { cursor: string }).cursor;

export const leadContractCases: ContractCase[] = [
  {
    name: 'leads.submit: answers 201 with only the thanks; the request is a "website" one in "new request"',
    run: async (c: ContractClient, expect: ExpectStatic) => {
      const lead = uniqueLead();
      const res = await c.call(api.leads.submit, { body: { ...lead, altcha: await c.captcha() } });
      expect(res).toEqual(THANKS);
      const { token } = await c.signIn('vendor');
      const column = await newColumn(c, lead.name, token);
      expect(column.items).toEqual([
        expect.objectContaining({
          ...lead,
          requestNumber: anyNumber(expect),
          status: 'new request',
          sourceOfContact: 'website',
          priority: 'mid',
          vendor: null,
          jobPosition: '',
          contactNumber: '',
          notes: [],
        }),
      ]);
    },
  },
  {
    name: 'leads.submit: without a captcha 400 on `altcha`; a missing name 400 with the §5 message',
    run: async (c, expect) => {
      const lead = uniqueLead();
      const noCaptcha = await c.call(api.leads.submit, { body: lead });
      expect(noCaptcha).toEqual({
        status: 400,
        body: {
          message: LOGIN_MESSAGES.captchaRequired,
          errors: [{ path: 'altcha', message: LOGIN_MESSAGES.captchaRequired }],
        },
      });
      const noName = await c.call(api.leads.submit, {
        body: { ...lead, name: ' ', altcha: await c.captcha() },
      });
      expect(noName).toEqual({
        status: 400,
        body: {
          message: CREATE_REQUEST_MESSAGES.nameRequired,
          errors: [{ path: 'name', message: CREATE_REQUEST_MESSAGES.nameRequired }],
        },
      });
    },
  },
  {
    name: 'leads.submit: a filled honeypot answers 201 and stores nothing',
    run: async (c, expect) => {
      const lead = uniqueLead();
      const res = await c.call(api.leads.submit, {
        body: { ...lead, [LEAD_HONEYPOT_FIELD]: 'http://spam.example', altcha: await c.captcha() },
      });
      expect(res).toEqual(THANKS);
      const { token } = await c.signIn(ADMIN_ROLE);
      expect((await newColumn(c, lead.name, token)).count).toBe(0);
    },
  },
  {
    name: 'leads.recent: starts empty at "now", then brings each new website request once',
    run: async (c, expect) => {
      const { token } = await c.signIn('driver');
      const start = await c.call(api.leads.recent, {}, token);
      expect(start).toEqual({
        status: 200,
        body: { items: [], cursor: anyString(expect), pollAfterMs: anyNumber(expect) },
      });
      const lead = uniqueLead();
      await c.call(api.leads.submit, { body: { ...lead, altcha: await c.captcha() } });
      const next = await c.call(api.leads.recent, { query: { after: cursorOf(start) } }, token);
      expect(next.status).toBe(200);
      const items = (next.body as { items: { name: string }[] }).items;
      expect(items.map((item) => item.name)).toContain(lead.name);
      const again = await c.call(api.leads.recent, { query: { after: cursorOf(next) } }, token);
      expect((again.body as { items: { name: string }[] }).items.map((i) => i.name)).not.toContain(
        lead.name,
      );
      const bad = await c.call(api.leads.recent, { query: { after: 'nope' } }, token);
      expect(bad).toEqual({
        status: 400,
        body: {
          message: API_MESSAGES.invalidCursor,
          errors: [{ path: 'after', message: API_MESSAGES.invalidCursor }],
        },
      });
    },
  },
];
