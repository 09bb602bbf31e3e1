import {
  API_MESSAGES,
  REQUEST_EDITABLE_FIELDS,
  type AssignVendorBody,
  type CreateRequestBody,
  type UpdateRequestBody,
} from '@crm/shared';
import type { AppContext } from '../context.js';
import { isDuplicateKeyError } from '../db/errors.js';
import { conflict, notFound } from '../http/app-error.js';
import type { RequestDoc } from './request.model.js';

const REQUEST_NUMBER_SEQUENCE = 'requestNumber';

/**
 * The request documents go out as they are read (lean): ObjectIds and Dates serialise to the
 * strings the shared schema expects, and no mapping pass is spent on a list of thousands.
 */
export type RequestJson = RequestDoc;

const newestFirst = (a: RequestJson, b: RequestJson) =>
  b.createdAt.getTime() - a.createdAt.getTime() ||
  b._id.toHexString().localeCompare(a._id.toHexString());

/**
 * GET /api/form-contact/all, newest first (the spec leaves the order open). Sorted here:
 * a few ms for thousands of requests, and no in-database sort on servers that sort slowly.
 */
export async function listRequests(ctx: AppContext): Promise<RequestJson[]> {
  const requests = await ctx.models.Request.find().lean<RequestJson[]>();
  return requests.sort(newestFirst);
}

/** The next request number from an atomic $inc on a counter document. */
async function nextRequestNumber(ctx: AppContext): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    try {
      const counter = await ctx.models.Counter.findOneAndUpdate(
        { _id: REQUEST_NUMBER_SEQUENCE },
        { $inc: { seq: 1 } },
        { upsert: true, new: true, lean: true },
      );
      if (counter) return counter.seq;
    } catch (error) {
      // Concurrent first upserts: the loser retries and finds the counter.
      if (!isDuplicateKeyError(error) || attempt > 3) throw error;
    }
  }
}

/**
 * POST /api/form-contact/crm-create: a request typed in by staff lands in "new request".
 * The unique index on requestNumber is the last word: should a number ever be handed out
 * twice (a server without atomic $inc across connections, such as FerretDB 1.x on SQLite),
 * the insert fails and the request takes the next number.
 */
export async function createRequest(
  ctx: AppContext,
  body: CreateRequestBody,
): Promise<RequestJson> {
  for (let attempt = 0; ; attempt++) {
    try {
      const created = await ctx.models.Request.create({
        ...body,
        requestNumber: await nextRequestNumber(ctx),
        status: 'new request',
        priority: 'mid',
        sourceOfContact: 'vendor',
        vendor: null,
        notes: [],
        createdAt: new Date(),
      });
      return created.toObject();
    } catch (error) {
      if (!isDuplicateKeyError(error) || attempt >= 20) throw error;
    }
  }
}

/**
 * PUT /api/form-contact/update/:id. Only the editable fields are written; the save must name
 * the version it was based on, so a save over someone else's newer changes is refused (409).
 */
export async function updateRequest(
  ctx: AppContext,
  id: string,
  body: UpdateRequestBody,
): Promise<RequestJson> {
  const { Request } = ctx.models;
  const changes = Object.fromEntries(REQUEST_EDITABLE_FIELDS.map((field) => [field, body[field]]));
  const updated = await Request.findOneAndUpdate(
    { _id: id, version: body.version },
    { $set: changes, $inc: { version: 1 } },
    { new: true },
  ).lean<RequestJson>();
  if (updated) return updated;
  if (await Request.exists({ _id: id })) throw conflict(API_MESSAGES.requestConflict);
  throw notFound(API_MESSAGES.requestNotFound);
}

/** DELETE /api/form-contact/delete/:id */
export async function deleteRequest(ctx: AppContext, id: string): Promise<RequestJson> {
  const deleted = await ctx.models.Request.findByIdAndDelete(id).lean<RequestJson>();
  if (!deleted) throw notFound(API_MESSAGES.requestNotFound);
  return deleted;
}

/**
 * PUT /api/user/assign-vendor. Writes only `vendor` and leaves `version` alone: the modal's
 * save sends assign-vendor and then the update based on the version it read (§2).
 */
export async function assignVendor(
  ctx: AppContext,
  { formId, vendorId }: AssignVendorBody,
): Promise<RequestJson> {
  if (vendorId !== null && !(await ctx.models.User.exists({ _id: vendorId }))) {
    throw notFound(API_MESSAGES.userNotFound);
  }
  const updated = await ctx.models.Request.findByIdAndUpdate(
    formId,
    { $set: { vendor: vendorId } },
    { new: true },
  ).lean<RequestJson>();
  if (!updated) throw notFound(API_MESSAGES.requestNotFound);
  return updated;
}
