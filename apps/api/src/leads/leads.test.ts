import { setTimeout as sleep } from 'node:timers/promises';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  API_MESSAGES,
  CREATE_REQUEST_MESSAGES,
  LEAD_HONEYPOT_FIELD,
  LEAD_MESSAGES,
  LEAD_UNVERIFIED_PREFIX,
  LOGIN_MESSAGES,
  type Request,
} from '@crm/shared';
import type { LeadsConfig } from '../config/leads-config.js';
import { aLead, setLeads } from '../test/leads.js';
import { solvedCaptcha, startTestApp, useTestApp, type TestApp } from '../test/test-app.js';

const PATH = '/api/form-contact/create';

const lead = (overrides: Record<string, unknown> = {}) =>
  aLead('Visitante', 'Quiero ver una demo del producto.', overrides);

/** These form limits on `t`, and generous ones where the test sets none. */
/** The form's own origin on top of the tests' generous limits. */
const setFormLeads = (t: TestApp, leads: Partial<LeadsConfig>) =>
  setLeads(t, { publicOrigins: ['https://www.marketing.example'], ...leads });

/** Test apps trust X-Forwarded-For, so tests pose as addresses. */
const TRUSTING = { trustProxy: true } as const;

/** A test app with these form limits for the tests of the `describe` it is called in. */
function useAppWith(leads: Partial<LeadsConfig> = {}): TestApp {
  const t = useTestApp(TRUSTING);
  beforeAll(() => setFormLeads(t, leads));
  return t;
}

/** Runs `act` on a test app of its own with these form limits, closed after it. */
async function onAppWith(
  leads: Partial<LeadsConfig>,
  act: (t: TestApp) => Promise<void>,
): Promise<void> {
  const t = await startTestApp(TRUSTING);
  try {
    setFormLeads(t, leads);
    await act(t);
  } finally {
    await t.close();
  }
}

async function submit(t: TestApp, body: object, ip = '10.1.0.1') {
  return request(t.app).post(PATH).set('X-Forwarded-For', ip).send(body);
}

async function submitSolved(t: TestApp, body: object, ip?: string) {
  return submit(t, { ...body, altcha: await solvedCaptcha(t.app) }, ip);
}

/** The one answer of the form, whatever became of the submission. */
const RECEIVED = { message: LEAD_MESSAGES.success };

/** Solves a fresh challenge; the solution's counter is the number the challenge hid. */
async function solvedCounter(t: TestApp) {
  const { body: challenge } = await request(t.app).get('/api/captcha/challenge').expect(200);
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return solution;
}

const storedByEmail = (t: TestApp, email: string) =>
  t.ctx.models.Request.find({ email }).lean<(Request & { notes: string[] })[]>();

describe('POST /api/form-contact/create', () => {
  const t = useAppWith();

  it('when a visitor sends a valid form, then it answers 201 with the thanks only and the request is a website one in "new request"', async () => {
    const form = lead();
    const res = await submitSolved(t, form);
    expect(res.status).toBe(201);
    expect(res.body).toEqual(RECEIVED);
    const [stored, ...others] = await storedByEmail(t, form.email);
    expect(others).toHaveLength(0);
    expect(stored).toMatchObject({
      ...form,
      requestNumber: expect.any(Number),
      status: 'new request',
      sourceOfContact: 'website',
      priority: 'mid',
      vendor: null,
      notes: [],
    });
  });

  it('when numbers follow each other, then a website request takes the next one, as Create Request does', async () => {
    const [first, second] = [lead(), lead()];
    await submitSolved(t, first);
    await submitSolved(t, second);
    const number = async (form: { email: string }) =>
      (await storedByEmail(t, form.email))[0]?.requestNumber;
    expect(await number(second)).toBe(((await number(first)) ?? NaN) + 1);
  });

  it('when the captcha is missing or invalid, then 400 with the captcha message on `altcha`', async () => {
    const captchaError = {
      message: LOGIN_MESSAGES.captchaRequired,
      errors: [{ path: 'altcha', message: LOGIN_MESSAGES.captchaRequired }],
    };
    const form = lead();
    const missing = await submit(t, form);
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual(captchaError);
    const invalid = await submit(t, { ...form, altcha: Buffer.from('{"x":1}').toString('base64') });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual(captchaError);
    expect(await storedByEmail(t, form.email)).toHaveLength(0);
  });

  it('when a solved captcha is sent a second time, then 400 and only the first is stored', async () => {
    const altcha = await solvedCaptcha(t.app);
    const first = await submit(t, { ...lead(), altcha });
    expect(first.status).toBe(201);
    const replay = lead();
    const second = await submit(t, { ...replay, altcha });
    expect(second.status).toBe(400);
    expect(second.body).toMatchObject({ message: LOGIN_MESSAGES.captchaRequired });
    expect(await storedByEmail(t, replay.email)).toHaveLength(0);
  });

  it('when fields are missing or wrong, then 400 with the §5 messages on their fields', async () => {
    const res = await submitSolved(t, {
      name: '',
      email: 'not-an-email',
      requestType: 'spam',
      message: '   ',
      contactNumber: 'call me',
      company: 42,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: CREATE_REQUEST_MESSAGES.nameRequired,
      errors: [
        { path: 'name', message: CREATE_REQUEST_MESSAGES.nameRequired },
        { path: 'email', message: CREATE_REQUEST_MESSAGES.invalidEmail },
        { path: 'requestType', message: CREATE_REQUEST_MESSAGES.requestTypeRequired },
        { path: 'message', message: CREATE_REQUEST_MESSAGES.messageRequired },
        { path: 'company', message: LEAD_MESSAGES.textExpected },
        { path: 'contactNumber', message: LEAD_MESSAGES.invalidPhone },
      ],
    });
  });

  it('when the honeypot is filled, then it answers 201 exactly like a success and stores nothing', async () => {
    const before = await t.ctx.models.Request.countDocuments();
    const trap = { [LEAD_HONEYPOT_FIELD]: 'https://spam.example' };
    const first = await submitSolved(t, { ...lead(), ...trap });
    const second = await submitSolved(t, { ...lead(), ...trap });
    const real = await submitSolved(t, lead());
    for (const res of [first, second]) {
      expect(res.status).toBe(real.status);
      expect(res.body).toEqual(real.body);
      expect(Object.keys(res.headers).sort()).toEqual(Object.keys(real.headers).sort());
    }
    expect(await t.ctx.models.Request.countDocuments()).toBe(before + 1);
  });

  it('when a key is a MongoDB operator, then 400 and nothing is stored', async () => {
    const form = lead();
    const res = await submitSolved(t, { ...form, name: { $gt: '' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: API_MESSAGES.operatorNotAllowed,
      errors: [{ path: 'name.$gt', message: API_MESSAGES.operatorNotAllowed }],
    });
    expect(await storedByEmail(t, form.email)).toHaveLength(0);
  });

  it('when the body is over 64 KB, then 413 before anything else', async () => {
    const res = await submit(t, { ...lead(), message: 'x'.repeat(70 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: API_MESSAGES.bodyTooLarge(64) });
  });

  it('when the message is long but within its limit, then the body passes the size cap', async () => {
    const res = await submitSolved(t, lead({ message: 'ñ'.repeat(5000) }));
    expect(res.status).toBe(201);
  });

  it('when the same email writes again within the window, then the answer is the one any submission gets, and the message a note marked unverified', async () => {
    const form = lead();
    const first = await submitSolved(t, form);
    const again = await submitSolved(t, {
      ...form,
      email: form.email.toUpperCase(),
      message: 'Olvidé decir: somos 20 personas.',
    });
    const unrelated = await submitSolved(t, lead());
    for (const res of [first, again]) {
      expect(res.status).toBe(unrelated.status);
      expect(res.body).toEqual(unrelated.body);
    }
    expect(JSON.stringify(again.body)).not.toMatch(/\d/);
    const stored = await storedByEmail(t, form.email);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.notes).toEqual([
      LEAD_MESSAGES.followUpNote('Olvidé decir: somos 20 personas.'),
    ]);
    expect(stored[0]?.notes[0]?.startsWith(LEAD_UNVERIFIED_PREFIX)).toBe(true);
    expect(stored[0]?.message).toBe(form.message);
  });

  it('when the earlier request was closed meanwhile, then the new message is a new request', async () => {
    const form = lead();
    await submitSolved(t, form);
    await t.ctx.models.Request.updateOne({ email: form.email }, { $set: { status: 'closed' } });
    const again = await submitSolved(t, { ...form, message: 'Otra consulta' });
    expect(again.status).toBe(201);
    expect(await storedByEmail(t, form.email)).toHaveLength(2);
  });
});

describe('POST /api/form-contact/create: duplicate window', () => {
  it('when the window has passed, then the same email makes a new request', async () => {
    await onAppWith({ duplicateWindowMs: 300 }, async (t) => {
      const form = lead();
      const first = await submitSolved(t, form);
      await sleep(400);
      const later = await submitSolved(t, form);
      expect(later.status).toBe(201);
      expect(later.body).toEqual(first.body);
      expect(await storedByEmail(t, form.email)).toHaveLength(2);
    });
  });
});

describe('POST /api/form-contact/create: limits', () => {
  it('when one address passes its limit, then 429 with Retry-After, others still pass, and it frees up after the window', async () => {
    await onAppWith({ perAddress: { max: 2, windowMs: 1500 } }, async (t) => {
      expect((await submitSolved(t, lead(), '10.2.0.1')).status).toBe(201);
      expect((await submitSolved(t, lead(), '10.2.0.1')).status).toBe(201);
      const refused = lead();
      const third = await submitSolved(t, refused, '10.2.0.1');
      expect(third.status).toBe(429);
      expect(third.body).toEqual({ message: LEAD_MESSAGES.tooManyFromAddress });
      expect(third.headers['retry-after']).toMatch(/^[12]$/);
      expect(await storedByEmail(t, refused.email)).toHaveLength(0);
      expect((await submitSolved(t, lead(), '10.2.0.2')).status).toBe(201);

      await sleep(1600);
      expect((await submitSolved(t, refused, '10.2.0.1')).status).toBe(201);
      expect(await storedByEmail(t, refused.email)).toHaveLength(1);
    });
  });

  it('when every address together passes the overall limit, then 429 with its own message', async () => {
    await onAppWith({ overall: { max: 3, windowMs: 60_000 } }, async (t) => {
      for (const ip of ['10.3.0.1', '10.3.0.2', '10.3.0.3']) {
        expect((await submitSolved(t, lead(), ip)).status).toBe(201);
      }
      const res = await submitSolved(t, lead(), '10.3.0.4');
      expect(res.status).toBe(429);
      expect(res.body).toEqual({ message: LEAD_MESSAGES.tooManyOverall });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(50);
    });
  });

  it('when submissions arrive in parallel, then no more than the limit are stored', async () => {
    await onAppWith({ perAddress: { max: 3, windowMs: 60_000 } }, async (t) => {
      const captchas = await Promise.all(Array.from({ length: 8 }, () => solvedCaptcha(t.app)));
      const answers = await Promise.all(
        captchas.map((altcha) => submit(t, { ...lead(), altcha }, '10.4.0.1')),
      );
      expect(answers.filter((res) => res.status === 201)).toHaveLength(3);
      expect(answers.filter((res) => res.status === 429)).toHaveLength(5);
    });
  });

  it('when the captcha is missing or refused, then the attempt is counted neither for its address nor overall', async () => {
    const limits = {
      perAddress: { max: 1, windowMs: 60_000 },
      overall: { max: 1, windowMs: 60_000 },
    };
    await onAppWith(limits, async (t) => {
      for (let i = 0; i < 3; i++) expect((await submit(t, lead(), '10.5.0.1')).status).toBe(400);
      const bad = Buffer.from('{"x":1}').toString('base64');
      expect((await submit(t, { ...lead(), altcha: bad }, '10.5.0.2')).status).toBe(400);
      expect((await submitSolved(t, lead(), '10.5.0.1')).status).toBe(201);
    });
  });

  it('when bots fill the honeypot from many addresses, then the shared capacity is untouched and a real visitor gets 201', async () => {
    const limits = {
      perAddress: { max: 5, windowMs: 60_000 },
      overall: { max: 3, windowMs: 60_000 },
    };
    await onAppWith(limits, async (t) => {
      const trap = { [LEAD_HONEYPOT_FIELD]: 'https://spam.example' };
      for (let host = 1; host <= 4; host++) {
        for (let i = 0; i < 2; i++) {
          expect((await submitSolved(t, { ...lead(), ...trap }, `10.6.0.${host}`)).status).toBe(
            201,
          );
        }
      }
      const visitor = lead();
      expect((await submitSolved(t, visitor, '10.6.1.1')).status).toBe(201);
      expect(await storedByEmail(t, visitor.email)).toHaveLength(1);
    });
  });

  it('when a bot rotates addresses inside one IPv6 /64, then they share one address limit; another /64 still passes', async () => {
    await onAppWith({ perAddress: { max: 2, windowMs: 60_000 } }, async (t) => {
      expect((await submitSolved(t, lead(), '2001:db8:7:1::1')).status).toBe(201);
      expect((await submitSolved(t, lead(), '2001:db8:7:1:ffff:1:2:3')).status).toBe(201);
      const third = await submitSolved(t, lead(), '2001:db8:7:1:abcd::9');
      expect(third.status).toBe(429);
      expect(third.body).toEqual({ message: LEAD_MESSAGES.tooManyFromAddress });
      expect((await submitSolved(t, lead(), '2001:db8:7:2::1')).status).toBe(201);
    });
  });

  it('when an IPv4 address comes IPv4-mapped (::ffff:a.b.c.d), then it counts as that IPv4 address', async () => {
    await onAppWith({ perAddress: { max: 1, windowMs: 60_000 } }, async (t) => {
      expect((await submitSolved(t, lead(), '10.7.0.1')).status).toBe(201);
      expect((await submitSolved(t, lead(), '::ffff:10.7.0.1')).status).toBe(429);
      expect((await submitSolved(t, lead(), '10.7.0.2')).status).toBe(201);
    });
  });

  it('when the overall count passes the busy mark, then new challenges take more work before anyone is refused', async () => {
    const limits = {
      overall: { max: 10, windowMs: 60_000 },
      busyAbove: 2,
      busyCaptchaFactor: 5,
    };
    await onAppWith(limits, async (t) => {
      // The test config's challenges hide a number from 10 to 40 (CAPTCHA_MAX_COUNTER); when
      // busy, from 50 to 200: the solver's counter is that number.
      const workOf = async () => (await solvedCounter(t)).counter;
      expect(await workOf()).toBeLessThanOrEqual(40);
      for (const ip of ['10.8.0.1', '10.8.0.2']) {
        expect((await submitSolved(t, lead(), ip)).status).toBe(201);
      }
      for (let i = 0; i < 3; i++) expect(await workOf()).toBeGreaterThanOrEqual(50);
      // A harder challenge still passes the form.
      expect((await submitSolved(t, lead(), '10.8.0.3')).status).toBe(201);
    });
  });
});

describe('POST /api/form-contact/create: CORS', () => {
  const t = useAppWith();

  const preflight = (origin: string, path = PATH) =>
    request(t.app)
      .options(path)
      .set('Origin', origin)
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'content-type');

  it('when the page is on a PUBLIC_FORM_ORIGINS origin, then the preflight and the answer grant it', async () => {
    const pre = await preflight('https://www.marketing.example');
    expect(pre.status).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('https://www.marketing.example');
    const res = await request(t.app)
      .post(PATH)
      .set('Origin', 'https://www.marketing.example')
      .send({ ...lead(), altcha: await solvedCaptcha(t.app) });
    expect(res.status).toBe(201);
    expect(res.headers['access-control-allow-origin']).toBe('https://www.marketing.example');
  });

  it('when the page is on a foreign origin, then no CORS grant', async () => {
    const pre = await preflight('https://evil.example');
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    const res = await request(t.app).post(PATH).set('Origin', 'https://evil.example').send(lead());
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('when the page is a staff origin of CORS_ORIGIN, then still no grant on the form', async () => {
    const pre = await preflight('http://localhost:5173');
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    // …while the rest of the API keeps granting it.
    const other = await request(t.app)
      .options('/api/user/login')
      .set('Origin', 'http://localhost:5173')
      .set('Access-Control-Request-Method', 'POST');
    expect(other.headers['access-control-allow-origin']).toBe('http://localhost:5173');
  });

  it('when the page is the product’s own /form, then its origin is granted', async () => {
    const pre = await preflight('http://crm.example').set('Host', 'crm.example');
    expect(pre.headers['access-control-allow-origin']).toBe('http://crm.example');
  });
});
