import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import {
  ADMIN_ROLE,
  RECOVERY_CODE_COUNT,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  TWO_FACTOR_MESSAGES,
  type LoginResponse,
  type Role,
  type TwoFactorChallenge,
  type TwoFactorLoginBody,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@crm/shared';
import type { AppContext } from '../context.js';
import { isDuplicateKeyError } from '../db/errors.js';
import { conflict, fieldError, unauthorized } from '../http/app-error.js';
import { addressKey } from '../http/client-address.js';
import { twoFactorRequirement } from '../settings/index.js';
import { verifyCurrentPassword } from './current-password.js';
import { reserveLoginAttempt } from './login-throttle.js';
import { endSessions } from './sessions.js';
import { openSession, type Client, type SigningInUser } from './sign-in.js';
import { signChallenge, verifyChallenge } from './two-factor-challenge.js';
import {
  decryptSecret,
  encryptSecret,
  hashRecoveryCode,
  newRecoveryCode,
} from './two-factor-crypto.js';
import type { TwoFactorDoc } from './two-factor.model.js';

/*
 * Two-factor sign-in (issue 32): TOTP (RFC 6238, otpauth) after the password, or a one-time
 * recovery code. Each action a user or an admin takes is one function below (enable, disable,
 * reset, sign-in with a code, a failed code, a recovery code used), for the audit log to record.
 *
 * Atomicity: a code's time-step is accepted by one conditional update (`lastStep` below it), and
 * a recovery code by one `$pull` that matches it; MongoDB applies either atomically whatever the
 * number of API processes, and on FerretDB 1.x one API process holds the database (db/ lease).
 */

/** A setup's secret waits this long for its confirming code. */
const SETUP_TTL_MS = 10 * 60_000;
/** Codes of the step before and after now are accepted too: a phone's clock a little off. */
const WINDOW = 1;
/** What the authenticator app shows above the codes. */
const ISSUER = 'CRM';
const DAY_MS = 24 * 60 * 60_000;

const totpFor = (secret: string, label = '') =>
  new TOTP({
    issuer: ISSUER,
    label,
    secret: Secret.fromBase32(secret),
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  });

/** The time-step `code` belongs to near now, or null when it is no code of `secret` then. */
function stepOf(secret: string, code: string, now: Date): number | null {
  const timestamp = now.getTime();
  const delta = totpFor(secret).validate({ token: code, timestamp, window: WINDOW });
  if (delta === null) return null;
  return TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp }) + delta;
}

const read = (ctx: AppContext, userId: string, secrets = '') =>
  ctx.models.TwoFactor.findById(userId, secrets).lean<TwoFactorDoc>();

const isEnabled = (doc: TwoFactorDoc | null): boolean => Boolean(doc?.enabledAt);

/** Ten new recovery codes: shown once, stored as their hashes. */
function newRecoveryCodes(ctx: AppContext): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  return { codes, hashes: codes.map((code) => hashRecoveryCode(ctx, code)) };
}

// --- The requirement (Ajustes) and its grace -------------------------------------------------

type Requirement = { required: boolean; setupBy: Date | null };

const appliesTo = (require: string, role: Role) =>
  require === 'everyone' || (require === 'admins' && role === ADMIN_ROLE);

/**
 * Whether Ajustes requires a second factor of this user and until when they may sign in without
 * one. `start`: their grace starts now if it hasn't under this requirement (a sign-in does;
 * Perfil only reads it, and shows no date before the first sign-in under it).
 */
async function requirementFor(
  ctx: AppContext,
  user: { _id: string; role: Role },
  { start }: { start: boolean },
): Promise<Requirement> {
  const policy = await twoFactorRequirement(ctx);
  if (!appliesTo(policy.require, user.role)) return { required: false, setupBy: null };
  const key = policy.since.toISOString();
  let doc = await read(ctx, user._id);
  if ((doc?.graceFor !== key || !doc.graceStartedAt) && start) {
    try {
      // Conditional on what was read, so two sign-ins at once start one grace.
      await ctx.models.TwoFactor.updateOne(
        { _id: user._id, graceFor: doc?.graceFor ?? null },
        { $set: { graceFor: key, graceStartedAt: ctx.clock.now() } },
        { upsert: true },
      );
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
    doc = await read(ctx, user._id);
  }
  const started = doc?.graceFor === key ? doc.graceStartedAt : undefined;
  return {
    required: true,
    setupBy: started ? new Date(started.getTime() + policy.graceDays * DAY_MS) : null,
  };
}

// --- Sign-in ---------------------------------------------------------------------------------

/** What the password step answers, past the password (auth.service.ts). */
export type AfterPassword =
  { kind: 'session'; setupBy?: Date } | { kind: 'challenge'; answer: TwoFactorChallenge };

/**
 * After a right password: a challenge for the code when the user has a second factor; when
 * Ajustes requires one they lack, a session and the end of their grace while it runs, then a
 * challenge to enrol one (with its QR code) instead of a session.
 */
export async function afterPassword(ctx: AppContext, user: SigningInUser): Promise<AfterPassword> {
  const userId = user.id;
  if (isEnabled(await read(ctx, userId))) {
    return {
      kind: 'challenge',
      answer: { twoFactor: { challenge: signChallenge(ctx, userId, 'code'), step: 'code' } },
    };
  }
  const { required, setupBy } = await requirementFor(
    ctx,
    { _id: userId, role: user.role },
    { start: true },
  );
  if (!required || !setupBy) return { kind: 'session' };
  if (setupBy > ctx.clock.now()) return { kind: 'session', setupBy };
  const setup = await setupTwoFactor(ctx, userId);
  return {
    kind: 'challenge',
    answer: { twoFactor: { challenge: signChallenge(ctx, userId, 'setup'), step: 'setup', setup } },
  };
}

/**
 * POST /api/user/login/two-factor: the challenge, then the brake (a wrong code counts as a wrong
 * password does: the attempt is reserved before the code is checked), then the code: a TOTP code
 * not used before, or an unused recovery code; for an enrolment, the code of the secret the login
 * showed, which enables it. Answers the login's answer (and the recovery codes, at enrolment).
 */
export async function signInWithCode(
  ctx: AppContext,
  body: TwoFactorLoginBody,
  client: Client,
): Promise<LoginResponse & { recoveryCodes?: string[] }> {
  const named = verifyChallenge(ctx, body.challenge);
  // byId: null for an id that is no ObjectId, without a read.
  const user = named ? await ctx.users.byId(named.userId) : null;
  if (!named || !user) throw unauthorized(TWO_FACTOR_MESSAGES.challengeExpired);
  const attempt = await reserveLoginAttempt(ctx, user.email, addressKey(client.ip));
  const userId = named.userId;
  try {
    if (named.step === 'setup') {
      const { recoveryCodes } = await enableTwoFactor(ctx, { userId }, body.code, {
        atSignIn: true,
      });
      await attempt.succeeded();
      return { ...(await openSession(ctx, user, client)), recoveryCodes };
    }
    await acceptCode(ctx, userId, body.code);
  } catch (error) {
    failedCode(ctx, userId, client);
    throw error;
  }
  await attempt.succeeded();
  return openSession(ctx, user, client);
}

/** Checks a code at sign-in and uses it up; throws the 400 (or 401) the person sees. */
async function acceptCode(ctx: AppContext, userId: string, typed: string): Promise<void> {
  const doc = await read(ctx, userId, '+secret');
  if (!isEnabled(doc) || !doc?.secret) throw unauthorized(TWO_FACTOR_MESSAGES.challengeExpired);
  const code = typed.replace(/\s/g, '');
  if (!/^\d+$/.test(code)) {
    await useRecoveryCode(ctx, userId, code);
    return;
  }
  const secret = decryptSecret(ctx, doc.secret);
  const step = secret === undefined ? null : stepOf(secret, code, ctx.clock.now());
  if (step === null) throw fieldError('code', TWO_FACTOR_MESSAGES.wrongCode);
  const { modifiedCount } = await ctx.models.TwoFactor.updateOne(
    { _id: userId, enabledAt: { $ne: null }, lastStep: { $lt: step } },
    { $set: { lastStep: step } },
  );
  if (modifiedCount === 0) throw fieldError('code', TWO_FACTOR_MESSAGES.codeUsed);
}

/** A recovery code used to sign in: it stops working in the same update that accepts it. */
async function useRecoveryCode(ctx: AppContext, userId: string, code: string): Promise<void> {
  const hash = hashRecoveryCode(ctx, code);
  const { modifiedCount } = await ctx.models.TwoFactor.updateOne(
    { _id: userId, enabledAt: { $ne: null }, recoveryCodes: hash },
    { $pull: { recoveryCodes: hash } },
  );
  if (modifiedCount === 0) throw fieldError('code', TWO_FACTOR_MESSAGES.wrongRecoveryCode);
  ctx.logger.info({ userId }, 'two-factor: recovery code used');
}

/** A wrong, replayed or refused code at sign-in (already counted by the brake). */
function failedCode(ctx: AppContext, userId: string, client: Client): void {
  ctx.audit.record({
    action: 'auth.signInFailed',
    actor: { userId },
    details: { reason: 'code' },
    from: client,
  });
  ctx.logger.info({ userId, address: addressKey(client.ip) }, 'two-factor: code refused');
}

// --- Perfil ----------------------------------------------------------------------------------

/** GET /api/me/two-factor */
export async function twoFactorStatus(
  ctx: AppContext,
  caller: { userId: string },
): Promise<TwoFactorStatus> {
  const [doc, user] = await Promise.all([
    ctx.models.TwoFactor.findById(caller.userId, '+recoveryCodes').lean<TwoFactorDoc>(),
    ctx.users.byId(caller.userId),
  ]);
  const { required, setupBy } = user
    ? await requirementFor(ctx, { _id: caller.userId, role: user.role }, { start: false })
    : { required: false, setupBy: null };
  const enabled = isEnabled(doc);
  return {
    enabled,
    enabledAt: enabled && doc?.enabledAt ? doc.enabledAt.toISOString() : null,
    recoveryCodesLeft: enabled ? (doc?.recoveryCodes?.length ?? 0) : 0,
    required,
    setupBy: !enabled && setupBy ? setupBy.toISOString() : null,
  };
}

/**
 * POST /api/me/two-factor/setup (and the login's enrolment): a new secret, kept encrypted as the
 * pending one until a code confirms it; its QR code drawn here, so the secret goes to no other
 * service. 409 when a second factor is on already.
 */
export async function setupTwoFactor(ctx: AppContext, userId: string): Promise<TwoFactorSetup> {
  const user = await ctx.users.byId(userId);
  if (!user) throw unauthorized(TWO_FACTOR_MESSAGES.challengeExpired);
  const secret = new Secret({ size: 20 }).base32;
  try {
    await ctx.models.TwoFactor.updateOne(
      { _id: userId, enabledAt: null },
      {
        $set: {
          pendingSecret: encryptSecret(ctx, secret),
          pendingExpiresAt: new Date(ctx.clock.now().getTime() + SETUP_TTL_MS),
        },
      },
      { upsert: true },
    );
  } catch (error) {
    // The filter missed a document that has it on: the upsert met its _id.
    if (isDuplicateKeyError(error)) throw conflict(TWO_FACTOR_MESSAGES.alreadyEnabled);
    throw error;
  }
  const uri = totpFor(secret, user.email).toString();
  const qrSvg = await QRCode.toString(uri, {
    type: 'svg',
    margin: 1,
    errorCorrectionLevel: 'M',
  });
  return { qrSvg, secret };
}

/**
 * POST /api/me/two-factor/enable (and the login's enrolment): the code of the pending secret
 * turns it on, with ten new recovery codes; its time-step counts as used. Every other session of
 * the user ends (decided: they were opened with the password alone); at sign-in, every one.
 */
export async function enableTwoFactor(
  ctx: AppContext,
  caller: { userId: string; jti?: string },
  code: string,
  { atSignIn = false } = {},
): Promise<{ message: string; recoveryCodes: string[] }> {
  const now = ctx.clock.now();
  const doc = await read(ctx, caller.userId, '+pendingSecret');
  if (isEnabled(doc)) {
    if (atSignIn) throw unauthorized(TWO_FACTOR_MESSAGES.challengeExpired);
    throw conflict(TWO_FACTOR_MESSAGES.alreadyEnabled);
  }
  const pending = doc?.pendingSecret;
  const secret =
    pending && doc.pendingExpiresAt && doc.pendingExpiresAt > now
      ? decryptSecret(ctx, pending)
      : undefined;
  if (!pending || secret === undefined) {
    if (atSignIn) throw unauthorized(TWO_FACTOR_MESSAGES.challengeExpired);
    throw fieldError('code', TWO_FACTOR_MESSAGES.setupExpired);
  }
  const step = stepOf(secret, code.replace(/\s/g, ''), now);
  if (step === null) throw fieldError('code', TWO_FACTOR_MESSAGES.wrongCode);
  const { codes, hashes } = newRecoveryCodes(ctx);
  const { modifiedCount } = await ctx.models.TwoFactor.updateOne(
    { _id: caller.userId, enabledAt: null, pendingSecret: pending },
    {
      $set: { secret: pending, enabledAt: now, lastStep: step, recoveryCodes: hashes },
      $unset: { pendingSecret: 1, pendingExpiresAt: 1 },
    },
  );
  // Someone else's setup or enable came between: theirs stands.
  if (modifiedCount === 0) throw conflict(TWO_FACTOR_MESSAGES.alreadyEnabled);
  await endSessions(ctx, caller.userId, caller.jti ? { except: caller.jti } : {});
  ctx.logger.info({ userId: caller.userId }, 'two-factor: enabled');
  ctx.audit.record({ action: 'twoFactor.enabled', actor: { userId: caller.userId } });
  return { message: TWO_FACTOR_MESSAGES.enabled, recoveryCodes: codes };
}

/**
 * POST /api/me/two-factor/disable: with the current password (decided: a code would leave out a
 * user who lost their phone and signed in with a recovery code), checked through the sign-in
 * brake. Their sessions stay. Ajustes' requirement applies again at their next sign-in.
 */
export async function disableTwoFactor(
  ctx: AppContext,
  caller: { userId: string },
  currentPassword: string,
  ip: string,
): Promise<TwoFactorStatus> {
  await verifyCurrentPassword(ctx, caller.userId, currentPassword, ip);
  const removed = await removeSecondFactor(ctx, caller.userId);
  if (!removed) throw conflict(TWO_FACTOR_MESSAGES.notEnabled);
  ctx.logger.info({ userId: caller.userId }, 'two-factor: disabled');
  ctx.audit.record({ action: 'twoFactor.disabled', actor: { userId: caller.userId } });
  return twoFactorStatus(ctx, caller);
}

/** Takes the second factor off (its grace record stays); false when it wasn't on. */
async function removeSecondFactor(ctx: AppContext, userId: string): Promise<boolean> {
  const { modifiedCount } = await ctx.models.TwoFactor.updateOne(
    { _id: userId, enabledAt: { $ne: null } },
    {
      $unset: {
        secret: 1,
        enabledAt: 1,
        lastStep: 1,
        recoveryCodes: 1,
        pendingSecret: 1,
        pendingExpiresAt: 1,
      },
    },
  );
  return modifiedCount > 0;
}

// --- A system admin's (users/) ---------------------------------------------------------------

/** Whether the user has two-factor sign-in on. */
export async function hasTwoFactor(ctx: AppContext, userId: string): Promise<boolean> {
  return isEnabled(await read(ctx, userId));
}

/**
 * A system admin's reset (users/two-factor-reset.ts tells the user): the second factor goes and
 * every session of the user ends. False when they had none (nothing changes).
 */
export async function resetTwoFactor(ctx: AppContext, userId: string): Promise<boolean> {
  if (!(await removeSecondFactor(ctx, userId))) return false;
  // The admin who asked is the call's caller.
  ctx.audit.record({ action: 'twoFactor.reset', target: { kind: 'user', id: userId } });
  await endSessions(ctx, userId);
  return true;
}
