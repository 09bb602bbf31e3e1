import type { Role } from '@crm/shared';
import { isValidObjectId, type Types } from 'mongoose';
import type { UserCard, UserDirectory } from '../context.js';
import type { Models } from '../context.js';
import { userRecords } from './user-records.js';

/*
 * What other features read of the users (issue 34: the users are this feature's data). On the
 * context as `ctx.users` (app-context.ts), since users/ itself uses features that need it. Each is
 * one read per call, whatever the number of users: never a read per user or per row.
 */

type StoredCard = {
  _id: Types.ObjectId;
  name: string;
  lastName: string;
  email: string;
  role: Role;
};

const CARD = 'name lastName email role';

const cardOf = (user: StoredCard): UserCard => ({
  id: user._id.toHexString(),
  name: user.name,
  lastName: user.lastName,
  email: user.email,
  role: user.role,
});

/** The users' directory over the app's User model, with the records' reads and writes. */
export function userDirectory({ User }: Pick<Models, 'User'>): UserDirectory {
  return {
    async exists(id) {
      return (await User.exists({ _id: id })) !== null;
    },
    async namesByIds(ids) {
      if (ids.length === 0) return new Map();
      const users = await User.find({ _id: { $in: ids } }, { name: 1, lastName: 1 }).lean<
        { _id: Types.ObjectId; name: string; lastName: string }[]
      >();
      return new Map(users.map((u) => [u._id.toHexString(), `${u.name} ${u.lastName}`]));
    },
    async all() {
      return (await User.find({}, CARD).lean<StoredCard[]>()).map(cardOf);
    },
    async byId(id) {
      if (!isValidObjectId(id)) return null;
      const user = await User.findById(id, CARD).lean<StoredCard>();
      return user ? cardOf(user) : null;
    },
    async withRole(role) {
      return (await User.find({ role }, CARD).lean<StoredCard[]>()).map(cardOf);
    },
    async byEmail(email) {
      const user = await User.findOne({ email }, CARD).lean<StoredCard>();
      return user ? cardOf(user) : null;
    },
    async emailTaken(email) {
      return (await User.exists({ email })) !== null;
    },
    ...userRecords({ User }),
  };
}
