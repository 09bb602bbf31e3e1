import request from 'supertest';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activitySchema, type Activity } from '@crm/shared';
import { bearer, createRequest, useSignedInRoles, useTestApp } from '../test/test-app.js';

// Issue 20: GET /api/calendar/<secret>.ics, the user's open activities for a calendar app.

const t = useTestApp();
const { admin, vendor } = useSignedInRoles(t);

async function plan(requestId: string, fields: object, ownerId = vendor.user._id) {
  const res = await request(t.app)
    .post(`/api/form-contact/${requestId}/activities`)
    .set(bearer(vendor.token))
    .send({ type: 'call', dueTime: null, ownerId, ...fields });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return activitySchema.parse(res.body);
}

/** The feed's lines, unfolded (RFC 5545 folds long lines with CRLF + space). */
const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '');

let path = '';
let requestId = '';
let timed: Activity;
beforeAll(async () => {
  t.ctx.config.timeZone = 'America/Santiago';
  t.ctx.config.appUrl = 'https://crm.example.com';
  requestId = (await createRequest(t, vendor.token))._id;
  await t.ctx.models.Request.updateOne({ _id: requestId }, { $set: { company: 'Acme' } });
  await plan(requestId, { title: 'Todo el día', dueDate: '2026-06-10' });
  timed = await plan(requestId, { title: 'A las 15', dueDate: '2026-06-11', dueTime: '15:00' });
  await plan(requestId, { title: 'De otra persona', dueDate: '2026-06-11' }, admin.user._id);
  const done = await plan(requestId, { title: 'Hecha', dueDate: '2026-06-09' });
  await request(t.app)
    .post(`/api/form-contact/${requestId}/activities/${done._id}/complete`)
    .set(bearer(vendor.token))
    .send({ version: 0 })
    .expect(200);
  const feed = await request(t.app).post('/api/me/calendar-feed').set(bearer(vendor.token));
  path = new URL((feed.body as { url: string }).url).pathname;
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('GET /api/calendar/:secret.ics', () => {
  it('when the secret is right, then the owner’s open activities are events: all-day by date, 30 minutes by time', async () => {
    const res = await request(t.app).get(path);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar; charset=utf-8/);
    const ics = unfold(res.text);
    expect(ics).toMatch(/^BEGIN:VCALENDAR/);
    expect(ics).toContain('SUMMARY:Llamada: Todo el día');
    expect(ics).toContain('DTSTART;VALUE=DATE:20260610');
    // 15:00 in Santiago (-04) is 19:00Z; half an hour long.
    expect(ics).toContain('SUMMARY:Llamada: A las 15');
    expect(ics).toContain('DTSTART:20260611T190000Z');
    expect(ics).toContain('DTEND:20260611T193000Z');
    expect(ics).toContain(`UID:${timed._id}@crm`);
    expect(ics).toContain(`https://crm.example.com/main/requests/${requestId}`);
    expect(ics).toMatch(/DESCRIPTION:Solicitud n\.º \d+: Lucía \(Acme\)/);
    expect(ics).not.toContain('De otra persona');
    expect(ics).not.toContain('Hecha');
  });

  it.each([
    ['wrong', `/api/calendar/${'A'.repeat(43)}.ics`],
    ['malformed', '/api/calendar/not-a-secret.ics'],
    ['too long', `/api/calendar/${'A'.repeat(400)}.ics`],
  ])('when the secret is %s, then 404 after the same single indexed read', async (_what, url) => {
    const findOne = vi.spyOn(t.ctx.models.User, 'findOne');
    const res = await request(t.app).get(url);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not found' });
    expect(findOne).toHaveBeenCalledTimes(1);
    expect(findOne.mock.calls[0]?.[0]).toEqual({
      calendarSecretHash: expect.stringMatching(/^[0-9a-f]{64}$/) as string,
    });
  });

  it('when asked without a token, then it needs none (the secret is the credential)', async () => {
    const res = await request(t.app).get(path).set(bearer('not-a-token'));
    expect(res.status).toBe(200);
  });
});
