import type { Types } from 'mongoose';
import type { RequestStatus } from '@crm/shared';
import type { AppContext } from '../../context.js';

/*
 * Issue 35: the requests whose executive (`vendor`) a user is and that hold customer mail no one
 * has read (`unreadEmails` > 0, raised by recordEmailReceived, cleared when someone opens the
 * request's "Correos"). The bell counts them beside the due activities; the agenda lists them
 * under "Correos sin leer" (agenda.service.ts). Both are one range of the index
 * { vendor, unreadEmails, _id }: the count reads what it counts, the list at most its limit.
 */

/** The owner's requests with unread customer mail. */
export const unreadMailFilter = (owner: Types.ObjectId) => ({
  vendor: owner,
  unreadEmails: { $gt: 0 },
});

/** How many of the owner's requests hold unread customer mail. */
export function countUnreadMail(ctx: AppContext, owner: Types.ObjectId): Promise<number> {
  return ctx.models.Request.countDocuments(unreadMailFilter(owner)).exec();
}

/** What a listed request shows, as read. */
export type UnreadMailDoc = {
  _id: Types.ObjectId;
  name: string;
  company?: string;
  status: RequestStatus;
  requestNumber?: number | null;
  unreadEmails: number;
};

/**
 * The list's read, unrun (index-bound.test.ts probes it): the index read backwards, so the most
 * unread come first, then the newest request; `limit` documents at most.
 */
export function unreadMailQuery(ctx: AppContext, owner: Types.ObjectId, limit: number) {
  return ctx.models.Request.find(
    unreadMailFilter(owner),
    'name company status requestNumber unreadEmails',
  )
    .sort({ unreadEmails: -1, _id: -1 })
    .limit(limit);
}
