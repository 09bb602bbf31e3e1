import { z } from 'zod';
import { EMAIL_PATTERN, FIELD_MAX_LENGTH } from './constants.js';
import { API_MESSAGES, FIELD_MESSAGES } from './messages.js';

/**
 * The length check every string starts with. `abort` stops the field there, so no pattern or
 * refinement after it ever runs on an over-long value.
 */
export const maxLength = (max: number) => ({ message: FIELD_MESSAGES.tooLong(max), abort: true });

/** A MongoDB ObjectId as 24 hex characters. */
export const objectIdSchema = z
  .string({ error: API_MESSAGES.invalidId })
  .max(FIELD_MAX_LENGTH.token, { message: API_MESSAGES.invalidId, abort: true })
  .regex(/^[0-9a-fA-F]{24}$/, API_MESSAGES.invalidId);
export type ObjectIdString = z.infer<typeof objectIdSchema>;

/** A string that must hold something besides blanks; `message` for both missing and blank. */
export function requiredText(message: string, max: number = FIELD_MAX_LENGTH.name) {
  return z.string({ error: message }).trim().max(max, maxLength(max)).min(1, message);
}

/** Optional free text, trimmed and bounded. */
export function optionalText(max: number = FIELD_MAX_LENGTH.name) {
  return z.string().trim().max(max, maxLength(max));
}

/** Required e-mail with the spec's two messages (required, then format). */
export function requiredEmail(requiredMessage: string, formatMessage: string) {
  return (
    z
      .string({ error: requiredMessage })
      .trim()
      .max(FIELD_MAX_LENGTH.email, maxLength(FIELD_MAX_LENGTH.email))
      .min(1, requiredMessage)
      // Not `abort`: an aborted field would stop the form's cross-field checks (zod 4).
      .refine((email) => email === '' || EMAIL_PATTERN.test(email), formatMessage)
      // The refinement is invisible to OpenAPI; say what it checks.
      .meta({ format: 'email', pattern: EMAIL_PATTERN.source })
  );
}

/** Emails are unique case-insensitively: the stored form is trimmed and lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
