import {
  ACCOUNT_LINK_PATHS,
  ACCOUNT_MESSAGES,
  ADMIN_ROLE,
  API_MESSAGES,
  FIELD_MESSAGES,
  LOGIN_MESSAGES,
  api,
  type TokenPurpose,
} from '@crm/shared';
import type { ContractCaller, ContractCase, ContractClient } from './client.js';
import { EMAIL_TAKEN, UNKNOWN_ID, anyString, fieldError, uniqueEmail } from './fixtures.js';

/*
 * Issue 23's one-time links: forgotten passwords, email changes and invitations. Tokens come
 * from the backend's mail (`lastLink`); the API sends it through a real SMTP server, the fake
 * records it. These cases ask for few reset links: the per-client limit counts every case's.
 */

const NEW_PASSWORD = 'Restablecida.456';

const TOKEN_INVALID = fieldError(400, 'token', ACCOUNT_MESSAGES.tokenInvalid);

/** The token of the newest link mailed to `email`, which must open the page of `purpose`. */
async function tokenMailedTo(
  c: ContractClient,
  email: string,
  purpose: TokenPurpose,
): Promise<string> {
  const link = await c.lastLink(email);
  if (!link) throw new Error(`no link was mailed to ${email}`);
  const url = new URL(link);
  if (url.pathname !== ACCOUNT_LINK_PATHS[purpose])
    throw new Error(`not a ${purpose} link: ${link}`);
  return url.searchParams.get('token') ?? '';
}

const signInStatus = async (c: ContractClient, email: string, password: string) =>
  (await c.call(api.auth.login, { body: { email, password, altcha: await c.captcha() } })).status;

const forgot = async (c: ContractClient, email: string) =>
  c.call(api.account.forgotPassword, { body: { email, altcha: await c.captcha() } });

const invitee = (email = uniqueEmail()) => ({
  name: 'Inés',
  lastName: 'Invitada',
  email,
  role: 'vendor' as const,
});

async function inviteAs(c: ContractClient, admin: ContractCaller, email = uniqueEmail()) {
  const res = await c.call(api.invitations.invite, { body: invitee(email) }, admin.token);
  return { res, email, userId: (res.body as { userId: string }).userId };
}

export const accountContractCases: ContractCase[] = [
  {
    name: 'account.forgotPassword: the same answer for a known and an unknown address; only the known one gets a link',
    run: async (c, expect) => {
      const known = await c.signIn('vendor');
      const unknown = uniqueEmail();
      const answers = [await forgot(c, known.user.email), await forgot(c, unknown)];
      for (const answer of answers) {
        expect(answer).toEqual({ status: 200, body: { message: ACCOUNT_MESSAGES.forgotSent } });
      }
      expect(await c.lastLink(unknown)).toBeUndefined();
      expect(await tokenMailedTo(c, known.user.email, 'reset')).toMatch(/^[\w-]{43}$/);
    },
  },
  {
    name: 'account.setPassword: a reset link sets the password once, signs every session out, and the new password signs in',
    run: async (c, expect) => {
      const person = await c.signIn('driver');
      await forgot(c, person.user.email.toUpperCase());
      const token = await tokenMailedTo(c, person.user.email, 'reset');
      expect(await c.call(api.account.tokenStatus, { body: { token } })).toEqual({
        status: 200,
        body: { purpose: 'reset', email: person.user.email, name: anyString(expect) },
      });
      expect(
        await c.call(api.account.setPassword, { body: { token, password: NEW_PASSWORD } }),
      ).toEqual({ status: 200, body: { message: ACCOUNT_MESSAGES.passwordReset } });
      expect(
        await c.call(api.account.setPassword, { body: { token, password: NEW_PASSWORD } }),
      ).toEqual(TOKEN_INVALID);
      expect(await c.call(api.account.tokenStatus, { body: { token } })).toEqual(TOKEN_INVALID);
      expect(await c.call(api.users.list, {}, person.token)).toEqual({
        status: 401,
        body: { message: API_MESSAGES.sessionExpired },
      });
      expect(await signInStatus(c, person.user.email, person.password)).toBe(401);
      expect(await signInStatus(c, person.user.email, NEW_PASSWORD)).toBe(200);
    },
  },
  {
    name: 'account.setPassword: an unknown or malformed token answers 400 tokenInvalid on `token`',
    run: async (c, expect) => {
      for (const token of ['A'.repeat(43), 'not-a-token']) {
        expect(
          await c.call(api.account.setPassword, { body: { token, password: NEW_PASSWORD } }),
        ).toEqual(TOKEN_INVALID);
        expect(await c.call(api.account.tokenStatus, { body: { token } })).toEqual(TOKEN_INVALID);
      }
    },
  },
  {
    name: 'profile.changeEmail: a link goes to the new address; account.confirmEmail then changes the email, once',
    run: async (c, expect) => {
      const person = await c.signIn('vendor');
      const newEmail = uniqueEmail();
      const asked = await c.call(
        api.profile.changeEmail,
        { body: { newEmail: newEmail.toUpperCase(), currentPassword: person.password } },
        person.token,
      );
      expect(asked).toEqual({
        status: 200,
        body: { message: ACCOUNT_MESSAGES.emailChangeSent(newEmail) },
      });
      expect(await c.lastLink(person.user.email)).toBeUndefined();
      const token = await tokenMailedTo(c, newEmail, 'email');
      expect(await c.call(api.account.tokenStatus, { body: { token } })).toEqual({
        status: 200,
        body: { purpose: 'email', email: newEmail, name: anyString(expect) },
      });
      expect(await c.call(api.account.confirmEmail, { body: { token } })).toEqual({
        status: 200,
        body: { message: ACCOUNT_MESSAGES.emailChanged },
      });
      expect(await c.call(api.account.confirmEmail, { body: { token } })).toEqual(TOKEN_INVALID);
      expect(await signInStatus(c, newEmail, person.password)).toBe(200);
      expect(await signInStatus(c, person.user.email, person.password)).toBe(401);
    },
  },
  {
    name: 'profile.changeEmail: a wrong current password is 400 on `currentPassword`; another user’s address 409 on `newEmail`',
    run: async (c, expect) => {
      const person = await c.signIn('vendor');
      const other = await c.signIn('driver');
      expect(
        await c.call(
          api.profile.changeEmail,
          { body: { newEmail: uniqueEmail(), currentPassword: 'Incorrecta.1' } },
          person.token,
        ),
      ).toEqual(fieldError(400, 'currentPassword', ACCOUNT_MESSAGES.currentPasswordWrong));
      expect(
        await c.call(
          api.profile.changeEmail,
          { body: { newEmail: other.user.email, currentPassword: person.password } },
          person.token,
        ),
      ).toEqual(fieldError(409, 'newEmail', FIELD_MESSAGES.emailTaken, API_MESSAGES.emailTaken));
    },
  },
  {
    name: 'invitations.invite: the person is listed as invited and can’t sign in until the mailed link sets their password',
    run: async (c, expect) => {
      const admin = await c.signIn(ADMIN_ROLE);
      const { res, email, userId } = await inviteAs(c, admin);
      expect(res).toEqual({
        status: 201,
        body: { message: ACCOUNT_MESSAGES.invitationSent(email), userId: anyString(expect) },
      });
      const listed = (await c.call(api.users.list, {}, admin.token)).body as {
        _id: string;
        invitationPending?: boolean;
      }[];
      expect(listed.find((user) => user._id === userId)).toMatchObject({
        email,
        role: 'vendor',
        invitationPending: true,
      });
      const refused = await c.call(api.auth.login, {
        body: { email, password: NEW_PASSWORD, altcha: await c.captcha() },
      });
      expect(refused).toEqual({
        status: 401,
        body: { message: LOGIN_MESSAGES.invalidCredentials },
      });

      const token = await tokenMailedTo(c, email, 'invite');
      expect(await c.call(api.account.tokenStatus, { body: { token } })).toEqual({
        status: 200,
        body: { purpose: 'invite', email, name: 'Inés' },
      });
      expect(
        await c.call(api.account.setPassword, { body: { token, password: NEW_PASSWORD } }),
      ).toEqual({ status: 200, body: { message: ACCOUNT_MESSAGES.invitationAccepted } });
      expect(await signInStatus(c, email, NEW_PASSWORD)).toBe(200);
      const after = (await c.call(api.users.list, {}, admin.token)).body as { _id: string }[];
      expect(after.find((user) => user._id === userId)).not.toHaveProperty('invitationPending');
    },
  },
  {
    name: 'invitations.invite: a taken email answers 409 on `email`; a vendor gets 403',
    run: async (c, expect) => {
      const admin = await c.signIn(ADMIN_ROLE);
      const vendor = await c.signIn('vendor');
      expect(
        await c.call(
          api.invitations.invite,
          { body: invitee(vendor.user.email.toUpperCase()) },
          admin.token,
        ),
      ).toEqual(EMAIL_TAKEN);
      expect(await c.call(api.invitations.invite, { body: invitee() }, vendor.token)).toEqual({
        status: 403,
        body: { message: API_MESSAGES.forbidden },
      });
      expect(
        await c.call(api.invitations.resend, { params: { id: UNKNOWN_ID } }, vendor.token),
      ).toEqual({ status: 403, body: { message: API_MESSAGES.forbidden } });
    },
  },
  {
    name: 'invitations.resend: a new link replaces the older one; once the password is set, 409; an unknown user 404',
    run: async (c, expect) => {
      const admin = await c.signIn(ADMIN_ROLE);
      const { email, userId } = await inviteAs(c, admin);
      const older = await tokenMailedTo(c, email, 'invite');
      expect(await c.call(api.invitations.resend, { params: { id: userId } }, admin.token)).toEqual(
        { status: 200, body: { message: ACCOUNT_MESSAGES.invitationSent(email), userId } },
      );
      const newer = await tokenMailedTo(c, email, 'invite');
      expect(newer).not.toBe(older);
      expect(
        await c.call(api.account.setPassword, { body: { token: older, password: NEW_PASSWORD } }),
      ).toEqual(TOKEN_INVALID);
      expect(
        (await c.call(api.account.setPassword, { body: { token: newer, password: NEW_PASSWORD } }))
          .status,
      ).toBe(200);
      expect(await c.call(api.invitations.resend, { params: { id: userId } }, admin.token)).toEqual(
        { status: 409, body: { message: ACCOUNT_MESSAGES.invitationAlreadyAccepted } },
      );
      expect(
        await c.call(api.invitations.resend, { params: { id: UNKNOWN_ID } }, admin.token),
      ).toEqual({ status: 404, body: { message: API_MESSAGES.userNotFound } });
    },
  },
];
