import { z } from 'zod';
import { EMAIL_PATTERN } from './constants.js';
import { API_MESSAGES } from './messages.js';

/** A MongoDB ObjectId as 24 hex characters. */
export const objectIdSchema = z
  .string({ error: API_MESSAGES.invalidId })
  .regex(/^[0-9a-fA-F]{24}$/, API_MESSAGES.invalidId);
export type ObjectIdString = z.infer<typeof objectIdSchema>;

/** A string that must hold something besides blanks; `message` for both missing and blank. */
export function requiredText(message: string, max = 200) {
  return z.string({ error: message }).trim().min(1, message).max(max);
}

/** Required e-mail with the spec's two messages (required, then format). */
export function requiredEmail(requiredMessage: string, formatMessage: string) {
  return (
    z
      .string({ error: requiredMessage })
      .trim()
      .min(1, requiredMessage)
      .max(254)
      // Not `abort`: an aborted field would stop the form's cross-field checks (zod 4).
      .refine((email) => email === '' || EMAIL_PATTERN.test(email), formatMessage)
  );
}

/** Emails are unique case-insensitively: the stored form is trimmed and lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
