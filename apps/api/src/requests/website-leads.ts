import { Types } from 'mongoose';
import type { Request } from '@crm/shared';
import type { AppContext } from '../context.js';
import { REQUEST_FIELDS_ONLY, type RequestDoc } from './request.model.js';
import { toRequestJson } from './requests.service.js';

/**
 * The website's (and API leads') requests still in "new request" created after a position (its createdAt, then
 * its _id), oldest first, at most `limit` (leads/'s recent leads, issue 34: read here, as the
 * requests are this feature's). One range of the { status, createdAt, _id } index from the
 * position on (read ascending), whatever the number of requests; the source is checked on the
 * documents.
 */
export async function websiteRequestsAfter(
  ctx: AppContext,
  after: { createdAt: Date; _id: string },
  limit: number,
): Promise<Request[]> {
  const { createdAt } = after;
  const found = await ctx.models.Request.find(
    {
      status: 'new request',
      // Issue 36: the leads another site or tool sends with a token come as the form's do.
      sourceOfContact: { $in: ['website', 'api'] },
      $or: [
        { createdAt: { $gt: createdAt } },
        { createdAt, _id: { $gt: new Types.ObjectId(after._id) } },
      ],
    },
    REQUEST_FIELDS_ONLY,
  )
    .sort({ createdAt: 1, _id: 1 })
    .limit(limit)
    .lean<RequestDoc[]>();
  return found.map(toRequestJson);
}
