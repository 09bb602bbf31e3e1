import {
  API_MESSAGES,
  NEW_REQUEST_DEFAULTS,
  REQUEST_EDITABLE_FIELDS,
  type AssignVendorBody,
  type CreateRequestBody,
  type Request,
  type UpdateRequestBody,
} from '@crm/shared';
import type { AppContext } from '../context.js';
import { isDuplicateKeyError } from '../db/errors.js';
import { conflict, notFound } from '../http/app-error.js';
import type { RequestDoc } from './request.model.js';

const REQUEST_NUMBER_SEQUENCE = 'requestNumber';

/**
 * A stored request as the API answers it (the shared `Request`): each field named, so nothing
 * stored beside them (a future internal field) leaks, and ids and dates are strings.
 */
export function toRequestJson(doc: RequestDoc): Request {
  return {
    _id: doc._id.toHexString(),
    // Absent, as stored, on requests that never got a number ("unnasigned").
    ...(doc.requestNumber == null ? {} : { requestNumber: doc.requestNumber }),
    name: doc.name,
    email: doc.email,
    jobPosition: doc.jobPosition,
    company: doc.company,
    contactNumber: doc.contactNumber,
    message: doc.message,
    requestType: doc.requestType,
    status: doc.status,
    priority: doc.priority,
    vendor: doc.vendor ? doc.vendor.toHexString() : null,
    sourceOfContact: doc.sourceOfContact,
    notes: doc.notes,
    createdAt: doc.createdAt.toISOString(),
    eventDate: doc.eventDate ? doc.eventDate.toISOString() : null,
    paymentMethod: doc.paymentMethod,
    eventsQuantity: doc.eventsQuantity,
    pax: doc.pax,
    bussinesItem: doc.bussinesItem,
    amoutPaid: doc.amoutPaid,
    emailSentToCloseEvents: doc.emailSentToCloseEvents as Request['emailSentToCloseEvents'],
    version: doc.version,
  };
}

const newestFirst = (a: RequestDoc, b: RequestDoc) =>
  b.createdAt.getTime() - a.createdAt.getTime() ||
  b._id.toHexString().localeCompare(a._id.toHexString());

/**
 * GET /api/form-contact/all, newest first (the spec leaves the order open). Sorted here:
 * a few ms for thousands of requests, and no in-database sort on servers that sort slowly.
 */
export async function listRequests(ctx: AppContext): Promise<Request[]> {
  const requests = await ctx.models.Request.find().lean<RequestDoc[]>();
  return requests.sort(newestFirst).map(toRequestJson);
}

/** GET /api/form-contact/:id */
export async function getRequest(ctx: AppContext, id: string): Promise<Request> {
  const found = await ctx.models.Request.findById(id).lean<RequestDoc>();
  if (!found) throw notFound(API_MESSAGES.requestNotFound);
  return toRequestJson(found);
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
export async function createRequest(ctx: AppContext, body: CreateRequestBody): Promise<Request> {
  for (let attempt = 0; ; attempt++) {
    try {
      const created = await ctx.models.Request.create({
        ...NEW_REQUEST_DEFAULTS,
        notes: [],
        ...body,
        requestNumber: await nextRequestNumber(ctx),
        createdAt: new Date(),
      });
      return toRequestJson(created.toObject());
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
): Promise<Request> {
  const { Request } = ctx.models;
  const changes = Object.fromEntries(REQUEST_EDITABLE_FIELDS.map((field) => [field, body[field]]));
  const updated = await Request.findOneAndUpdate(
    { _id: id, version: body.version },
    { $set: changes, $inc: { version: 1 } },
    { new: true },
  ).lean<RequestDoc>();
  if (updated) return toRequestJson(updated);
  if (await Request.exists({ _id: id })) throw conflict(API_MESSAGES.requestConflict);
  throw notFound(API_MESSAGES.requestNotFound);
}

/** DELETE /api/form-contact/delete/:id */
export async function deleteRequest(ctx: AppContext, id: string): Promise<Request> {
  const deleted = await ctx.models.Request.findByIdAndDelete(id).lean<RequestDoc>();
  if (!deleted) throw notFound(API_MESSAGES.requestNotFound);
  return toRequestJson(deleted);
}

/**
 * PUT /api/user/assign-vendor. Writes only `vendor` and leaves `version` alone: the modal's
 * save sends assign-vendor and then the update based on the version it read (§2).
 */
export async function assignVendor(
  ctx: AppContext,
  { formId, vendorId }: AssignVendorBody,
): Promise<Request> {
  if (vendorId !== null && !(await ctx.models.User.exists({ _id: vendorId }))) {
    throw notFound(API_MESSAGES.userNotFound);
  }
  const updated = await ctx.models.Request.findByIdAndUpdate(
    formId,
    { $set: { vendor: vendorId } },
    { new: true },
  ).lean<RequestDoc>();
  if (!updated) throw notFound(API_MESSAGES.requestNotFound);
  return toRequestJson(updated);
}
