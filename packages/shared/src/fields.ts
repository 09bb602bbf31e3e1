import { z } from 'zod';
import {
  FIELD_MAX_LENGTH,
  NOT_BLANK_PATTERN,
  PADDED_EMAIL_PATTERN,
  REQUIRED_SINGLE_LINE_PATTERN,
  SINGLE_LINE_PATTERN,
} from './constants.js';
import {
  optionalTextChecks,
  requiredEmailChecks,
  requiredFreeTextChecks,
  requiredTextChecks,
} from './field-checks.js';
import { API_MESSAGES } from './messages.js';

// The rules themselves are check lists (field-checks.ts), shared with the public form's
// zod/mini schema; the builders here put them on classic strings and add the OpenAPI metadata.
export { isSingleLine, maxLength } from './field-checks.js';

/*
 * The field builders every schema uses (issue 18). Text is checked as it was sent, in this
 * order: its length (so nothing below ever sees a huge value), then for one-line fields no
 * control character or line break, then trimmed, then required or formatted. Checking before the
 * trim is what lets the OpenAPI document state each rule exactly, as `maxLength` and `pattern`
 * over the value sent (`.meta`, as refinements are invisible to it); openapi.test.ts holds the
 * two to the same answers.
 *
 * Control characters per field:
 * - refused (400, FIELD_MESSAGES.notSingleLine) in one-line fields: names, last names, company,
 *   job position, contact number, payment method, business item, photo, every email, the board
 *   search `q`: they can't be typed into those inputs, would forge lines in mail and logs, and a
 *   NUL can't go into the regular expression `q` becomes (BSON cstring: the 500 of issue 18);
 * - refused by their own format in ids and cursors (hex, digits);
 * - kept, and stored as sent, in free text (the request's message, notes): multi-line by nature,
 *   and a NUL round-trips through MongoDB and FerretDB (both store BSON strings with their length);
 *   hostile-input.test.ts stores and reads one back.
 */

/** A MongoDB ObjectId as 24 hex characters. */
export const objectIdSchema = z
  .string({ error: API_MESSAGES.invalidId })
  .max(FIELD_MAX_LENGTH.token, { message: API_MESSAGES.invalidId, abort: true })
  .regex(/^[0-9a-fA-F]{24}$/, API_MESSAGES.invalidId);
export type ObjectIdString = z.infer<typeof objectIdSchema>;

/**
 * An ObjectId as one option of a union with words ("me", "none") under the union's `message`:
 * it stops at its first failure because zod reports a union's own message only when every
 * option stopped, otherwise the id's "Invalid id" for "someone" would hide the union's message.
 */
export const objectIdOption = (message: string) =>
  z
    .string()
    .max(FIELD_MAX_LENGTH.token, { message, abort: true })
    .regex(/^[0-9a-fA-F]{24}$/, { message, abort: true });

/** A query schema's error map: unknown parameters are refused with 400, naming them. */
export const unknownParameter = (issue: z.core.$ZodRawIssue) =>
  issue.code === 'unrecognized_keys'
    ? `${API_MESSAGES.unknownParameter}: ${issue.keys.join(', ')}`
    : undefined;

/** One line that must hold something besides blanks; `message` for both missing and blank. */
export function requiredText(message: string, max: number = FIELD_MAX_LENGTH.name) {
  return z
    .string({ error: message })
    .check(...requiredTextChecks(message, max))
    .meta({ pattern: REQUIRED_SINGLE_LINE_PATTERN.source });
}

/** An optional line, trimmed and bounded ("" when blank); `error` when it is not a string. */
export function optionalText(max: number = FIELD_MAX_LENGTH.name, error?: string) {
  return z
    .string(error === undefined ? undefined : { error })
    .check(...optionalTextChecks(max))
    .meta({ pattern: SINGLE_LINE_PATTERN.source });
}

/**
 * Free text that must hold something besides blanks (a request's message): any character,
 * line breaks and control characters included, stored as sent once trimmed.
 */
export function requiredFreeText(message: string, max: number) {
  return z
    .string({ error: message })
    .check(...requiredFreeTextChecks(message, max))
    .meta({ pattern: NOT_BLANK_PATTERN.source });
}

/** Required e-mail with the spec's two messages (required, then format). */
export function requiredEmail(requiredMessage: string, formatMessage: string) {
  return (
    z
      .string({ error: requiredMessage })
      .check(...requiredEmailChecks(requiredMessage, formatMessage))
      // The refinement is invisible to OpenAPI; say what it checks, on the value as sent. No
      // `format: email`: RFC 5322 is not the rule (§5 is), and they disagree both ways.
      .meta({ pattern: PADDED_EMAIL_PATTERN.source })
  );
}

/**
 * An ISO 8601 date and time with `Z` or an offset, as zod checks it (`T` and `Z` upper-case,
 * seconds required, no leap second, a real calendar day). `format: date-time` alone would let
 * a client send what RFC 3339 allows and zod refuses ("t", "z", "23:59:60"), so the document also
 * gets zod's own pattern, with ASCII digits (Python's `\d` takes any script's).
 */
const DATE_TIME_PATTERN = z.core.regexes
  .datetime({ offset: true, local: false, precision: null })
  .source.replaceAll('\\d', '[0-9]');
export const dateTimeSchema = z.iso
  .datetime({ offset: true })
  .meta({ format: 'date-time', pattern: DATE_TIME_PATTERN });

/**
 * A whole number JSON can carry exactly (zod's `.int()` refuses beyond 2^53 - 1); the bound is
 * spelled out so the OpenAPI document states it too.
 */
export const safeIntegerSchema = z.number().int().max(Number.MAX_SAFE_INTEGER);

/** Emails are unique case-insensitively: the stored form is trimmed and lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
