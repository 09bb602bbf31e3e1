import { z } from 'zod';
import {
  FIELD_MAX_LENGTH,
  MAX_NOTES_PER_REQUEST,
  NOT_BLANK_PATTERN,
  REQUEST_STATUSES,
} from './constants.js';
import { maxLength, objectIdSchema } from './fields.js';
import { FIELD_MESSAGES } from './messages.js';
import { outcomeBodySchema } from './outcome.js';

/**
 * What a request's history records (issue 12): stage moves, assignments and notes; and (issue
 * 20) its activities: `activity` (added: from null; deleted: to null; else its title changed),
 * `activityType` (type codes), `activityDue` (its due day and time, "2026-12-12 15:00" or
 * "2026-12-12"), `activityOwner` (user ids; null: no owner) and `activityDone` ("open" / "done":
 * completed or reopened). Each entry is written in the same single-document update as the
 * change it records.
 */
export const HISTORY_FIELDS = [
  'status',
  'vendor',
  'note',
  'activity',
  'activityType',
  'activityDue',
  'activityOwner',
  'activityDone',
  /** Issue 21: the expected value (from/to: the amount as text, null: none). */
  'expectedValue',
  /** Issue 21: the outcome (from/to: "won", "lost: <reason>", null: none). */
  'outcome',
] as const;
export type HistoryField = (typeof HISTORY_FIELDS)[number];

/**
 * One change: when, by whom, and the value before and after. `from`/`to` are statuses for
 * `status`, user ids (null: unassigned) for `vendor`, and the note's text for `note` (from null:
 * added; to null: removed by a §7 update).
 */
export const historyEntrySchema = z.object({
  at: z.iso.datetime({ offset: true }),
  /** The user who made the change; null for the website form or a since-deleted user's id. */
  by: objectIdSchema.nullable(),
  /** The user's name and last name as they are now (not stored); null when unknown or deleted. */
  byName: z.string().nullable(),
  field: z.enum(HISTORY_FIELDS),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** On activity entries only: which activity, and its title when the change was made. */
  activity: z.object({ _id: objectIdSchema, title: z.string() }).optional(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** GET /api/form-contact/:id/history: newest first. */
export const requestHistorySchema = z.object({ entries: z.array(historyEntrySchema) });
export type RequestHistory = z.infer<typeof requestHistorySchema>;

/** PATCH /api/form-contact/:id/status: applies only while the request is still in `from`. */
export const moveRequestBodySchema = z.object({
  from: z.enum(REQUEST_STATUSES),
  to: z.enum(REQUEST_STATUSES),
  /** Required when `to` is CERRADO (issue 21); refused (400) for any other stage. */
  outcome: outcomeBodySchema.optional(),
});
export type MoveRequestBody = z.infer<typeof moveRequestBodySchema>;

const noteText = z.string().max(FIELD_MAX_LENGTH.note, maxLength(FIELD_MAX_LENGTH.note));

/** POST /api/form-contact/:id/notes: a new note, at the top of the list (§2). */
export const addNoteBodySchema = z.object({
  text: noteText
    .refine((text) => text.trim() !== '', FIELD_MESSAGES.noteEmpty)
    .meta({ pattern: NOT_BLANK_PATTERN.source }),
});
export type AddNoteBody = z.infer<typeof addNoteBodySchema>;

/** PUT /api/form-contact/:id/notes/:index: applies only while the note still reads `from`. */
export const editNoteBodySchema = z.object({ from: z.string(), to: noteText });
export type EditNoteBody = z.infer<typeof editNoteBodySchema>;

/**
 * A note's position in the path: digits only, then a number. A coerced number would also take
 * " 5", "0x5" and "1e1", and OpenAPI would see a nullable, optional path parameter (Number(null)
 * is 0). Callers may pass the number: the path carries it as text (pathOf).
 */
const notePositionSchema: z.ZodType<number, string | number> = z
  .string()
  .regex(new RegExp(`^[0-9]{1,${String(MAX_NOTES_PER_REQUEST - 1).length}}$`))
  .pipe(
    z.coerce
      .number<string>()
      .int()
      .min(0)
      .max(MAX_NOTES_PER_REQUEST - 1),
  );

export const noteParamsSchema = z.object({ id: objectIdSchema, index: notePositionSchema });

/**
 * The notes a whole-list change removes and adds (a changed note is one of each), matched by
 * text as many times as each occurs: what a §7 update records in the history.
 */
export function diffNotes(
  before: readonly string[],
  after: readonly string[],
): { removed: string[]; added: string[] } {
  const removed = [...before];
  const added: string[] = [];
  for (const note of after) {
    const at = removed.indexOf(note);
    if (at === -1) added.push(note);
    else removed.splice(at, 1);
  }
  return { removed, added };
}
