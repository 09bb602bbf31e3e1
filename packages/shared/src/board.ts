import { z } from 'zod';
import { FIELD_MAX_LENGTH, PRIORITIES, REQUEST_STATUSES, REQUEST_TYPES } from './constants.js';
import { objectIdOption, optionalText, unknownParameter } from './fields.js';
import { API_MESSAGES } from './messages.js';
import { requestSchema } from './request.js';
import { OUTCOME_FILTERS } from './outcome.js';

/** Cards per column page: the board's first page and each "load more" (issue 11). */
export const BOARD_PAGE_SIZE = 50;
export const BOARD_MAX_PAGE_SIZE = 200;

/** "Mis solicitudes" and "Sin ejecutivo" in the executive filter. */
export const VENDOR_FILTER_ME = 'me';
export const VENDOR_FILTER_NONE = 'none';

/**
 * `next=`: the board's "Próxima acción" filter on each request's next activity (issue 20).
 * overdue: it is past due; today: due later today; week: due from now to the end of the 7th day
 * from today (today's included, overdue ones not); none: an open request without one. Days are
 * the caller's (their time zone, else APP_TIME_ZONE).
 */
export const NEXT_ACTION_FILTERS = ['overdue', 'today', 'week', 'none'] as const;
export type NextActionFilter = (typeof NEXT_ACTION_FILTERS)[number];

const vendorIdSchema = objectIdOption(API_MESSAGES.invalidId);

/**
 * The board's filters, shared by the board and a column's next page: `q` matches name, email,
 * company and contact number case-insensitively (a whole number also matches requestNumber),
 * `vendor` is a user id, "me" or "none" (unassigned).
 */
export const boardFilterShape = {
  // One line: a NUL or another control character can't be searched for, and a NUL can't go into
  // the regular expression the search becomes (issue 18).
  q: optionalText(FIELD_MAX_LENGTH.name).optional(),
  vendor: z
    .union([vendorIdSchema, z.literal(VENDOR_FILTER_ME), z.literal(VENDOR_FILTER_NONE)], {
      error: API_MESSAGES.invalidVendorFilter,
    })
    .optional(),
  priority: z.enum(PRIORITIES).optional(),
  requestType: z.enum(REQUEST_TYPES).optional(),
  next: z.enum(NEXT_ACTION_FILTERS).optional(),
  /** Issue 21's "Resultado": narrows CERRADO to won, lost or not yet said; open columns stay. */
  outcome: z.enum(OUTCOME_FILTERS).optional(),
};
export type BoardFilters = z.infer<z.ZodObject<typeof boardFilterShape>>;

/** Where a column's page ended: the last card's sort key (createdAt, then _id, both descending). */
export type BoardCursor = { createdAt: string; _id: string };

/**
 * A cursor is `<createdAt in milliseconds since 1970>-<_id>`: a format a pattern can state
 * exactly (so the OpenAPI document does), where every match names a position. Fifteen digits
 * reach the year 33,000, still a valid date. Not signed: it only names a position in an order
 * anyone may read from anyway. (Until issue 18 it was base64url of a JSON, which no pattern could
 * describe; a page open across that deploy gets one 400 on `cursor` and reads its board again.)
 */
export const BOARD_CURSOR_PATTERN = /^([0-9]{1,15})-([0-9a-f]{24})$/;

export const encodeBoardCursor = (position: BoardCursor): string =>
  `${Date.parse(position.createdAt)}-${position._id.toLowerCase()}`;

/** The position a cursor names, or null when it is not one this API hands out. */
export function decodeBoardCursor(cursor: string): BoardCursor | null {
  const [, ms, id] = BOARD_CURSOR_PATTERN.exec(cursor) ?? [];
  if (ms === undefined || id === undefined) return null;
  return { createdAt: new Date(Number(ms)).toISOString(), _id: id };
}

/**
 * Where a page ordered by an instant, then _id (both descending), ended: the audit log's
 * (issue 32) and a request's mails (issue 35). The board cursor's form, `<at in ms>-<_id>`.
 */
export type InstantCursor = { at: string; _id: string };

export const encodeInstantCursor = (position: InstantCursor): string =>
  encodeBoardCursor({ createdAt: position.at, _id: position._id });

export function decodeInstantCursor(cursor: string): InstantCursor | null {
  const position = decodeBoardCursor(cursor);
  return position && { at: position.createdAt, _id: position._id };
}

/**
 * A keyset cursor of BOARD_CURSOR_PATTERN's form as callers send it, decoded by `decode`; a bad
 * one is a 400 on its field.
 */
export const keysetCursorSchema = <Position>(decode: (cursor: string) => Position | null) =>
  z
    .string({ error: API_MESSAGES.invalidCursor })
    .regex(BOARD_CURSOR_PATTERN, API_MESSAGES.invalidCursor)
    .transform((cursor, ctx) => {
      const position = decode(cursor);
      // Unreachable past the pattern; kept so a change of one without the other stays a 400.
      if (!position) ctx.addIssue({ code: 'custom', message: API_MESSAGES.invalidCursor });
      return position ?? z.NEVER;
    });

/** A board cursor as callers send it, decoded. */
export const cursorSchema = keysetCursorSchema(decodeBoardCursor);

const limitSchema = z.coerce
  .number()
  .int()
  .min(1)
  .max(BOARD_MAX_PAGE_SIZE)
  .default(BOARD_PAGE_SIZE);

/** GET /api/form-contact/board?q&vendor&priority&requestType&limit */
export const boardQuerySchema = z.strictObject(
  { ...boardFilterShape, limit: limitSchema },
  { error: unknownParameter },
);
export type BoardQuery = z.input<typeof boardQuerySchema>;

/** GET /api/form-contact?status&cursor&limit and the board's filters: one column's next page. */
export const columnQuerySchema = z.strictObject(
  {
    ...boardFilterShape,
    limit: limitSchema,
    status: z.enum(REQUEST_STATUSES),
    /** Opaque; the previous page's `nextCursor`. Decoded here, so a bad one is a 400 on it. */
    cursor: cursorSchema.optional(),
  },
  { error: unknownParameter },
);
export type ColumnQuery = z.input<typeof columnQuerySchema>;

/** One page of a column, newest first; `count` is the column's total under the filters. */
export const columnPageSchema = z.object({
  items: z.array(requestSchema),
  nextCursor: z.string().nullable(),
  count: z.number().int().nonnegative(),
  /** The sum of the column's expected values under the filters (issue 21); none counts 0. */
  totalValue: z.number().nonnegative(),
  /**
   * CERRADO only (issue 33): its expected values under the filters, the won and the lost apart
   * (those closed without an outcome are in `totalValue` only), so won and lost never add up.
   */
  outcomeValues: z
    .object({ won: z.number().nonnegative(), lost: z.number().nonnegative() })
    .optional(),
});
export type ColumnPage = z.infer<typeof columnPageSchema>;

/**
 * The most `hiddenMatches` counts (issue 33): past it the board says "100+", and the count
 * stops reading.
 */
export const HIDDEN_MATCHES_CAP = 100;

/**
 * Issue 33: the board's filters that hide matches of a search, every one but `q` itself ("Ver
 * todas" drops these and keeps the search).
 */
export const HIDING_FILTER_KEYS = ['vendor', 'priority', 'requestType', 'next', 'outcome'] as const;

/** The five columns in board order, each with its count and first page. */
export const boardSchema = z.object({
  columns: z.array(columnPageSchema.extend({ status: z.enum(REQUEST_STATUSES) })),
  /**
   * Issue 33, only with a search `q` and at least one HIDING_FILTER_KEYS filter: how many
   * requests the search alone matches that those filters hide, at most HIDDEN_MATCHES_CAP
   * (`more`: there are more than that).
   */
  hiddenMatches: z
    .object({
      count: z.number().int().nonnegative().max(HIDDEN_MATCHES_CAP),
      more: z.boolean(),
    })
    .optional(),
});
export type Board = z.infer<typeof boardSchema>;
