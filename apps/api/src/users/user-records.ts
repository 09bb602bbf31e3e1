import type { Types } from 'mongoose';
import type { Role } from '@crm/shared';
import type { Models, UserDirectory } from '../context.js';

/*
 * What auth/, account/ and profile/ read and write of a user's own record (issue 34: the users
 * are this feature's data): sign-in's and the current-password check's hash, a session's role and
 * zone, Perfil's fields and photo, invitations, a new password or email. On the context with the
 * directory (`ctx.users`, user-lookups.ts), since users/ itself uses those features. Each is one
 * read or one write, the query its caller made before; conditional ones stay conditional.
 */

export type UserRecords = Omit<
  UserDirectory,
  'exists' | 'namesByIds' | 'all' | 'byId' | 'withRole' | 'byEmail' | 'emailTaken'
>;

type Stored = {
  _id: Types.ObjectId;
  name: string;
  lastName: string;
  email: string;
  role: Role;
};

const withHash = (user: Stored & { passwordHash: string }) => ({
  id: user._id.toHexString(),
  name: user.name,
  lastName: user.lastName,
  email: user.email,
  role: user.role,
  passwordHash: user.passwordHash,
});

/** The user records' reads and writes over the app's User model. */
export function userRecords({ User }: Pick<Models, 'User'>): UserRecords {
  return {
    async withPasswordByEmail(email) {
      const user = await User.findOne({ email }).select('+passwordHash').lean();
      return user ? withHash(user) : null;
    },
    async withPasswordById(id) {
      const user = await User.findById(id).select('+passwordHash').lean();
      return user ? withHash(user) : null;
    },
    async forSession(id) {
      const user = await User.findById(id, { role: 1, timeZone: 1 }).lean();
      return user
        ? { id: user._id.toHexString(), role: user.role, timeZone: user.timeZone ?? null }
        : null;
    },
    async profileOf(id) {
      const user = await User.findById(id, {
        name: 1,
        lastName: 1,
        email: 1,
        role: 1,
        photo: 1,
      }).lean();
      if (!user) return null;
      return {
        id: user._id.toHexString(),
        name: user.name,
        lastName: user.lastName,
        email: user.email,
        role: user.role,
        photo: user.photo ?? '',
      };
    },
    async invitedById(id) {
      const user = await User.findById(id, { name: 1, email: 1, invitationPending: 1 }).lean();
      if (!user) return null;
      return {
        id: user._id.toHexString(),
        name: user.name,
        email: user.email,
        invitationPending: Boolean(user.invitationPending),
      };
    },
    async createInvited(fields) {
      const user = await User.create({ ...fields, photo: '', invitationPending: true });
      return {
        id: user._id.toHexString(),
        name: user.name,
        lastName: user.lastName,
        email: user.email,
        role: user.role,
      };
    },
    async setPasswordHash(id, passwordHash, { acceptInvitation = false } = {}) {
      const { matchedCount } = await User.updateOne(
        { _id: id },
        acceptInvitation
          ? { $set: { passwordHash }, $unset: { invitationPending: 1 } }
          : { $set: { passwordHash } },
      );
      return matchedCount > 0;
    },
    async endInvitation(id) {
      await User.updateOne({ _id: id }, { $unset: { invitationPending: 1 } });
    },
    async setEmail(id, email) {
      const { matchedCount } = await User.updateOne({ _id: id }, { $set: { email } });
      return matchedCount > 0;
    },
    async setName(id, { name, lastName }) {
      const { matchedCount } = await User.updateOne({ _id: id }, { $set: { name, lastName } });
      return matchedCount > 0;
    },
    async photoOf(id) {
      return User.findById(id, { photo: 1 }).lean<{ photo?: string | null }>();
    },
    async swapPhoto(id, from, to) {
      const { matchedCount } = await User.updateOne(
        { _id: id, photo: from },
        { $set: { photo: to } },
      );
      return matchedCount > 0;
    },
    async endCalendarFeed(id) {
      await User.updateOne({ _id: id }, { $unset: { calendarSecretHash: 1 } });
    },
  };
}
