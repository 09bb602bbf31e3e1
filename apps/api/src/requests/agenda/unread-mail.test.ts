import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  API_MESSAGES,
  UNREAD_MAIL_LIST_LIMIT,
  dueCountSchema,
  unreadMailListSchema,
} from '@crm/shared';
import {
  bearer,
  createRequest,
  tokenFor,
  useSignedInRoles,
  useTestApp,
} from '../../test/test-app.js';
import { clearUnreadEmails, recordEmailReceived } from '../index.js';

// Issue 35: the bell tells an executive about their requests with customer mail no one has read
// (`unreadMail` beside the due activities' count), and the agenda lists them ("Correos sin
// leer"), both from the request's unread count, which opening its "Correos" clears.

const t = useTestApp();
const { admin, driver } = useSignedInRoles(t);

/** A vendor of their own, so no other test's requests count. */
const newExecutive = () => tokenFor(t, 'vendor');

/** A request of `vendorId`'s (or nobody's) holding `mails` unread customer mails. */
async function requestWithMail(vendorId: string | null, mails: number, name = 'Carla Soto') {
  const created = await createRequest(t, admin.token, {
    name,
    email: `carla.${Date.now()}.${Math.random()}@cliente.cl`,
    requestType: 'otro',
    message: 'Hola',
  });
  if (vendorId) {
    const res = await request(t.app)
      .put('/api/user/assign-vendor')
      .set(bearer(admin.token))
      .send({ formId: created._id, vendorId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  for (let i = 0; i < mails; i++) {
    await recordEmailReceived(t.ctx, created._id, 'carla@cliente.cl', `Correo ${i}`, new Date());
  }
  return created;
}

async function dueCount(token: string, query: Record<string, string> = {}) {
  const res = await request(t.app).get('/api/activities/due-count').query(query).set(bearer(token));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return dueCountSchema.parse(res.body);
}

async function unreadMail(token: string, query: Record<string, string> = {}) {
  const res = await request(t.app)
    .get('/api/activities/unread-mail')
    .query(query)
    .set(bearer(token));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return unreadMailListSchema.parse(res.body);
}

describe('GET /api/activities/due-count: unread customer mail (issue 35)', () => {
  it('when requests of the executive hold unread mail, then the bell counts those requests, theirs only', async () => {
    const executive = await newExecutive();
    const other = await newExecutive();
    await requestWithMail(executive.user._id, 2);
    const second = await requestWithMail(executive.user._id, 1);
    await requestWithMail(executive.user._id, 0);
    await requestWithMail(other.user._id, 3);
    await requestWithMail(null, 1);

    expect(await dueCount(executive.token)).toMatchObject({ count: 0, unreadMail: 2 });
    expect(await dueCount(other.token)).toMatchObject({ unreadMail: 1 });
    // Anyone's, as the agenda: the owner named.
    expect(await dueCount(driver.token, { owner: executive.user._id })).toMatchObject({
      unreadMail: 2,
    });
    expect(await dueCount(driver.token)).toMatchObject({ unreadMail: 0 });

    // Someone opened the second request's "Correos".
    await clearUnreadEmails(t.ctx, second._id);
    expect(await dueCount(executive.token)).toMatchObject({ unreadMail: 1 });
  });
});

describe('GET /api/activities/unread-mail (issue 35)', () => {
  it('when asked, then it lists the executive’s requests with unread mail, the most unread first, then the newest', async () => {
    const executive = await newExecutive();
    const one = await requestWithMail(executive.user._id, 1, 'Uno');
    const three = await requestWithMail(executive.user._id, 3, 'Tres');
    const alsoOne = await requestWithMail(executive.user._id, 1, 'Otro uno');
    await requestWithMail(executive.user._id, 0, 'Leído');
    await requestWithMail((await newExecutive()).user._id, 5, 'Ajeno');

    const list = await unreadMail(executive.token);
    expect(list.total).toBe(3);
    expect(list.items).toEqual([
      {
        _id: three._id,
        name: 'Tres',
        company: '',
        status: 'new request',
        requestNumber: three.requestNumber,
        unreadEmails: 3,
      },
      expect.objectContaining({ _id: alsoOne._id, unreadEmails: 1 }),
      expect.objectContaining({ _id: one._id, unreadEmails: 1 }),
    ]);
    expect(await unreadMail(driver.token, { owner: executive.user._id })).toEqual(list);

    await clearUnreadEmails(t.ctx, three._id);
    expect((await unreadMail(executive.token)).items.map((item) => item.name)).toEqual([
      'Otro uno',
      'Uno',
    ]);
  });

  it(`when more than ${UNREAD_MAIL_LIST_LIMIT} requests hold unread mail, then it lists ${UNREAD_MAIL_LIST_LIMIT} and counts them all`, async () => {
    const executive = await newExecutive();
    const extra = 3;
    for (let i = 0; i < UNREAD_MAIL_LIST_LIMIT + extra; i++) {
      await requestWithMail(executive.user._id, 1, `Cliente ${i}`);
    }
    const list = await unreadMail(executive.token);
    expect(list.items).toHaveLength(UNREAD_MAIL_LIST_LIMIT);
    expect(list.total).toBe(UNREAD_MAIL_LIST_LIMIT + extra);
    expect((await dueCount(executive.token)).unreadMail).toBe(UNREAD_MAIL_LIST_LIMIT + extra);
  });

  it('when the owner is bad or a parameter unknown, then 400 names it', async () => {
    const bad = await request(t.app)
      .get('/api/activities/unread-mail')
      .query({ owner: 'x' })
      .set(bearer(driver.token));
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      message: API_MESSAGES.invalidOwnerFilter,
      errors: [{ path: 'owner', message: API_MESSAGES.invalidOwnerFilter }],
    });
    const unknown = await request(t.app)
      .get('/api/activities/unread-mail')
      .query({ limit: '5' })
      .set(bearer(driver.token));
    expect(unknown.status).toBe(400);
  });

  it('when signed out, then 401', async () => {
    expect((await request(t.app).get('/api/activities/unread-mail')).status).toBe(401);
  });
});
