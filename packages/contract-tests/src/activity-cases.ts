import {
  ADMIN_ROLE,
  AGENDA_BELL_POLL_MS,
  API_MESSAGES,
  FIELD_MESSAGES,
  api,
  type Activity,
} from '@crm/shared';
import type { ContractCase, ContractClient } from './client.js';
import { UNKNOWN_ID, anyNumber, anyString, fieldError, idOf, newRequest } from './fixtures.js';

/** Activities on a request (issue 20): plan, list, change, complete, reopen, delete. */

const PLAN = { type: 'call', title: 'Llamar a Lucía', dueDate: '2026-12-12', dueTime: '15:00' };

async function newRequestId(c: ContractClient, token: string): Promise<string> {
  return idOf((await c.call(api.requests.create, { body: newRequest }, token)).body);
}

async function plan(
  c: ContractClient,
  token: string,
  id: string,
  body: object = PLAN,
): Promise<Activity> {
  return (await c.call(api.activities.add, { params: { id }, body }, token)).body as Activity;
}

type Entry = { by: string | null; field: string; from: string | null; to: string | null };
async function activityHistory(c: ContractClient, token: string, id: string) {
  const { entries } = (await c.call(api.requests.history, { params: { id } }, token)).body as {
    entries: (Entry & { activity?: { title: string } })[];
  };
  return entries
    .filter((entry) => entry.activity)
    .map(({ by, field, from, to, activity }) => ({ by, field, from, to, title: activity?.title }));
}

export const activityContractCases: ContractCase[] = [
  {
    name: 'activities.add and list: any role plans one (owner: the caller without an executive); listed; recorded',
    run: async (c, expect) => {
      const vendor = await c.signIn('vendor');
      const driver = await c.signIn('driver');
      const id = await newRequestId(c, vendor.token);
      const res = await c.call(api.activities.add, { params: { id }, body: PLAN }, driver.token);
      expect(res).toEqual({
        status: 201,
        body: {
          ...PLAN,
          _id: anyString(expect),
          dueAt: anyString(expect),
          ownerId: driver.user._id,
          done: false,
          doneAt: null,
          doneBy: null,
          createdAt: anyString(expect),
          createdBy: driver.user._id,
          version: 0,
        },
      });
      const later = await plan(c, vendor.token, id, {
        ...PLAN,
        dueDate: '2026-12-20',
        dueTime: null,
      });
      expect(await c.call(api.activities.list, { params: { id } }, vendor.token)).toEqual({
        status: 200,
        body: { items: [res.body, later] },
      });
      expect(await activityHistory(c, vendor.token, id)).toEqual([
        { by: vendor.user._id, field: 'activity', from: null, to: PLAN.title, title: PLAN.title },
        { by: driver.user._id, field: 'activity', from: null, to: PLAN.title, title: PLAN.title },
      ]);
      expect(
        await c.call(api.activities.list, { params: { id: UNKNOWN_ID } }, vendor.token),
      ).toEqual({ status: 404, body: { message: API_MESSAGES.requestNotFound } });
    },
  },
  {
    name: 'activities.add: the executive owns it by default; a bad field or an unknown owner is 400 naming it',
    run: async (c, expect) => {
      const admin = await c.signIn(ADMIN_ROLE);
      const vendor = await c.signIn('vendor');
      const id = await newRequestId(c, admin.token);
      await c.call(
        api.requests.assignVendor,
        { body: { formId: id, vendorId: vendor.user._id } },
        admin.token,
      );
      expect((await plan(c, admin.token, id)).ownerId).toBe(vendor.user._id);
      const params = { id };
      expect(
        await c.call(api.activities.add, { params, body: { ...PLAN, title: ' ' } }, admin.token),
      ).toEqual(fieldError(400, 'title', FIELD_MESSAGES.activityTitleRequired));
      expect(
        await c.call(
          api.activities.add,
          { params, body: { ...PLAN, ownerId: UNKNOWN_ID } },
          admin.token,
        ),
      ).toEqual(fieldError(400, 'ownerId', FIELD_MESSAGES.activityOwnerUnknown));
      expect(
        await c.call(api.activities.add, { params: { id: UNKNOWN_ID }, body: PLAN }, admin.token),
      ).toEqual({ status: 404, body: { message: API_MESSAGES.requestNotFound } });
    },
  },
  {
    name: 'activities.log (issue 33): any role logs a done one in one step; one history entry; 400 naming the field',
    run: async (c, expect) => {
      const driver = await c.signIn('driver');
      const id = await newRequestId(c, driver.token);
      const body = { type: 'meeting', title: 'Reunión en su oficina', outcome: 'Pide cotización' };
      const res = await c.call(api.activities.log, { params: { id }, body }, driver.token);
      expect(res).toEqual({
        status: 201,
        body: {
          ...body,
          _id: anyString(expect),
          dueDate: anyString(expect),
          dueTime: anyString(expect),
          dueAt: anyString(expect),
          ownerId: driver.user._id,
          done: true,
          doneAt: anyString(expect),
          doneBy: driver.user._id,
          createdAt: anyString(expect),
          createdBy: driver.user._id,
          version: 0,
        },
      });
      expect(await c.call(api.activities.list, { params: { id } }, driver.token)).toEqual({
        status: 200,
        body: { items: [res.body] },
      });
      expect(await activityHistory(c, driver.token, id)).toEqual([
        {
          by: driver.user._id,
          field: 'activityLogged',
          from: 'meeting',
          to: 'Pide cotización',
          title: body.title,
        },
      ]);
      const bare = await c.call(
        api.activities.log,
        { params: { id }, body: { type: 'call', title: 'Llamé' } },
        driver.token,
      );
      expect(bare.status).toBe(201);
      expect(bare.body).not.toHaveProperty('outcome');
      expect(
        await c.call(api.activities.log, { params: { id }, body: { type: 'call' } }, driver.token),
      ).toEqual(fieldError(400, 'title', FIELD_MESSAGES.activityTitleRequired));
      expect(
        await c.call(api.activities.log, { params: { id: UNKNOWN_ID }, body }, driver.token),
      ).toEqual({ status: 404, body: { message: API_MESSAGES.requestNotFound } });
    },
  },
  {
    name: 'activities.change: at the current version (+1), each field recorded; stale is 409 with the activity now',
    run: async (c, expect) => {
      const { token, user } = await c.signIn('driver');
      const id = await newRequestId(c, token);
      const activity = await plan(c, token, id);
      const params = { id, activityId: activity._id };
      const changed = await c.call(
        api.activities.change,
        { params, body: { version: 0, title: 'Llamar otra vez', dueDate: '2026-12-13' } },
        token,
      );
      expect(changed).toEqual({
        status: 200,
        body: {
          ...activity,
          title: 'Llamar otra vez',
          dueDate: '2026-12-13',
          dueTime: null,
          dueAt: anyString(expect),
          version: 1,
        },
      });
      const stale = await c.call(
        api.activities.change,
        { params, body: { version: 0, type: 'email' } },
        token,
      );
      expect(stale).toEqual({
        status: 409,
        body: { message: API_MESSAGES.activityConflict, current: { activity: changed.body } },
      });
      expect(
        await c.call(
          api.activities.change,
          { params, body: { version: 1, dueTime: '10:00' } },
          token,
        ),
      ).toMatchObject(fieldError(400, 'dueTime', FIELD_MESSAGES.activityTimeWithoutDate));
      expect(
        await c.call(
          api.activities.change,
          { params: { id, activityId: UNKNOWN_ID }, body: { version: 0, title: 'x' } },
          token,
        ),
      ).toEqual({ status: 404, body: { message: API_MESSAGES.activityNotFound } });
      const title = 'Llamar otra vez';
      expect((await activityHistory(c, token, id)).slice(0, 2)).toEqual([
        { by: user._id, field: 'activityDue', from: '2026-12-12 15:00', to: '2026-12-13', title },
        { by: user._id, field: 'activity', from: PLAN.title, to: title, title },
      ]);
    },
  },
  {
    name: 'activities.complete and reopen: done by the caller, recorded; completing a completed one is 409 saying so',
    run: async (c, expect) => {
      const { token, user } = await c.signIn('vendor');
      const id = await newRequestId(c, token);
      const activity = await plan(c, token, id);
      const params = { id, activityId: activity._id };
      const done = await c.call(api.activities.complete, { params, body: { version: 0 } }, token);
      expect(done).toEqual({
        status: 200,
        body: { ...activity, done: true, doneAt: anyString(expect), doneBy: user._id, version: 1 },
      });
      expect(
        await c.call(api.activities.complete, { params, body: { version: 1 } }, token),
      ).toEqual({
        status: 409,
        body: { message: API_MESSAGES.activityAlreadyDone, current: { activity: done.body } },
      });
      const reopened = await c.call(api.activities.reopen, { params, body: { version: 1 } }, token);
      expect(reopened).toEqual({ status: 200, body: { ...activity, version: 2 } });
      expect(await c.call(api.activities.reopen, { params, body: { version: 2 } }, token)).toEqual({
        status: 409,
        body: { message: API_MESSAGES.activityNotDone, current: { activity: reopened.body } },
      });
      expect((await activityHistory(c, token, id)).slice(0, 2)).toEqual([
        { by: user._id, field: 'activityDone', from: 'done', to: 'open', title: PLAN.title },
        { by: user._id, field: 'activityDone', from: 'open', to: 'done', title: PLAN.title },
      ]);
    },
  },
  {
    name: 'activities.remove: answers the deleted activity, recorded; then 404',
    run: async (c, expect) => {
      const { token, user } = await c.signIn('driver');
      const id = await newRequestId(c, token);
      const activity = await plan(c, token, id);
      const params = { id, activityId: activity._id };
      expect(await c.call(api.activities.remove, { params }, token)).toEqual({
        status: 200,
        body: activity,
      });
      expect(await c.call(api.activities.remove, { params }, token)).toEqual({
        status: 404,
        body: { message: API_MESSAGES.activityNotFound },
      });
      expect(await c.call(api.activities.list, { params: { id } }, token)).toEqual({
        status: 200,
        body: { items: [] },
      });
      expect((await activityHistory(c, token, id))[0]).toEqual({
        by: user._id,
        field: 'activity',
        from: PLAN.title,
        to: null,
        title: PLAN.title,
      });
    },
  },
  {
    name: 'users.remove: the user’s activities stay on the request without an owner',
    run: async (c, expect) => {
      const admin = await c.signIn(ADMIN_ROLE);
      const leaving = await c.signIn('vendor');
      const id = await newRequestId(c, admin.token);
      const activity = await plan(c, leaving.token, id);
      await c.call(api.users.remove, { params: { id: leaving.user._id } }, admin.token);
      expect(await c.call(api.activities.list, { params: { id } }, admin.token)).toEqual({
        status: 200,
        body: { items: [{ ...activity, ownerId: null, version: 1 }] },
      });
      expect((await activityHistory(c, admin.token, id))[0]).toEqual({
        by: admin.user._id,
        field: 'activityOwner',
        from: leaving.user._id,
        to: null,
        title: PLAN.title,
      });
    },
  },
  {
    name: 'activities.agenda and dueCount: one owner’s open activities by range, paged across requests; the bell counts them',
    run: async (c, expect) => {
      const vendor = await c.signIn('vendor');
      const driver = await c.signIn('driver');
      const first = await newRequestId(c, vendor.token);
      const second = await newRequestId(c, vendor.token);
      // Years from now, in any zone: overdue and later whatever the clock.
      const old = await plan(c, vendor.token, first, { ...PLAN, dueDate: '2020-01-01' });
      const older = await plan(c, vendor.token, second, { ...PLAN, dueDate: '2019-06-30' });
      const later = await plan(c, vendor.token, first, { ...PLAN, dueDate: '2099-01-01' });
      const done = await plan(c, vendor.token, second, { ...PLAN, dueDate: '2019-01-01' });
      await c.call(
        api.activities.complete,
        { params: { id: second, activityId: done._id }, body: { version: 0 } },
        vendor.token,
      );
      const row = (activity: Activity, id: string) => ({
        activity,
        request: {
          _id: id,
          name: newRequest.name,
          company: '',
          status: 'new request',
          requestNumber: anyNumber(expect),
        },
      });
      const firstPage = await c.call(
        api.activities.agenda,
        { query: { due: 'overdue', limit: 1 } },
        vendor.token,
      );
      expect(firstPage).toEqual({
        status: 200,
        body: { items: [row(older, second)], nextCursor: anyString(expect) },
      });
      const { nextCursor } = firstPage.body as { nextCursor: string };
      expect(
        await c.call(
          api.activities.agenda,
          { query: { owner: vendor.user._id, due: 'overdue', limit: 1, cursor: nextCursor } },
          driver.token,
        ),
      ).toEqual({ status: 200, body: { items: [row(old, first)], nextCursor: null } });
      expect(
        await c.call(api.activities.agenda, { query: { due: 'later' } }, vendor.token),
      ).toEqual({ status: 200, body: { items: [row(later, first)], nextCursor: null } });
      expect(
        await c.call(api.activities.agenda, { query: { due: 'today' } }, driver.token),
      ).toEqual({ status: 200, body: { items: [], nextCursor: null } });
      expect(await c.call(api.activities.dueCount, { query: {} }, vendor.token)).toEqual({
        status: 200,
        body: { count: 2, unreadMail: 0, pollAfterMs: AGENDA_BELL_POLL_MS },
      });
      const bad = await c.call(api.activities.agenda, { query: { due: 'soon' } }, vendor.token);
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ errors: [{ path: 'due' }] });
      expect(
        await c.call(api.activities.dueCount, { query: { owner: 'someone' } }, vendor.token),
      ).toEqual(fieldError(400, 'owner', API_MESSAGES.invalidOwnerFilter));
    },
  },
  {
    // Issue 35. Unread customer mail comes only from the sales mailbox, which the suite can't
    // write to: a request of the caller's without any, and the bell and the list agree on none.
    name: 'activities.unreadMail and dueCount: an executive’s requests with unread customer mail, none here; a bad owner is 400',
    run: async (c, expect) => {
      const vendor = await c.signIn('vendor');
      const admin = await c.signIn(ADMIN_ROLE);
      const id = await newRequestId(c, admin.token);
      expect(
        await c.call(
          api.requests.assignVendor,
          { body: { formId: id, vendorId: vendor.user._id } },
          admin.token,
        ),
      ).toMatchObject({ status: 200 });
      expect(await c.call(api.activities.unreadMail, { query: {} }, vendor.token)).toEqual({
        status: 200,
        body: { items: [], total: 0 },
      });
      expect(
        await c.call(api.activities.unreadMail, { query: { owner: vendor.user._id } }, admin.token),
      ).toEqual({ status: 200, body: { items: [], total: 0 } });
      expect(await c.call(api.activities.dueCount, { query: {} }, vendor.token)).toMatchObject({
        status: 200,
        body: { unreadMail: 0 },
      });
      expect(
        await c.call(api.activities.unreadMail, { query: { owner: 'someone' } }, vendor.token),
      ).toEqual(fieldError(400, 'owner', API_MESSAGES.invalidOwnerFilter));
    },
  },
];
