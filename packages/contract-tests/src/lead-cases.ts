import type { ExpectStatic } from 'vitest';
import {
  ADMIN_ROLE,
  API_MESSAGES,
  API_TOKEN_MESSAGES,
  CREATE_REQUEST_MESSAGES,
  LEAD_HONEYPOT_FIELD,
  LEAD_MESSAGES,
  LOGIN_MESSAGES,
  api,
  type CreatedApiToken,
  type RequestHistory,
} from '@crm/shared';
import type { ContractAnswer, ContractCase, ContractClient } from './client.js';
import { anyNumber, anyString, fieldError, newRequest } from './fixtures.js';

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

/** Issue 36: an API token of `scope` for `session`'s user. */
const tokenOf = async (
  c: ContractClient,
  session: string,
  scope: 'read' | 'write' | 'leads',
  sourceName?: string,
) =>
  (
    await c.call(
      api.tokens.create,
      { body: { name: `Token ${scope}`, scope, lifetimeDays: null, sourceName } },
      session,
    )
  ).body as CreatedApiToken;

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
  {
    name: 'leads.create: a leads token sends a lead as the form does, without a captcha: the thanks, an "api" request in "new request", its history naming the token’s source and owner',
    run: async (c, expect) => {
      const vendor = await c.signIn('vendor');
      const landing = await tokenOf(c, vendor.token, 'leads', 'Landing verano');
      expect(landing).toMatchObject({ scope: 'leads', sourceName: 'Landing verano' });
      const lead = uniqueLead();
      expect(await c.call(api.leads.create, { body: lead }, landing.token)).toEqual(THANKS);

      const column = await newColumn(c, lead.name, vendor.token);
      expect(column.items).toEqual([
        expect.objectContaining({
          ...lead,
          status: 'new request',
          sourceOfContact: 'api',
          vendor: null,
          notes: [],
        }),
      ]);
      const id = String(column.items[0]?._id);
      const history = await c.call(api.requests.history, { params: { id } }, vendor.token);
      expect((history.body as RequestHistory).entries).toEqual([
        expect.objectContaining({
          field: 'apiLead',
          by: vendor.user._id,
          from: null,
          to: 'Landing verano',
        }),
      ]);
    },
  },
  {
    name: 'leads.create: a leads token may call nothing else (403), a read token may not send leads (403), a revoked one is 401; a field the form has not is 400',
    run: async (c, expect) => {
      const vendor = await c.signIn('vendor');
      const landing = await tokenOf(c, vendor.token, 'leads');
      const leadsOnly = { status: 403, body: { message: API_TOKEN_MESSAGES.leadsOnly } };
      expect(await c.call(api.requests.create, { body: newRequest }, landing.token)).toEqual(
        leadsOnly,
      );
      expect(await c.call(api.leads.recent, {}, landing.token)).toEqual(leadsOnly);
      expect(await c.call(api.tokens.mine, {}, landing.token)).toEqual(leadsOnly);

      const reader = await tokenOf(c, vendor.token, 'read');
      expect(await c.call(api.leads.create, { body: uniqueLead() }, reader.token)).toEqual({
        status: 403,
        body: { message: API_TOKEN_MESSAGES.readOnly },
      });
      const writer = await tokenOf(c, vendor.token, 'write');
      expect(await c.call(api.leads.create, { body: uniqueLead() }, writer.token)).toEqual(THANKS);

      const unknown = await c.call(
        api.leads.create,
        { body: { ...uniqueLead(), altcha: await c.captcha() } },
        landing.token,
      );
      expect(unknown).toMatchObject({
        status: 400,
        body: { message: `${API_MESSAGES.unknownParameter}: altcha` },
      });

      await c.call(api.tokens.revoke, { params: { tokenId: landing._id } }, vendor.token);
      expect(await c.call(api.leads.create, { body: uniqueLead() }, landing.token)).toEqual({
        status: 401,
        body: { message: API_TOKEN_MESSAGES.invalid },
      });
    },
  },
  {
    name: 'tokens.create: a source name only for a leads token (400 naming it), blank is none',
    run: async (c, expect) => {
      const { token } = await c.signIn('driver');
      const body = { name: 'Script', scope: 'write', lifetimeDays: null, sourceName: 'Landing' };
      expect(await c.call(api.tokens.create, { body }, token)).toEqual(
        fieldError(400, 'sourceName', API_TOKEN_MESSAGES.sourceNameLeadsOnly),
      );
      const blank = await c.call(
        api.tokens.create,
        { body: { ...body, scope: 'read', sourceName: '   ' } },
        token,
      );
      expect(blank).toMatchObject({ status: 201, body: { scope: 'read', sourceName: null } });
    },
  },
];
