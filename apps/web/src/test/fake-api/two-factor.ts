import { Secret, TOTP } from 'otpauth';
import {
  DEFAULT_TWO_FACTOR_POLICY,
  ADMIN_ROLE,
  API_MESSAGES,
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_MESSAGES,
  twoFactorAdminApi,
  twoFactorApi,
  twoFactorLoginApi,
  twoFactorPolicyApi,
  type TwoFactorChallenge,
} from '@crm/shared';
import { endSessions } from './account';
import { type StoredUser, db } from './db';
import { Failure, fail, fake, wrongCurrentPassword } from './http';
import { callerOf, signInToken } from './sessions';

// Two-factor sign-in, its policy and an admin's reset (two-factor-*-endpoints).

// Two-factor sign-in (issue 32), as apps/api/src/auth/two-factor.service.ts answers: TOTP codes
// checked with otpauth (±1 step, a used step refused), ten one-time recovery codes, the login's
// challenge, Ajustes' requirement with its grace (from the first sign-in under it), an admin's
// reset. `twoFactorFake.now` is its clock (tests move it); the QR code is a stand-in SVG.
type FakeTwoFactor = {
  secret?: string;
  enabledAt?: string;
  lastStep: number;
  recovery: string[];
  pending?: { secret: string; expiresAt: number };
  graceStartedAt?: number;
};
export const twoFactorFake = {
  users: new Map<string, FakeTwoFactor>(),
  challenges: new Map<string, { userId: string; step: 'code' | 'setup'; expiresAt: number }>(),
  policy: { ...DEFAULT_TWO_FACTOR_POLICY },
  now: () => Date.now(),
};
export function resetTwoFactorFake() {
  twoFactorFake.users.clear();
  twoFactorFake.challenges.clear();
  twoFactorFake.policy = { ...DEFAULT_TWO_FACTOR_POLICY };
  twoFactorFake.now = () => Date.now();
}
const FAKE_QR =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 21 21"><path d="M0 0h7v7H0z"/></svg>';
const twoFactorOf = (userId: string) => {
  let entry = twoFactorFake.users.get(userId);
  if (!entry) twoFactorFake.users.set(userId, (entry = { lastStep: -1, recovery: [] }));
  return entry;
};
/** The time-step of `code` for `secret` now, or null. */
function fakeStepOf(secret: string, code: string): number | null {
  const timestamp = twoFactorFake.now();
  const delta = TOTP.validate({ token: code, secret: Secret.fromBase32(secret), timestamp });
  return delta === null ? null : TOTP.counter({ timestamp }) + delta;
}
const fakeRecoveryCode = () => {
  const alphabet = '0123456789abcdefghjkmnpqrstvwxyz';
  const chars = [...crypto.getRandomValues(new Uint8Array(12))].map((b) => alphabet[b & 31]);
  return chars.join('').replace(/(.{4})(?=.)/g, '$1-');
};
const bareRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
const codeFailure = (message: string) => fail(400, message, [{ path: 'code', message }]);

function fakeTwoFactorSetup(userId: string) {
  const secret = new Secret({ size: 20 }).base32;
  twoFactorOf(userId).pending = { secret, expiresAt: twoFactorFake.now() + 10 * 60_000 };
  return { qrSvg: FAKE_QR, secret };
}

/** Enables with the pending secret's code: the recovery codes, or the Failure. */
function fakeEnable(userId: string, code: string): string[] | Failure {
  const entry = twoFactorOf(userId);
  if (entry.enabledAt) return fail(409, TWO_FACTOR_MESSAGES.alreadyEnabled);
  const pending = entry.pending && entry.pending.expiresAt > twoFactorFake.now() && entry.pending;
  if (!pending) return codeFailure(TWO_FACTOR_MESSAGES.setupExpired);
  const step = fakeStepOf(pending.secret, code);
  if (step === null) return codeFailure(TWO_FACTOR_MESSAGES.wrongCode);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, fakeRecoveryCode);
  Object.assign(entry, {
    secret: pending.secret,
    enabledAt: new Date(twoFactorFake.now()).toISOString(),
    lastStep: step,
    recovery: codes.map(bareRecoveryCode),
    pending: undefined,
  });
  return codes;
}

/** Whether the requirement applies to `user`, and the end of their grace (started if `start`). */
function fakeRequirement(user: StoredUser, start: boolean) {
  const { require, graceDays } = twoFactorFake.policy;
  const required = require === 'everyone' || (require === 'admins' && user.role === ADMIN_ROLE);
  if (!required) return { required, setupBy: null };
  const entry = twoFactorOf(user._id);
  if (start) entry.graceStartedAt ??= twoFactorFake.now();
  const setupBy =
    entry.graceStartedAt === undefined ? null : entry.graceStartedAt + graceDays * 86_400_000;
  return { required, setupBy };
}

function fakeChallenge(userId: string, step: 'code' | 'setup') {
  const challenge = `challenge-${crypto.randomUUID()}`;
  twoFactorFake.challenges.set(challenge, { userId, step, expiresAt: Date.now() + 300_000 });
  return challenge;
}

/** What the login answers after a right password (auth.ts's login asks). */
export function twoFactorAfterPassword(
  user: StoredUser,
): TwoFactorChallenge | { twoFactorSetupBy: string } | undefined {
  if (twoFactorOf(user._id).enabledAt) {
    return { twoFactor: { challenge: fakeChallenge(user._id, 'code'), step: 'code' as const } };
  }
  const { setupBy } = fakeRequirement(user, true);
  if (setupBy === null) return undefined;
  if (setupBy > twoFactorFake.now()) return { twoFactorSetupBy: new Date(setupBy).toISOString() };
  const setup = fakeTwoFactorSetup(user._id);
  return {
    twoFactor: { challenge: fakeChallenge(user._id, 'setup'), step: 'setup' as const, setup },
  };
}

function fakeTwoFactorStatus(user: StoredUser) {
  const entry = twoFactorOf(user._id);
  const enabled = Boolean(entry.enabledAt);
  const { required, setupBy } = fakeRequirement(user, false);
  return {
    enabled,
    enabledAt: entry.enabledAt ?? null,
    recoveryCodesLeft: enabled ? entry.recovery.length : 0,
    required,
    setupBy: !enabled && setupBy !== null ? new Date(setupBy).toISOString() : null,
  };
}

function fakeRemoveTwoFactor(userId: string): boolean {
  const entry = twoFactorOf(userId);
  if (!entry.enabledAt) return false;
  Object.assign(entry, { secret: undefined, enabledAt: undefined, lastStep: -1, recovery: [] });
  return true;
}

export const twoFactorRoutes = [
  fake(twoFactorLoginApi.login, ({ input, request }) => {
    const named = twoFactorFake.challenges.get(input.body.challenge);
    const user =
      named && named.expiresAt > Date.now() && db.users.find((u) => u._id === named.userId);
    if (!named || !user) return fail(401, TWO_FACTOR_MESSAGES.challengeExpired);
    const { _id, name, lastName, email, role } = user;
    const answer = () => ({
      token: signInToken(user, request),
      user: { _id, name, lastName, email, role },
    });
    const code = input.body.code.replace(/\s/g, '');
    if (named.step === 'setup') {
      const codes = fakeEnable(_id, code);
      if (codes instanceof Failure) return codes;
      endSessions(_id);
      return { ...answer(), recoveryCodes: codes };
    }
    const entry = twoFactorOf(_id);
    if (!entry.enabledAt || !entry.secret) return fail(401, TWO_FACTOR_MESSAGES.challengeExpired);
    if (!/^\d+$/.test(code)) {
      const index = entry.recovery.indexOf(bareRecoveryCode(code));
      if (index < 0) return codeFailure(TWO_FACTOR_MESSAGES.wrongRecoveryCode);
      entry.recovery.splice(index, 1);
      return answer();
    }
    const step = fakeStepOf(entry.secret, code);
    if (step === null) return codeFailure(TWO_FACTOR_MESSAGES.wrongCode);
    if (step <= entry.lastStep) return codeFailure(TWO_FACTOR_MESSAGES.codeUsed);
    entry.lastStep = step;
    return answer();
  }),

  fake(twoFactorApi.status, ({ user }) => fakeTwoFactorStatus(user)),

  fake(twoFactorApi.setup, ({ user }) =>
    twoFactorOf(user._id).enabledAt
      ? fail(409, TWO_FACTOR_MESSAGES.alreadyEnabled)
      : fakeTwoFactorSetup(user._id),
  ),

  fake(twoFactorApi.enable, ({ input, user, request }) => {
    const codes = fakeEnable(user._id, input.body.code);
    if (codes instanceof Failure) return codes;
    endSessions(user._id, callerOf(request).token);
    return { message: TWO_FACTOR_MESSAGES.enabled, recoveryCodes: codes };
  }),

  fake(twoFactorApi.disable, ({ input, user }) => {
    if (input.body.currentPassword !== user.password) return wrongCurrentPassword();
    if (!fakeRemoveTwoFactor(user._id)) return fail(409, TWO_FACTOR_MESSAGES.notEnabled);
    return fakeTwoFactorStatus(user);
  }),

  fake(twoFactorPolicyApi.get, () => twoFactorFake.policy),

  fake(twoFactorPolicyApi.update, ({ input }) => {
    if (input.body.require !== twoFactorFake.policy.require) {
      for (const entry of twoFactorFake.users.values()) entry.graceStartedAt = undefined;
    }
    twoFactorFake.policy = { ...input.body };
    return twoFactorFake.policy;
  }),

  fake(twoFactorAdminApi.status, ({ input }) => {
    if (!db.users.some((u) => u._id === input.params.id))
      return fail(404, API_MESSAGES.userNotFound);
    return { enabled: Boolean(twoFactorOf(input.params.id).enabledAt) };
  }),

  fake(twoFactorAdminApi.reset, ({ input }) => {
    if (!db.users.some((u) => u._id === input.params.id))
      return fail(404, API_MESSAGES.userNotFound);
    if (!fakeRemoveTwoFactor(input.params.id)) return fail(409, TWO_FACTOR_MESSAGES.notEnabled);
    endSessions(input.params.id);
    return { message: TWO_FACTOR_MESSAGES.reset };
  }),
];
