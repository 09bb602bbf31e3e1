import { z } from 'zod';
import {
  FIELD_MAX_LENGTH,
  MAX_NOTES_PER_REQUEST,
  MAX_NOTES_TOTAL_LENGTH,
  PRIORITIES,
  REQUEST_STATUSES,
  REQUEST_TYPES,
  SOURCES_OF_CONTACT,
} from './constants.js';
import {
  dateTimeSchema,
  maxLength,
  objectIdSchema,
  optionalText,
  requiredEmail,
  requiredFreeText,
  requiredText,
  safeIntegerSchema,
} from './fields.js';
import { CREATE_REQUEST_MESSAGES, FIELD_MESSAGES } from './messages.js';
import { activitySchema } from './activity.js';
import { expectedValueSchema, outcomeBodySchema, outcomeSchema } from './outcome.js';

const requestTypeSchema = z.enum(REQUEST_TYPES, {
  error: CREATE_REQUEST_MESSAGES.requestTypeRequired,
});

/** Notes as §3 has them (strings), bounded one by one, in number and all together. */
export const notesSchema = z
  .array(z.string().max(FIELD_MAX_LENGTH.note, maxLength(FIELD_MAX_LENGTH.note)))
  .max(MAX_NOTES_PER_REQUEST, FIELD_MESSAGES.tooManyNotes(MAX_NOTES_PER_REQUEST))
  .refine(
    (notes) => notes.reduce((total, note) => total + note.length, 0) <= MAX_NOTES_TOTAL_LENGTH,
    FIELD_MESSAGES.notesTooLong(MAX_NOTES_TOTAL_LENGTH),
  )
  // JSON Schema can't add lengths up; the OpenAPI document says it in words.
  .meta({
    description: `Any text, line breaks and control characters included; at most ${MAX_NOTES_TOTAL_LENGTH} characters in all.`,
  });

/**
 * The event fields (§3). Their types are not given by the spec beyond the placeholders
 * "unknown", "pending" and 0; we chose text for paymentMethod and bussinesItem, numbers for
 * eventsQuantity, pax and amoutPaid, and a boolean (or "pending" until set) for
 * emailSentToCloseEvents, which the modal edits with a checkbox.
 */
export const requestEventFieldsSchema = z.object({
  paymentMethod: optionalText(FIELD_MAX_LENGTH.eventText),
  eventsQuantity: z.number().int().min(0).max(1_000_000),
  pax: z.number().int().min(0).max(10_000_000),
  bussinesItem: optionalText(FIELD_MAX_LENGTH.eventText),
  amoutPaid: z.number().min(0).max(1e12),
  emailSentToCloseEvents: z.union([z.boolean(), z.literal('pending')]),
  // zod's date-time pattern is linear; no length bound needed before it.
  eventDate: dateTimeSchema.nullable(),
});

/** The fields a person may change through PUT /api/form-contact/update/:id (§2, §6). */
export const requestEditableSchema = z.object({
  name: requiredText(CREATE_REQUEST_MESSAGES.nameRequired),
  email: requiredEmail(CREATE_REQUEST_MESSAGES.emailRequired, CREATE_REQUEST_MESSAGES.invalidEmail),
  jobPosition: optionalText(),
  company: optionalText(),
  contactNumber: optionalText(FIELD_MAX_LENGTH.contactNumber),
  requestType: requestTypeSchema,
  status: z.enum(REQUEST_STATUSES),
  priority: z.enum(PRIORITIES),
  notes: notesSchema,
  ...requestEventFieldsSchema.shape,
});
export const REQUEST_EDITABLE_FIELDS = Object.keys(requestEditableSchema.shape) as (keyof z.infer<
  typeof requestEditableSchema
>)[];

/** What a card shows of a request's next activity. */
export const nextActivitySchema = activitySchema.pick({
  _id: true,
  type: true,
  title: true,
  dueDate: true,
  dueTime: true,
  dueAt: true,
});
export type NextActivity = z.infer<typeof nextActivitySchema>;

/**
 * A request ("form-contact", "event") as the API returns it (§3). Its strings are not held to
 * today's input limits: a request stored under older, looser ones must still show.
 */
export const requestSchema = z.object({
  name: z.string(),
  email: z.string(),
  jobPosition: z.string(),
  company: z.string(),
  contactNumber: z.string(),
  requestType: z.enum(REQUEST_TYPES),
  status: z.enum(REQUEST_STATUSES),
  priority: z.enum(PRIORITIES),
  notes: z.array(z.string()),
  paymentMethod: z.string(),
  eventsQuantity: z.number(),
  pax: z.number(),
  bussinesItem: z.string(),
  amoutPaid: z.number(),
  emailSentToCloseEvents: requestEventFieldsSchema.shape.emailSentToCloseEvents,
  eventDate: dateTimeSchema.nullable(),
  _id: objectIdSchema,
  /** Missing on requests that never got a number (shown as "unnasigned"). */
  requestNumber: safeIntegerSchema.positive().nullish(),
  message: z.string(),
  sourceOfContact: z.enum(SOURCES_OF_CONTACT),
  vendor: objectIdSchema.nullable(),
  createdAt: dateTimeSchema,
  /**
   * Bumped by every update and note change (not by moves or assignments); sent back with an
   * update so a stale save is refused (409).
   */
  version: safeIntegerSchema.nonnegative(),
  /**
   * Bumped by every change of status. An update sent with an older one leaves the status alone:
   * a copy read before someone moved the request never moves it back (issue 12).
   */
  statusVersion: safeIntegerSchema.nonnegative(),
  /**
   * The request's next step: its open activity due first (issue 20), written in the same
   * single-document update as its activities, so it is never stale; null: none planned.
   */
  nextActivity: nextActivitySchema.nullable(),
  /** When the request entered its current stage: created, moved, or its status edited. */
  stageChangedAt: dateTimeSchema,
  /** Staff's estimate of its worth, a whole amount in APP_CURRENCY (issue 21); null: none. */
  expectedValue: z.number().nullable(),
  /** Won or lost (with its reason) on a closed request; null otherwise or not yet said. */
  outcome: outcomeSchema.nullable(),
  /**
   * Issue 35: the customer's mails no one has read yet (the card's mark); absent when none.
   * Cleared when someone opens the request's "Correos".
   */
  unreadEmails: safeIntegerSchema.positive().optional(),
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
  /** Issue 21: absent leaves it as stored. */
  expectedValue: expectedValueSchema.optional(),
  /**
   * Issue 21: required when this update moves the request into CERRADO; on a closed request it
   * sets or changes the outcome; refused (400) on an open one. Absent or null (a whole request
   * sent back as read, its `outcome` included) leaves it as stored: only leaving CERRADO clears it.
   */
  outcome: outcomeBodySchema.nullable().optional(),
  ...requestSchema
    .pick({
      _id: true,
      requestNumber: true,
      sourceOfContact: true,
      createdAt: true,
      vendor: true,
      statusVersion: true,
    })
    .extend({
      message: z.string().max(FIELD_MAX_LENGTH.message, maxLength(FIELD_MAX_LENGTH.message)),
    })
    .partial().shape,
});
export type UpdateRequestBody = z.infer<typeof updateRequestBodySchema>;

/** POST /api/form-contact/crm-create: {name, email, requestType, message} (§5, §7). */
export const createRequestBodySchema = z.object({
  name: requiredText(CREATE_REQUEST_MESSAGES.nameRequired),
  email: requiredEmail(CREATE_REQUEST_MESSAGES.emailRequired, CREATE_REQUEST_MESSAGES.invalidEmail),
  requestType: requestTypeSchema,
  message: requiredFreeText(CREATE_REQUEST_MESSAGES.messageRequired, FIELD_MAX_LENGTH.message),
});
export type CreateRequestBody = z.infer<typeof createRequestBodySchema>;

/** PUT /api/user/assign-vendor: {formId, vendorId}; vendorId null unassigns (§7). */
export const assignVendorBodySchema = z.object({
  formId: objectIdSchema,
  vendorId: objectIdSchema.nullable(),
});
export type AssignVendorBody = z.infer<typeof assignVendorBodySchema>;

export const requestIdParamsSchema = z.object({ id: objectIdSchema });
