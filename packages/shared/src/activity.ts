import { z } from 'zod';
import { ACTIVITY_TYPES, FIELD_MAX_LENGTH } from './constants.js';
import {
  dateTimeSchema,
  objectIdSchema,
  optionalText,
  requiredText,
  safeIntegerSchema,
} from './fields.js';
import { FIELD_MESSAGES } from './messages.js';

/*
 * Activities on a request (issue 20): the next steps of a sale (a call, a meeting, an email, a
 * task), each with a due day and optional time, an owner, and done or not. They are kept inside
 * the request document and change only through their own endpoints; every change is recorded
 * in the request's history in the same write.
 */

/**
 * A calendar day, `YYYY-MM-DD`, that exists, from 1900 to 2999: February 29th only in leap years
 * (1900, 2100, 2200, 2300, 2500… are not). Bounded so every day maps to an instant in every time
 * zone (Intl's years before 1 and JavaScript's 0-99 quirk never come up). Written with `[0-9]`,
 * so the OpenAPI document's readers (JSON Schema, Python) read the same rule.
 */
export const DUE_DATE_PATTERN = new RegExp(
  '^(?:' +
    '(?:19(?:0[48]|[2468][048]|[13579][26])|2[0-9](?:0[48]|[2468][048]|[13579][26])|2000|2400|2800)-02-29' +
    '|(?:19[0-9]{2}|2[0-9]{3})-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])' +
    '|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|02-(?:0[1-9]|1[0-9]|2[0-8]))' +
    ')$',
);
/** A time of day, `HH:MM`, 00:00 to 23:59. */
export const DUE_TIME_PATTERN = /^(?:[01][0-9]|2[0-3]):[0-5][0-9]$/;

export const activityTypeSchema = z.enum(ACTIVITY_TYPES, {
  error: FIELD_MESSAGES.activityTypeInvalid,
});

const activityTitleSchema = requiredText(
  FIELD_MESSAGES.activityTitleRequired,
  FIELD_MAX_LENGTH.activityTitle,
);

export const dueDateSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined
        ? FIELD_MESSAGES.activityDateRequired
        : FIELD_MESSAGES.activityDateInvalid,
  })
  .max(FIELD_MAX_LENGTH.token, { message: FIELD_MESSAGES.activityDateInvalid, abort: true })
  .regex(DUE_DATE_PATTERN, FIELD_MESSAGES.activityDateInvalid)
  .meta({ format: 'date' });

export const dueTimeSchema = z
  .string({ error: FIELD_MESSAGES.activityTimeInvalid })
  .max(FIELD_MAX_LENGTH.token, { message: FIELD_MESSAGES.activityTimeInvalid, abort: true })
  .regex(DUE_TIME_PATTERN, FIELD_MESSAGES.activityTimeInvalid);

/** An activity as the API answers it. */
export const activitySchema = z.object({
  _id: objectIdSchema,
  type: z.enum(ACTIVITY_TYPES),
  title: z.string(),
  /**
   * The due day, as the person who planned (or last rescheduled) it typed it: in their time zone
   * (their preference, else APP_TIME_ZONE).
   */
  dueDate: z.string(),
  /** The due time on that day; null: any time that day. */
  dueTime: z.string().nullable(),
  /** The instant it is due: dueDate at dueTime (or at the day's start) in that zone. */
  dueAt: dateTimeSchema,
  /** Who does it; null when their user was deleted. */
  ownerId: objectIdSchema.nullable(),
  done: z.boolean(),
  doneAt: dateTimeSchema.nullable(),
  doneBy: objectIdSchema.nullable(),
  createdAt: dateTimeSchema,
  createdBy: objectIdSchema.nullable(),
  /**
   * Issue 33: how a call, meeting, mail or task logged as done went ("Interesada, pide
   * cotización"); absent when none was given (and on planned ones).
   */
  outcome: z.string().optional(),
  /** Bumped by every change of this activity; sent back with a change (409 when stale). */
  version: safeIntegerSchema.nonnegative(),
});
export type Activity = z.infer<typeof activitySchema>;

/** GET /api/form-contact/:id/activities: planned ones first (nearest first), then done ones. */
export const activityListSchema = z.object({ items: z.array(activitySchema) });
export type ActivityList = z.infer<typeof activityListSchema>;

/** POST /api/form-contact/:id/activities. `ownerId` defaults to the request's executive. */
export const addActivityBodySchema = z.object({
  type: activityTypeSchema,
  title: activityTitleSchema,
  dueDate: dueDateSchema,
  dueTime: dueTimeSchema.nullable().optional(),
  ownerId: objectIdSchema.optional(),
});
export type AddActivityBody = z.infer<typeof addActivityBodySchema>;

/**
 * POST /api/form-contact/:id/activities/done (issue 33): a call, meeting, mail or task that
 * already happened, logged in one step: done now by the caller, who also owns it; its day and
 * time are now in the caller's zone. `outcome` is optional (blank: none).
 */
export const logActivityBodySchema = z.object({
  type: activityTypeSchema,
  title: activityTitleSchema,
  outcome: optionalText(FIELD_MAX_LENGTH.activityTitle).optional(),
});
export type LogActivityBody = z.infer<typeof logActivityBodySchema>;

/** The version a change of one activity was read at. */
const activityVersionSchema = safeIntegerSchema.nonnegative();

/**
 * PATCH /api/form-contact/:id/activities/:activityId: the fields sent change. `dueDate` and
 * `dueTime` are the due moment together: `dueDate` sets both (no `dueTime`: any time that day),
 * and a `dueTime` without its `dueDate` is a 400 on `dueTime`.
 */
export const changeActivityBodySchema = z
  .object({
    version: activityVersionSchema,
    type: activityTypeSchema.optional(),
    title: activityTitleSchema.optional(),
    dueDate: dueDateSchema.optional(),
    dueTime: dueTimeSchema.nullable().optional(),
    ownerId: objectIdSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.dueTime !== undefined && body.dueDate === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['dueTime'],
        message: FIELD_MESSAGES.activityTimeWithoutDate,
      });
    }
  })
  // The refinement is invisible to JSON Schema; this keyword says the same.
  .meta({ dependentRequired: { dueTime: ['dueDate'] } });
export type ChangeActivityBody = z.infer<typeof changeActivityBodySchema>;

/** POST …/complete and …/reopen: the version the activity was read at. */
export const activityVersionBodySchema = z.object({ version: activityVersionSchema });
export type ActivityVersionBody = z.infer<typeof activityVersionBodySchema>;

export const activityParamsSchema = z.object({ id: objectIdSchema, activityId: objectIdSchema });

/** A due moment as the history records it: "2026-12-12 15:00", or "2026-12-12" (any time). */
export const dueText = ({ dueDate, dueTime }: Pick<Activity, 'dueDate' | 'dueTime'>): string =>
  dueTime ? `${dueDate} ${dueTime}` : dueDate;

/**
 * The order of a request's activities: planned ones first, nearest due first (then the older
 * one, then by id), then done ones, the most recently done first.
 */
export function compareActivities(
  a: Pick<Activity, '_id' | 'done' | 'dueAt' | 'doneAt' | 'createdAt'>,
  b: Pick<Activity, '_id' | 'done' | 'dueAt' | 'doneAt' | 'createdAt'>,
): number {
  if (a.done !== b.done) return a.done ? 1 : -1;
  const byId = a._id < b._id ? -1 : a._id > b._id ? 1 : 0;
  if (a.done) return Date.parse(b.doneAt ?? '') - Date.parse(a.doneAt ?? '') || -byId;
  return (
    Date.parse(a.dueAt) - Date.parse(b.dueAt) ||
    Date.parse(a.createdAt) - Date.parse(b.createdAt) ||
    byId
  );
}
