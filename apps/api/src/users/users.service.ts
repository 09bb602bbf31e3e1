import bcrypt from 'bcrypt';
import {
  ACCOUNT_MESSAGES,
  ADMIN_ROLE,
  API_MESSAGES,
  FIELD_MESSAGES,
  normaliseEmail,
  type CreateUserBody,
  type UpdateUserBody,
  type User,
} from '@crm/shared';
import { emailChanged, endPasswordTokens, type EmailChangedUser } from '../account/index.js';
import { endSessions } from '../auth/index.js';
import type { AppContext } from '../context.js';
import { isDuplicateKeyError } from '../db/errors.js';
import { withLock } from '../db/lock.js';
import { AppError, conflict, notFound } from '../http/app-error.js';
import { deletePhotosOf } from '../profile/index.js';
import { releaseActivitiesOf, unassignRequestsOf } from '../requests/index.js';
import type { UserDoc } from './user.model.js';

// Never passwordHash (also deselected in the model).
const PUBLIC_FIELDS = {
  name: 1,
  lastName: 1,
  email: 1,
  role: 1,
  photo: 1,
  invitationPending: 1,
} as const;
type PublicUserDoc = Pick<
  UserDoc,
  '_id' | 'name' | 'lastName' | 'email' | 'role' | 'photo' | 'invitationPending'
>;

/**
 * Without §3's `events`: listing a user's requests cost a read of every assigned request, so
 * the user list grew with the requests (20 s at 100,000). request.vendor says the same, and
 * the board filters by it (docs/decisions.md, "Users without `events`").
 */
function toUserJson(user: PublicUserDoc): User {
  return {
    _id: user._id.toHexString(),
    name: user.name,
    lastName: user.lastName,
    email: user.email,
    role: user.role,
    photo: user.photo ?? '',
    // Only while invited (issue 23): everyone else's answer is as before.
    ...(user.invitationPending ? { invitationPending: true } : {}),
  };
}

const byName = new Intl.Collator('es', { sensitivity: 'base' });

// The users endpoints' reads, returned unrun so index-bound.test.ts explains what they run.
/** Every user, public fields only. */
export const usersQuery = (ctx: AppContext) =>
  ctx.models.User.find({}, PUBLIC_FIELDS).lean<PublicUserDoc[]>();
/** One user by id, public fields only. */
export const userQuery = (ctx: AppContext, id: string) =>
  ctx.models.User.findById(id, PUBLIC_FIELDS).lean<PublicUserDoc>();
/** The system admins, counted by the last-admin rule. */
export const ADMINS = { role: ADMIN_ROLE } as const;

/** GET /api/user/all: every user, sorted by name. Reads no request. */
export async function listUsers(ctx: AppContext): Promise<User[]> {
  const users = await usersQuery(ctx);
  return users
    .map(toUserJson)
    .sort((a, b) => byName.compare(a.name, b.name) || byName.compare(a.lastName, b.lastName));
}

/** GET /api/user/data/:userId. Reads no request. */
export async function getUser(ctx: AppContext, id: string): Promise<User> {
  const user = await userQuery(ctx, id);
  if (!user) throw notFound(API_MESSAGES.userNotFound);
  return toUserJson(user);
}

/**
 * A taken email is a 409 naming the field, so the form shows it under "Correo"; the unique
 * index on email is the only check, so no race slips past.
 */
const emailTaken = (error: unknown) =>
  isDuplicateKeyError(error)
    ? new AppError(409, API_MESSAGES.emailTaken, [
        { path: 'email', message: FIELD_MESSAGES.emailTaken },
      ])
    : error;

/** POST /api/user/create */
export async function createUser(ctx: AppContext, body: CreateUserBody): Promise<User> {
  const email = normaliseEmail(body.email);
  const passwordHash = await bcrypt.hash(body.password, ctx.config.bcryptRounds);
  try {
    const { password: _plain, ...fields } = body;
    const created = await ctx.models.User.create({ ...fields, email, passwordHash });
    const user = toUserJson(created);
    ctx.audit.record({
      action: 'user.created',
      target: { kind: 'user', id: user._id, label: `${user.name} ${user.lastName} <${email}>` },
      details: { role: user.role },
    });
    return user;
  } catch (error) {
    throw emailTaken(error);
  }
}

const ADMIN_LOCK = 'system-admins';

/** The last-admin rule: nobody may lock the office out (409). Call inside the admin lock. */
async function assertNotLastAdmin(ctx: AppContext, user: Pick<UserDoc, 'role'>): Promise<void> {
  if (user.role !== ADMIN_ROLE) return;
  const admins = await ctx.models.User.countDocuments(ADMINS);
  if (admins <= 1) throw conflict(API_MESSAGES.lastAdmin);
}

/**
 * PUT /api/user/update/:id by `adminId`. Nobody changes their own role (403), not even an admin.
 * A new password ends the user's existing sessions; a new email their pending links (issue 32).
 */
export async function updateUser(
  ctx: AppContext,
  id: string,
  body: UpdateUserBody,
  adminId: string,
): Promise<User> {
  const { User } = ctx.models;
  const email = normaliseEmail(body.email);
  let emailChangedFrom: EmailChangedUser | undefined;
  const updated = await withLock(ctx.models.Lock, ADMIN_LOCK, async () => {
    const existing = await User.findById(id, {
      role: 1,
      name: 1,
      lastName: 1,
      email: 1,
      invitationPending: 1,
    }).lean();
    if (!existing) throw notFound(API_MESSAGES.userNotFound);
    if (id === adminId && body.role !== existing.role) {
      throw new AppError(403, ACCOUNT_MESSAGES.ownRoleLocked);
    }
    if (body.role !== ADMIN_ROLE) await assertNotLastAdmin(ctx, existing);
    const set: Record<string, unknown> = {
      name: body.name,
      lastName: body.lastName,
      email,
      role: body.role,
    };
    if (body.password) {
      set.passwordHash = await bcrypt.hash(body.password, ctx.config.bcryptRounds);
    }
    // updateOne, then a read: FerretDB 1.x has no projections on findAndModify.
    const { matchedCount } = await User.updateOne({ _id: id }, { $set: set }).catch(
      (error: unknown) => {
        throw emailTaken(error);
      },
    );
    if (matchedCount === 0) throw notFound(API_MESSAGES.userNotFound);
    const fields = (['name', 'lastName', 'email', 'role'] as const).filter(
      (field) => existing[field] !== set[field],
    ) as string[];
    if (body.password) fields.push('password');
    const roleChanged = existing.role !== body.role;
    ctx.audit.record({
      action: roleChanged ? 'user.roleChanged' : 'user.updated',
      target: { kind: 'user', id },
      details: roleChanged ? { fields, from: existing.role, to: body.role } : { fields },
    });
    // Their sessions, reset and invitation links end with the old password (issue 23).
    if (body.password) await Promise.all([endSessions(ctx, id), endPasswordTokens(ctx, id)]);
    if (existing.email !== email) {
      emailChangedFrom = { ...existing, id: existing._id.toHexString() };
    }
    return getUser(ctx, id);
  });
  // Out of the lock: the mails' first try may take a while.
  if (emailChangedFrom) await emailChanged(ctx, emailChangedFrom, email);
  return updated;
}

/**
 * DELETE /api/user/delete/:id. Their requests become unassigned and their activities stay on
 * their requests without an owner (each recorded in the request's history as the admin's
 * doing: docs/decisions.md, "A deleted user's activities keep no owner"); their tokens stop
 * working.
 */
export async function deleteUser(ctx: AppContext, id: string, adminId: string): Promise<User> {
  const { User } = ctx.models;
  return withLock(ctx.models.Lock, ADMIN_LOCK, async () => {
    const existing = await User.findById(id, PUBLIC_FIELDS).lean<PublicUserDoc>();
    if (!existing) throw notFound(API_MESSAGES.userNotFound);
    // 409 like the last-admin rule beside it: the call is well formed and allowed, the account
    // is the one it must not be (issue 32: an admin would sign themselves out for good).
    if (id === adminId) throw conflict(ACCOUNT_MESSAGES.ownAccountDelete);
    await assertNotLastAdmin(ctx, existing);
    await User.deleteOne({ _id: id });
    ctx.audit.record({
      action: 'user.deleted',
      target: {
        kind: 'user',
        id,
        label: `${existing.name} ${existing.lastName} <${existing.email}>`,
      },
      details: { role: existing.role },
    });
    // Their photos' addresses are public: gone with them (profile/photo.model.ts).
    await deletePhotosOf(ctx, id);
    // After the delete, so an assignment racing with it is undone too.
    await unassignRequestsOf(ctx, id, adminId);
    await releaseActivitiesOf(ctx, id, adminId);
    return toUserJson(existing);
  });
}
