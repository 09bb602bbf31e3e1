import type { AppContext } from '../context.js';
import type { InboxMessageDoc } from './inbox.models.js';

/*
 * The messages kept and not yet handled (issue 35): the emails feature matches each to its
 * request, or makes it a lead, then marks it handled. A message stays waiting until then, so a
 * crash mid-way leaves it for the next run.
 */

/** Up to `limit` waiting messages, oldest read first. */
export function waitingMessages(ctx: AppContext, limit: number): Promise<InboxMessageDoc[]> {
  return ctx.models.InboxMessage.find({ handledAt: null })
    .sort({ handledAt: 1, readAt: 1 })
    .limit(limit)
    .lean<InboxMessageDoc[]>();
}

/** The message is in its request (or was nothing to file): it waits no longer. */
export async function markHandled(ctx: AppContext, key: string, at: Date): Promise<void> {
  await ctx.models.InboxMessage.updateOne({ _id: key }, { $set: { handledAt: at } });
}
