import type { Role } from '@crm/shared';
import type { Types } from 'mongoose';
import type { AppContext } from '../context.js';

/*
 * What other features read of the users (issue 34: the users are this feature's data; others
 * call these through index.ts). Each is one read per call, whatever the number of users: never a
 * read per user or per row.
 */

/** A user as a list of people shows them: id, name, last name, email and role. */
export type UserCard = { id: string; name: string; lastName: string; email: string; role: Role };

type StoredCard = {
  _id: Types.ObjectId;
  name: string;
  lastName: string;
  email: string;
  role: Role;
};

/** Every user, in one projected read (an import's executives, Inicio's team rows). */
export async function allUserCards(ctx: AppContext): Promise<UserCard[]> {
  const users = await ctx.models.User.find({}, 'name lastName email role').lean<StoredCard[]>();
  return users.map((user) => ({
    id: user._id.toHexString(),
    name: user.name,
    lastName: user.lastName,
    email: user.email,
    role: user.role,
  }));
}

/** Whether a user with this id exists (an id that is no ObjectId is nobody). */
export async function userExists(ctx: AppContext, id: string): Promise<boolean> {
  return (await ctx.models.User.exists({ _id: id })) !== null;
}
