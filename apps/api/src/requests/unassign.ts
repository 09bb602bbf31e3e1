import type { AppContext } from '../context.js';
import { eventsOf, withEvents } from './events/pending-events.js';
import { announce } from './events/publish.js';
import { historyEntry } from './history/history.service.js';

/** The requests of a user, unassigned when the user is deleted (the { vendor } index). */
export const assignedTo = (userId: string) => ({ vendor: userId });

/**
 * A deleted user's requests become unassigned (users.service.ts, issue 34: written here, as the
 * requests are this feature's), each change recorded in its history as `byId`'s doing: one
 * updateMany, whatever the number of requests.
 */
export async function unassignRequestsOf(
  ctx: AppContext,
  userId: string,
  byId: string,
): Promise<void> {
  const { Request } = ctx.models;
  const entry = historyEntry(ctx.clock.now(), byId, 'vendor', userId, null);
  // Issue 36: the ids first, to publish their events at once; one read, one write. A request
  // assigned to the user in between gets its event from the sweep, a few seconds later.
  const ids = (await Request.find(assignedTo(userId), '_id').lean()).map((doc) => String(doc._id));
  await Request.updateMany(
    assignedTo(userId),
    withEvents({ $set: { vendor: null }, $push: { history: entry } }, eventsOf([entry])),
  );
  announce(ctx, ...ids);
}
