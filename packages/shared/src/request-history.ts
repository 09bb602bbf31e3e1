import { z } from 'zod';
import {
  FIELD_MAX_LENGTH,
  MAX_NOTES_PER_REQUEST,
  NOT_BLANK_PATTERN,
  REQUEST_STATUSES,
} from './constants.js';
import { maxLength, objectIdSchema } from './fields.js';
import { API_LEAD_TEXT } from './api-lead-text.js';
import { FIELD_MESSAGES } from './messages.js';
import { MAX_EXPECTED_VALUE, outcomeBodySchema } from './outcome.js';
import type { requestEditableSchema } from './request.js';

/**
 * Issue 25: the request's own fields a save (PUT /api/form-contact/update/:id) records, each
 * changed one as an entry of its name, `from`/`to` its value as text (historyValueText). The
 * status, notes, expected value and outcome keep their own entries.
 */
export const HISTORY_EDITED_FIELDS = [
  'name',
  'email',
  'jobPosition',
  'company',
  'contactNumber',
  'requestType',
  'priority',
  'paymentMethod',
  'bussinesItem',
  'eventsQuantity',
  'pax',
  'amoutPaid',
  'eventDate',
  'emailSentToCloseEvents',
] as const satisfies readonly (keyof z.infer<typeof requestEditableSchema>)[];
export type HistoryEditedField = (typeof HISTORY_EDITED_FIELDS)[number];

/** Each recorded field by the label the Edit Request modal gives it. */
export const HISTORY_EDITED_FIELD_LABELS: Record<HistoryEditedField, string> = {
  name: 'Nombre',
  email: 'Correo',
  jobPosition: 'Cargo',
  company: 'Compañía',
  contactNumber: 'Teléfono',
  requestType: 'Tipo de solicitud',
  priority: 'Prioridad',
  paymentMethod: 'Método de pago',
  bussinesItem: 'Rubro',
  eventsQuantity: 'Cantidad de eventos',
  pax: 'Pax',
  amoutPaid: 'Monto pagado',
  eventDate: 'Fecha del evento',
  emailSentToCloseEvents: 'Correo de cierre enviado',
};

export const isHistoryEditedField = (field: string): field is HistoryEditedField =>
  (HISTORY_EDITED_FIELDS as readonly string[]).includes(field);

/**
 * The longest text an entry keeps (a note's text, a field's value): a history of 40 long notes
 * stays a fraction of the document's limit. Longer ones keep their start and end in "…".
 */
export const HISTORY_TEXT_MAX_LENGTH = 500;
export const HISTORY_TEXT_ELLIPSIS = '…';

export function shortenHistoryText(text: string): string {
  if (text.length <= HISTORY_TEXT_MAX_LENGTH) return text;
  return text.slice(0, HISTORY_TEXT_MAX_LENGTH - 1) + HISTORY_TEXT_ELLIPSIS;
}

/** Whether an entry's text (maybe shortened) is this full text: how a note finds its author. */
export function isHistoryTextOf(stored: string, full: string): boolean {
  if (stored === full) return true;
  return (
    full.length > HISTORY_TEXT_MAX_LENGTH &&
    stored.length === HISTORY_TEXT_MAX_LENGTH &&
    stored.endsWith(HISTORY_TEXT_ELLIPSIS) &&
    full.startsWith(stored.slice(0, -1))
  );
}

/**
 * A field's value as an entry stores it: text as typed (shortened), numbers in digits, a date
 * as its ISO instant, `true`/`false`/`pending` for the closing email, null for none.
 */
export function historyValueText(value: string | number | boolean | Date | null | undefined) {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  return shortenHistoryText(String(value));
}

/**
 * What a request's history records (issue 12): stage moves, assignments and notes; and (issue
 * 20) its activities: `activity` (added: from null; deleted: to null; else its title changed),
 * `activityType` (type codes), `activityDue` (its due day and time, "2026-12-12 15:00" or
 * "2026-12-12"), `activityOwner` (user ids; null: no owner) and `activityDone` ("open" / "done":
 * completed or reopened). Each entry is written in the same single-document update as the
 * change it records. Issue 25: also each of HISTORY_EDITED_FIELDS a save changes; the entries of
 * one save share their `at` and `by`, and a note's text (and a value) longer than
 * HISTORY_TEXT_MAX_LENGTH is kept shortened.
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
  /**
   * Issue 33: an activity logged as already done (activities.log): `from` its type code, `to`
   * its outcome (null: none given).
   */
  'activityLogged',
  /** Issue 21: the expected value (from/to: the amount as text, null: none). */
  'expectedValue',
  /** Issue 21: the outcome (from/to: "won", "lost: <reason>", null: none). */
  'outcome',
  /**
   * Issue 24: created (or, with the "update" policy, updated) by an import; `to` is the file's
   * name, `from` null. Shown as importedHistoryText.
   */
  'imported',
  /**
   * Issue 36: sent by another site or tool with an API token (POST /api/leads): `by` the token's
   * owner, `to` its source name (null: none), `from` null. Shown as apiLeadHistoryText.
   */
  'apiLead',
  /** Issue 35: a mail written from the request (`to` its subject, `from` null). */
  'emailSent',
  /** Issue 35: a customer's mail joined the request (`from` the sender's address, `to` the subject). */
  'emailReceived',
  ...HISTORY_EDITED_FIELDS,
] as const;
export type HistoryField = (typeof HISTORY_FIELDS)[number];

/** How the history shows an `imported` entry: the request's source, with the file it came from. */
export const importedHistoryText = (fileName: string) => `Importado desde ${fileName}`;

/** How the history shows an `apiLead` entry: "Recibida por API (Landing verano)". */
export const apiLeadHistoryText = (sourceName: string | null) =>
  `Recibida por ${API_LEAD_TEXT.source(sourceName)}`;

/**
 * One change: when, by whom, and the value before and after. `from`/`to` are statuses for
 * `status`, user ids (null: unassigned) for `vendor`, and the note's text for `note` (from null:
 * added; to null: removed by a §7 update; shortened when long; entries written before issue 25
 * may hold none), and historyValueText's for the edited fields.
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
  /**
   * Issue 33: what was paid, asked with "Ganada" in the same dialog; only with a won outcome
   * (400 `amoutPaid` otherwise). Absent: the request keeps the amount it has.
   */
  amoutPaid: z
    .number({ error: FIELD_MESSAGES.amountPaidInvalid })
    .min(0, FIELD_MESSAGES.amountPaidInvalid)
    .max(MAX_EXPECTED_VALUE, FIELD_MESSAGES.amountPaidInvalid)
    .optional(),
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
