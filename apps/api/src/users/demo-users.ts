import type { Role } from '@crm/shared';
import type { Types } from 'mongoose';
import type { AppContext } from '../context.js';

/** A demo user as the seed makes them (seed/demo-data.ts). */
export type DemoUserRow = {
  _id: Types.ObjectId;
  name: string;
  lastName: string;
  email: string;
  role: Role;
};

/**
 * The demo seed's users (seed/, issue 34: the users are this feature's data): any user with one
 * of their emails goes, then they are stored in one insert, without a photo, all with this
 * password's hash.
 */
export async function replaceDemoUsers(
  ctx: Pick<AppContext, 'models'>,
  users: readonly DemoUserRow[],
  passwordHash: string,
): Promise<void> {
  const { User } = ctx.models;
  await User.deleteMany({ email: { $in: users.map((user) => user.email) } });
  await User.insertMany(users.map((user) => ({ ...user, photo: '', passwordHash })));
}
