import { z } from 'zod';
import { PRIORITIES, REQUEST_STATUSES, REQUEST_TYPES, SOURCES_OF_CONTACT } from './constants.js';
import { objectIdSchema, requiredEmail, requiredText } from './fields.js';
import { CREATE_REQUEST_MESSAGES } from './messages.js';

const requestTypeSchema = z.enum(REQUEST_TYPES, {
  error: CREATE_REQUEST_MESSAGES.requestTypeRequired,
});
const optionalText = (max = 200) => z.string().trim().max(max);

/**
 * The event fields (§3). Their types are not given by the spec beyond the placeholders
 * "unknown", "pending" and 0; we chose text for paymentMethod and bussinesItem, numbers for
 * eventsQuantity, pax and amoutPaid, and a boolean (or "pending" until set) for
 * emailSentToCloseEvents, which the modal edits with a checkbox.
 */
export const requestEventFieldsSchema = z.object({
  paymentMethod: optionalText(),
  eventsQuantity: z.number().int().min(0).max(1_000_000),
  pax: z.number().int().min(0).max(10_000_000),
  bussinesItem: optionalText(),
  amoutPaid: z.number().min(0).max(1e12),
  emailSentToCloseEvents: z.union([z.boolean(), z.literal('pending')]),
  eventDate: z.iso.datetime({ offset: true }).nullable(),
});

/** The fields a person may change through PUT /api/form-contact/update/:id (§2, §6). */
export const requestEditableSchema = z.object({
  name: requiredText(CREATE_REQUEST_MESSAGES.nameRequired),
  email: requiredEmail(CREATE_REQUEST_MESSAGES.emailRequired, CREATE_REQUEST_MESSAGES.invalidEmail),
  jobPosition: optionalText(),
  company: optionalText(),
  contactNumber: optionalText(50),
  requestType: requestTypeSchema,
  status: z.enum(REQUEST_STATUSES),
  priority: z.enum(PRIORITIES),
  notes: z.array(z.string().max(5000)).max(1000),
  ...requestEventFieldsSchema.shape,
});
export const REQUEST_EDITABLE_FIELDS = Object.keys(requestEditableSchema.shape) as (keyof z.infer<
  typeof requestEditableSchema
>)[];

/** A request ("form-contact", "event") as the API returns it (§3). */
export const requestSchema = requestEditableSchema.extend({
  _id: objectIdSchema,
  /** Missing on requests that never got a number (shown as "unnasigned"). */
  requestNumber: z.number().int().positive().nullish(),
  message: z.string(),
  sourceOfContact: z.enum(SOURCES_OF_CONTACT),
  vendor: objectIdSchema.nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  /** Bumped by every update; sent back with an update so a stale save is refused (409). */
  version: z.number().int().nonnegative(),
});
export type Request = z.infer<typeof requestSchema>;
export const requestListSchema = z.array(requestSchema);

/**
 * PUT /api/form-contact/update/:id takes the whole request object (§7). The read-only fields
 * (_id, requestNumber, message, sourceOfContact, createdAt, vendor) may be sent back as they
 * came, but are never stored from this call; vendor changes only through assign-vendor.
 */
export const updateRequestBodySchema = requestEditableSchema.extend({
  version: requestSchema.shape.version,
  ...requestSchema
    .pick({
      _id: true,
      requestNumber: true,
      message: true,
      sourceOfContact: true,
      createdAt: true,
      vendor: true,
    })
    .partial().shape,
});
export type UpdateRequestBody = z.infer<typeof updateRequestBodySchema>;

/** POST /api/form-contact/crm-create: {name, email, requestType, message} (§5, §7). */
export const createRequestBodySchema = z.object({
  name: requiredText(CREATE_REQUEST_MESSAGES.nameRequired),
  email: requiredEmail(CREATE_REQUEST_MESSAGES.emailRequired, CREATE_REQUEST_MESSAGES.invalidEmail),
  requestType: requestTypeSchema,
  message: requiredText(CREATE_REQUEST_MESSAGES.messageRequired, 5000),
});
export type CreateRequestBody = z.infer<typeof createRequestBodySchema>;

/** PUT /api/user/assign-vendor: {formId, vendorId}; vendorId null unassigns (§7). */
export const assignVendorBodySchema = z.object({
  formId: objectIdSchema,
  vendorId: objectIdSchema.nullable(),
});
export type AssignVendorBody = z.infer<typeof assignVendorBodySchema>;

export const requestIdParamsSchema = z.object({ id: objectIdSchema });
