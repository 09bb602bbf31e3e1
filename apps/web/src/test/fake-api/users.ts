import { ACCOUNT_MESSAGES, ADMIN_ROLE, api, API_MESSAGES } from '@crm/shared';
import { endPasswordTokens } from './account';
import { db, addUser, publicUser, record, isAdmin } from './db';
import { fail, emailTaken, fake } from './http';

// The staff (users-endpoints), as users.service.ts answers.

const adminCount = () => db.users.filter(isAdmin).length;

const byName = new Intl.Collator('es', { sensitivity: 'base' });

export const userRoutes = [
  fake(api.users.get, ({ input, user }) => {
    if (input.params.userId !== user._id && !isAdmin(user)) {
      return fail(403, API_MESSAGES.forbidden);
    }
    const found = db.users.find((u) => u._id === input.params.userId);
    if (!found) return fail(404, API_MESSAGES.userNotFound);
    return publicUser(found);
  }),

  // By name, then last name, as the API sorts them (users.service.ts).
  fake(api.users.list, () =>
    db.users
      .map(publicUser)
      .sort((a, b) => byName.compare(a.name, b.name) || byName.compare(a.lastName, b.lastName)),
  ),

  fake(api.users.create, ({ input }) => {
    const email = input.body.email.toLowerCase();
    if (db.users.some((u) => u.email === email)) return emailTaken();
    return publicUser(addUser({ ...input.body, email }));
  }),

  fake(api.users.update, ({ input }) => {
    const user = db.users.find((u) => u._id === input.params.id);
    if (!user) return fail(404, API_MESSAGES.userNotFound);
    const email = input.body.email.toLowerCase();
    if (db.users.some((u) => u.email === email && u !== user)) return emailTaken();
    if (isAdmin(user) && input.body.role !== ADMIN_ROLE && adminCount() === 1) {
      return fail(409, API_MESSAGES.lastAdmin);
    }
    Object.assign(user, input.body, { email });
    // A new password ends the user's sessions (their token changes with the version).
    if ('password' in input.body && input.body.password) {
      user.sessionVersion = (user.sessionVersion ?? 0) + 1;
      // Issue 23: and the user's reset and invitation links (endPasswordTokens, account.ts).
      endPasswordTokens(user);
    }
    return publicUser(user);
  }),

  fake(api.users.remove, ({ input, user: admin }) => {
    const user = db.users.find((u) => u._id === input.params.id);
    if (!user) return fail(404, API_MESSAGES.userNotFound);
    if (user._id === admin._id) return fail(409, ACCOUNT_MESSAGES.ownAccountDelete);
    if (isAdmin(user) && adminCount() === 1) return fail(409, API_MESSAGES.lastAdmin);
    const deleted = publicUser(user);
    db.users = db.users.filter((u) => u !== user);
    // Their requests become unassigned, each recorded as the admin's doing (users.service.ts).
    for (const request of db.requests) {
      if (request.vendor !== user._id) continue;
      request.vendor = null;
      record(request._id, admin._id, 'vendor', user._id, null);
    }
    // Their activities stay on the requests without an owner (activities.service.ts).
    for (const [requestId, activities] of db.activities) {
      for (const activity of activities) {
        if (activity.ownerId !== user._id) continue;
        activity.ownerId = null;
        activity.version += 1;
        record(requestId, admin._id, 'activityOwner', user._id, null, activity);
      }
    }
    return deleted;
  }),
];
