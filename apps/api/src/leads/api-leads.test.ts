import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  API_LEAD_TEXT,
  API_MESSAGES,
  API_TOKEN_MESSAGES,
  CREATE_REQUEST_MESSAGES,
  LEAD_MESSAGES,
  apiLeadHistoryText,
  eventsPageSchema,
  type ApiTokenScope,
  type CrmEvent,
  type CreatedApiToken,
  type Request,
  type RequestHistory,
  type User,
} from '@crm/shared';

import { aLead, setLeads } from '../test/leads.js';
import { afterAnswerSettled } from '../http/after-answer.js';
import { startSmtp, textOf, type TestSmtp } from '../test/smtp.js';
import {
  addUser,
  bearer,
  solvedCaptcha,
  startTestApp,
  tokenFor,
  useTestApp,
  type TestApp,
} from '../test/test-app.js';

// Issue 36: another site or tool sends a lead as the website form does, with an API token of
// scope `leads` (or `write`) instead of the captcha: the same rules, duplicates and emails, its
// source "api" and the token's source name in the request's history.

const PATH = '/api/leads';

const lead = (overrides: Record<string, unknown> = {}) =>
  aLead('Interesada', 'Vi la landing de verano y quiero una demo.', overrides);

async function tokenOf(
  t: TestApp,
  session: string,
  scope: ApiTokenScope,
  extra: { sourceName?: string; lifetimeDays?: 30 | null } = {},
) {
  const res = await request(t.app)
    .post('/api/me/tokens')
    .set(bearer(session))
    .send({ name: `Token ${scope}`, scope, lifetimeDays: null, ...extra });
  expect(res.status).toBe(201);
  return res.body as CreatedApiToken;
}

const send = (t: TestApp, token: string, body: object) =>
  request(t.app).post(PATH).set(bearer(token)).send(body);

const storedByEmail = (t: TestApp, email: string) =>
  t.ctx.models.Request.find({ email }).lean<(Request & { notes: string[] })[]>();

async function historyOf(t: TestApp, session: string, id: string) {
  const res = await request(t.app).get(`/api/form-contact/${id}/history`).set(bearer(session));
  expect(res.status).toBe(200);
  return (res.body as RequestHistory).entries;
}

const RECEIVED = { message: LEAD_MESSAGES.success };

describe('POST /api/leads (issue 36)', () => {
  const t = useTestApp();
  beforeAll(() => setLeads(t));

  it('when a leads token with a source name sends a lead, then 201 with the form’s thanks, an "api" request in "new request", and the history names the source and the token’s owner', async () => {
    const owner = await tokenFor(t, 'vendor');
    const landing = await tokenOf(t, owner.token, 'leads', { sourceName: 'Landing verano' });
    expect(landing).toMatchObject({ scope: 'leads', sourceName: 'Landing verano' });

    const sent = lead();
    const res = await send(t, landing.token, sent);
    expect(res.status).toBe(201);
    expect(res.body).toEqual(RECEIVED);
    const [stored, ...others] = await storedByEmail(t, sent.email);
    expect(others).toHaveLength(0);
    expect(stored).toMatchObject({
      ...sent,
      requestNumber: expect.any(Number),
      status: 'new request',
      sourceOfContact: 'api',
      vendor: null,
      notes: [],
    });

    const [received] = await historyOf(t, owner.token, String(stored?._id));
    expect(received).toMatchObject({
      field: 'apiLead',
      by: owner.user._id,
      from: null,
      to: 'Landing verano',
    });
    expect(apiLeadHistoryText(received?.to ?? null)).toBe('Recibida por API (Landing verano)');

    const mine = await request(t.app).get('/api/me/tokens').set(bearer(owner.token)).expect(200);
    expect(mine.body.items[0]).toMatchObject({ _id: landing._id, sourceName: 'Landing verano' });
  });

  it('when a write token sends one, then it is taken too, its source plain "API"; a read token gets 403', async () => {
    const owner = await tokenFor(t, 'driver');
    const writer = await tokenOf(t, owner.token, 'write');
    const reader = await tokenOf(t, owner.token, 'read');

    const sent = lead();
    expect((await send(t, writer.token, sent)).status).toBe(201);
    const [stored] = await storedByEmail(t, sent.email);
    expect(stored?.sourceOfContact).toBe('api');
    const [received] = await historyOf(t, owner.token, String(stored?._id));
    expect(received).toMatchObject({ field: 'apiLead', by: owner.user._id, to: null });

    const refused = lead();
    const res = await send(t, reader.token, refused);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: API_TOKEN_MESSAGES.readOnly });
    expect(await storedByEmail(t, refused.email)).toHaveLength(0);
  });

  it('when a leads token calls anything else, then 403 saying it only sends leads, reads and account alike', async () => {
    const owner = await tokenFor(t, 'system admin');
    const landing = await tokenOf(t, owner.token, 'leads');
    const calls = [
      request(t.app).get('/api/form-contact/all'),
      request(t.app).get('/api/form-contact/website/recent'),
      request(t.app)
        .post('/api/form-contact/crm-create')
        .send({ name: 'X', email: 'x@example.com', requestType: 'otro', message: 'Hola' }),
      request(t.app).get('/api/user/all'),
      request(t.app).get('/api/me/tokens'),
      request(t.app).post('/api/user/logout'),
    ];
    for (const call of calls) {
      const res = await call.set(bearer(landing.token));
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: API_TOKEN_MESSAGES.leadsOnly });
    }
  });

  it('when the token is revoked, expired, altered, malformed or unknown, then one 401 after the same one lookup, and nothing is stored', async () => {
    const owner = await tokenFor(t, 'vendor');
    const revoked = await tokenOf(t, owner.token, 'leads');
    const expiring = await tokenOf(t, owner.token, 'leads', { lifetimeDays: 30 });
    await request(t.app)
      .delete(`/api/me/tokens/${revoked._id}`)
      .set(bearer(owner.token))
      .expect(200);
    const altered = `${expiring.token.slice(0, -1)}${expiring.token.endsWith('A') ? 'B' : 'A'}`;
    const unknown = `crm_0123abcd_${'x'.repeat(43)}`;

    vi.spyOn(t.ctx.clock, 'now').mockReturnValue(new Date(Date.now() + 31 * 86_400_000));
    const lookups = vi.spyOn(t.ctx.models.ApiToken, 'findOne');
    try {
      for (const token of [revoked.token, expiring.token, altered, 'crm_nada', unknown]) {
        lookups.mockClear();
        const sent = lead();
        const res = await send(t, token, sent);
        expect(res.status, token.slice(0, 12)).toBe(401);
        expect(res.body).toEqual({ message: API_TOKEN_MESSAGES.invalid });
        expect(lookups).toHaveBeenCalledTimes(1);
        expect(await storedByEmail(t, sent.email)).toHaveLength(0);
      }
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('when fields are missing or wrong, then 400 with the form’s §5 messages; a field the form has not (a captcha, the honeypot, a typo) is refused by name', async () => {
    const { token } = await tokenOf(t, (await tokenFor(t, 'vendor')).token, 'leads');
    const wrong = await send(t, token, {
      name: '',
      email: 'not-an-email',
      requestType: 'spam',
      message: '   ',
      contactNumber: 'call me',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      message: CREATE_REQUEST_MESSAGES.nameRequired,
      errors: [
        { path: 'name', message: CREATE_REQUEST_MESSAGES.nameRequired },
        { path: 'email', message: CREATE_REQUEST_MESSAGES.invalidEmail },
        { path: 'requestType', message: CREATE_REQUEST_MESSAGES.requestTypeRequired },
        { path: 'message', message: CREATE_REQUEST_MESSAGES.messageRequired },
        { path: 'contactNumber', message: LEAD_MESSAGES.invalidPhone },
      ],
    });

    const sent = lead({ homepage: 'https://acme.example', telefono: '123' });
    const unknown = await send(t, token, sent);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(`${API_MESSAGES.unknownParameter}: homepage, telefono`);
    expect(await storedByEmail(t, sent.email)).toHaveLength(0);
  });

  it('when the same email comes again within the window, then an unverified note naming the source on its open request, as the form’s duplicates; the form’s earlier lead counts too', async () => {
    const { token } = await tokenOf(t, (await tokenFor(t, 'vendor')).token, 'leads', {
      sourceName: 'Landing verano',
    });
    const first = lead();
    await send(t, token, first).expect(201);
    const again = await send(t, token, {
      ...first,
      email: first.email.toUpperCase(),
      message: 'Somos 20 personas.',
    });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(RECEIVED);
    const [stored, ...others] = await storedByEmail(t, first.email);
    expect(others).toHaveLength(0);
    expect(stored?.notes).toEqual([
      API_LEAD_TEXT.followUpNote('Somos 20 personas.', 'Landing verano'),
    ]);
    expect(stored?.notes[0]).toMatch(/^\[No verificado\] Nuevo mensaje por API \(Landing verano\)/);

    // One duplicate rule across doors: the website form's lead, then the same email by API.
    const viaForm = lead();
    await request(t.app)
      .post('/api/form-contact/create')
      .send({ ...viaForm, altcha: await solvedCaptcha(t.app) })
      .expect(201);
    await send(t, token, { ...viaForm, message: 'Otra cosa' }).expect(201);
    const [formRequest, ...more] = await storedByEmail(t, viaForm.email);
    expect(more).toHaveLength(0);
    expect(formRequest?.sourceOfContact).toBe('website');
    expect(formRequest?.notes).toEqual([API_LEAD_TEXT.followUpNote('Otra cosa', 'Landing verano')]);
  });

  it('when the earlier request was closed meanwhile, then the lead is a new request', async () => {
    const { token } = await tokenOf(t, (await tokenFor(t, 'vendor')).token, 'leads');
    const sent = lead();
    await send(t, token, sent).expect(201);
    await t.ctx.models.Request.updateOne({ email: sent.email }, { $set: { status: 'closed' } });
    await send(t, token, { ...sent, message: 'Otra consulta' }).expect(201);
    expect(await storedByEmail(t, sent.email)).toHaveLength(2);
  });

  it('when an API lead arrives, then the event log has it as a lead (what tells the board), by the token’s owner with its source', async () => {
    const owner = await tokenFor(t, 'vendor');
    const { token } = await tokenOf(t, owner.token, 'leads', { sourceName: 'Landing verano' });
    const sent = lead();
    await send(t, token, sent).expect(201);
    const [stored] = await storedByEmail(t, sent.email);

    await afterAnswerSettled(t.ctx);
    const events: CrmEvent[] = [];
    for (let after = 0; ;) {
      const res = await request(t.app).get(`/api/events?after=${after}`).set(bearer(owner.token));
      const page = eventsPageSchema.parse(res.body);
      events.push(...page.events);
      if (page.last === after) break;
      after = page.last;
    }
    const ofLead = events.filter((event) => event.requestId === String(stored?._id));
    expect(ofLead).toEqual([
      expect.objectContaining({
        type: 'request.lead',
        actor: expect.objectContaining({ id: owner.user._id }),
        data: expect.objectContaining({
          request: expect.objectContaining({ email: sent.email, sourceOfContact: 'api' }),
          changes: [{ field: 'apiLead', from: null, to: 'Landing verano' }],
        }),
      }),
    ]);
  });
});

describe('POST /api/leads: the caller’s brake', () => {
  it('when one token passes the form’s overall count in its window, then 429 with Retry-After; another token and the form’s visitors still pass', async () => {
    const t = await startTestApp();
    try {
      setLeads(t, { overall: { max: 2, windowMs: 60_000 } });
      const owner = await tokenFor(t, 'vendor');
      const busy = await tokenOf(t, owner.token, 'leads');
      await send(t, busy.token, lead()).expect(201);
      await send(t, busy.token, lead()).expect(201);
      const refused = lead();
      const third = await send(t, busy.token, refused);
      expect(third.status).toBe(429);
      expect(third.body).toEqual({ message: API_TOKEN_MESSAGES.tooManyLeads });
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(50);
      expect(await storedByEmail(t, refused.email)).toHaveLength(0);

      const other = await tokenOf(t, owner.token, 'leads');
      await send(t, other.token, lead()).expect(201);
      await request(t.app)
        .post('/api/form-contact/create')
        .send({ ...lead(), altcha: await solvedCaptcha(t.app) })
        .expect(201);
    } finally {
      await t.close();
    }
  });
});

describe('POST /api/leads: emails', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  let admin: User;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp();
    setLeads(t);
    t.ctx.config.mail = { smtpUrl: smtp.url, from: 'CRM <crm@example.com>', retryDelaysMs: [] };
    admin = await addUser(t.ctx, 'system admin');
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  async function mailTo(address: string, containing: string) {
    const end = Date.now() + 5000;
    for (;;) {
      const found = smtp.mails.find(
        (mail) => mail.to.includes(address) && textOf(mail.raw).includes(containing),
      );
      if (found) return textOf(found.raw);
      if (Date.now() > end) throw new Error(`no mail to ${address} with "${containing}"`);
      await sleep(20);
    }
  }

  it('when a lead arrives by API, then the person gets the form’s confirmation and the admins a notice naming the API and the source', async () => {
    const owner = await tokenFor(t, 'vendor');
    const { token } = await tokenOf(t, owner.token, 'leads', { sourceName: 'Landing verano' });
    const sent = lead();
    await send(t, token, sent).expect(201);
    const [stored] = await storedByEmail(t, sent.email);
    const number = stored?.requestNumber ?? NaN;

    await mailTo(sent.email, `Recibimos tu solicitud con el número ${number}`);
    const notice = await mailTo(admin.email, `número ${number}`);
    expect(notice).toContain(
      `Llegó una nueva solicitud desde la API (Landing verano): número ${number}.`,
    );
    expect(notice).toContain(sent.message);
  });
});
