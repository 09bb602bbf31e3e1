import { ACCOUNT_MESSAGES, API_MESSAGES, EDIT_USER_MESSAGES, api } from '@crm/shared';
import type { ExpectStatic } from 'vitest';
import type { ContractCaller, ContractClient, ContractCase } from './client.js';
import { anyString, fieldError } from './fixtures.js';

/** Perfil (issue 23): the caller's own name, password and signed-in sessions. */

const NEW_PASSWORD = 'Otra.Clave9';

/** One more sign-in of the caller (another browser): its token. */
async function signInAgain(c: ContractClient, caller: ContractCaller, password = caller.password) {
  const res = await c.call(api.auth.login, {
    body: { email: caller.user.email, password, altcha: await c.captcha() },
  });
  return { status: res.status, token: (res.body as { token?: string }).token ?? '' };
}

const expired = { status: 401, body: { message: API_MESSAGES.sessionExpired } };

type Listed = { id: string; current: boolean };
const sessionsOf = async (c: ContractClient, token: string) =>
  (await c.call(api.profile.sessions, {}, token)).body as Listed[];

/** A session as listed: browser and system are whatever the backend read of the client. */
const listed = (expect: ExpectStatic, current: boolean) => ({
  id: anyString(expect),
  current,
  browser: anyString(expect),
  os: anyString(expect),
  address: anyString(expect),
  signedInAt: anyString(expect),
  lastSeenAt: anyString(expect),
});

export const profileContractCases: ContractCase[] = [
  {
    name: 'profile.get and update: the caller as stored; a new name for them only; an empty name is 400 on `name`; a role in the body is 403',
    run: async (c, expect) => {
      const caller = await c.signIn('vendor');
      const other = await c.signIn('driver');
      const before = await c.call(api.profile.get, {}, caller.token);
      expect(before).toEqual({
        status: 200,
        body: {
          _id: caller.user._id,
          name: anyString(expect),
          lastName: anyString(expect),
          email: caller.user.email,
          role: 'vendor',
          photo: '',
          pendingEmail: null,
        },
      });
      const renamed = { ...(before.body as object), name: 'Lucía', lastName: 'Fernández' };
      expect(
        await c.call(
          api.profile.update,
          { body: { name: 'Lucía', lastName: 'Fernández' } },
          caller.token,
        ),
      ).toEqual({ status: 200, body: renamed });
      expect(await c.call(api.profile.get, {}, caller.token)).toEqual({
        status: 200,
        body: renamed,
      });
      expect((await c.call(api.profile.get, {}, other.token)).body).not.toMatchObject({
        name: 'Lucía',
      });
      expect(
        await c.call(api.profile.update, { body: { name: '', lastName: 'X' } }, caller.token),
      ).toEqual(fieldError(400, 'name', EDIT_USER_MESSAGES.nameRequired));
      expect(
        await c.call(
          api.profile.update,
          { body: { name: 'Lucía', lastName: 'Fernández', role: 'system admin' } },
          caller.token,
        ),
      ).toEqual({ status: 403, body: { message: ACCOUNT_MESSAGES.ownRoleLocked } });
      expect((await c.call(api.profile.get, {}, caller.token)).body).toMatchObject({
        role: 'vendor',
      });
    },
  },
  {
    name: 'profile.changePassword: a wrong current password is 400 on `currentPassword`; then the new one signs in, the old one not, other sessions end and this one stays',
    run: async (c, expect) => {
      const caller = await c.signIn('vendor');
      const elsewhere = await signInAgain(c, caller);
      expect(
        await c.call(
          api.profile.changePassword,
          { body: { currentPassword: 'Wrong.Pass1', password: NEW_PASSWORD } },
          caller.token,
        ),
      ).toEqual(fieldError(400, 'currentPassword', ACCOUNT_MESSAGES.currentPasswordWrong));
      expect(
        await c.call(
          api.profile.changePassword,
          { body: { currentPassword: caller.password, password: NEW_PASSWORD } },
          caller.token,
        ),
      ).toEqual({ status: 200, body: { message: ACCOUNT_MESSAGES.passwordChanged } });
      expect((await c.call(api.profile.get, {}, caller.token)).status).toBe(200);
      expect(await c.call(api.profile.get, {}, elsewhere.token)).toEqual(expired);
      expect((await signInAgain(c, caller)).status).toBe(401);
      expect((await signInAgain(c, caller, NEW_PASSWORD)).status).toBe(200);
    },
  },
  {
    name: "profile.sessions and closeSession: each sign-in is listed, this one marked; a closed one's token is 401 at once; another user's session is 404",
    run: async (c, expect) => {
      const caller = await c.signIn('vendor');
      const second = await signInAgain(c, caller);
      const stranger = await c.signIn('driver');
      const sessions = await c.call(api.profile.sessions, {}, caller.token);
      // Newest sign-in first.
      expect(sessions).toEqual({
        status: 200,
        body: [listed(expect, false), listed(expect, true)],
      });
      const [closing] = sessions.body as Listed[];
      const [strangers] = await sessionsOf(c, stranger.token);

      expect(
        await c.call(
          api.profile.closeSession,
          { params: { id: strangers?.id ?? '' } },
          caller.token,
        ),
      ).toEqual({ status: 404, body: { message: ACCOUNT_MESSAGES.sessionNotFound } });
      expect((await c.call(api.profile.get, {}, stranger.token)).status).toBe(200);

      expect(
        await c.call(api.profile.closeSession, { params: { id: closing?.id ?? '' } }, caller.token),
      ).toEqual({ status: 200, body: [listed(expect, true)] });
      expect(await c.call(api.profile.get, {}, second.token)).toEqual(expired);
      expect((await c.call(api.profile.get, {}, caller.token)).status).toBe(200);
    },
  },
  {
    name: 'profile.closeOtherSessions: only this session is left, and the others are signed out',
    run: async (c, expect) => {
      const caller = await c.signIn('vendor');
      const others = [await signInAgain(c, caller), await signInAgain(c, caller)];
      expect(await sessionsOf(c, caller.token)).toHaveLength(3);
      expect(await c.call(api.profile.closeOtherSessions, {}, caller.token)).toEqual({
        status: 200,
        body: [listed(expect, true)],
      });
      for (const other of others) {
        expect(await c.call(api.profile.get, {}, other.token)).toEqual(expired);
      }
      expect((await c.call(api.profile.get, {}, caller.token)).status).toBe(200);
    },
  },
  {
    name: 'profile.closeOtherSessions: the calendar feed is revoked too (issue 32); a new one can be made',
    run: async (c, expect) => {
      const caller = await c.signIn('vendor');
      await c.call(api.preferences.createCalendarFeed, {}, caller.token);
      expect((await c.call(api.profile.closeOtherSessions, {}, caller.token)).status).toBe(200);
      expect(await c.call(api.preferences.get, {}, caller.token)).toMatchObject({
        status: 200,
        body: { calendarFeed: false },
      });
      expect((await c.call(api.preferences.createCalendarFeed, {}, caller.token)).status).toBe(201);
    },
  },
];
