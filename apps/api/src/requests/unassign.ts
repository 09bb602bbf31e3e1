import type { AppContext } from '../context.js';
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
  await ctx.models.Request.updateMany(assignedTo(userId), {
    $set: { vendor: null },
    $push: { history: historyEntry(ctx.clock.now(), byId, 'vendor', userId, null) },
  });
}
