import { z } from 'zod';
import { cursorSchema } from './board.js';
import { altchaPayloadSchema } from './captcha.js';
import { BLANKS, FIELD_MAX_LENGTH, REQUEST_TYPES } from './constants.js';
import {
  optionalText,
  requiredEmail,
  requiredFreeText,
  requiredText,
  unknownParameter,
} from './fields.js';
import {
  LEAD_HONEYPOT_FIELD,
  LEAD_MESSAGES,
  LEAD_PHONE_PATTERN,
  LEAD_FIELD_MAX_LENGTH,
} from './leads-text.js';
import { CREATE_REQUEST_MESSAGES } from './messages.js';
import { requestSchema } from './request.js';

export { API_LEAD_TEXT } from './api-lead-text.js';
export {
  LEAD_EMBED,
  LEAD_FIELD_MAX_LENGTH,
  LEAD_FORM_LABELS,
  LEAD_HONEYPOT_FIELD,
  LEAD_MAIL,
  LEAD_MESSAGES,
  LEAD_PHONE_PATTERN,
  LEAD_REQUEST_TYPE_LABELS,
  LEAD_UNVERIFIED_PREFIX,
  singleLine,
  type LeadMailFields,
} from './leads-text.js';

/** An optional line of the public form: one line, trimmed, bounded, "" when left out. */
const optionalLeadText = (max: number) =>
  optionalText(max, LEAD_MESSAGES.textExpected)
    .optional()
    .transform((value) => value ?? '');

/**
 * POST /api/form-contact/create, the public website form (issue 13). The four fields of Create
 * Request with §5's messages, the optional contact fields, the ALTCHA solution and the honeypot.
 */
export const publicLeadBodySchema = z.object({
  name: requiredText(CREATE_REQUEST_MESSAGES.nameRequired),
  email: requiredEmail(CREATE_REQUEST_MESSAGES.emailRequired, CREATE_REQUEST_MESSAGES.invalidEmail),
  requestType: z.enum(REQUEST_TYPES, { error: CREATE_REQUEST_MESSAGES.requestTypeRequired }),
  message: requiredFreeText(CREATE_REQUEST_MESSAGES.messageRequired, FIELD_MAX_LENGTH.message),
  company: optionalLeadText(LEAD_FIELD_MAX_LENGTH.company),
  jobPosition: optionalLeadText(LEAD_FIELD_MAX_LENGTH.jobPosition),
  contactNumber: optionalLeadText(LEAD_FIELD_MAX_LENGTH.contactNumber)
    .refine((phone) => LEAD_PHONE_PATTERN.test(phone), LEAD_MESSAGES.invalidPhone)
    // The same rule on the value as sent (one line, so its `\s` can only be blanks), for OpenAPI.
    .meta({ pattern: `^[0-9+().${BLANKS}-]*$` }),
  altcha: altchaPayloadSchema,
  /** The honeypot: any value at all means a bot (never refused, so a bot learns nothing). */
  [LEAD_HONEYPOT_FIELD]: z.unknown().optional(),
});
export type PublicLeadBody = z.infer<typeof publicLeadBodySchema>;
export type PublicLeadInput = z.input<typeof publicLeadBodySchema>;

/**
 * POST /api/leads (issue 36): the form's fields with its rules and messages, sent by another site
 * or tool with an API token instead of a captcha. No honeypot (a server sends what it means: a
 * tool's "homepage" must not make a lead vanish), and any other key is refused by name, so a
 * mapping's typo is told rather than dropped.
 */
export const apiLeadBodySchema = z.strictObject(
  publicLeadBodySchema.omit({ altcha: true, [LEAD_HONEYPOT_FIELD]: true }).shape,
  { error: unknownParameter },
);
export type ApiLeadBody = z.infer<typeof apiLeadBodySchema>;
export type ApiLeadInput = z.input<typeof apiLeadBodySchema>;

/**
 * Its answer: always this one message, whether the submission became a request, a note on the
 * same email's open request or was a bot's (the honeypot): nothing of the database, so the form
 * tells no one whether an email has an open request, nor its number (issue 18).
 */
export const publicLeadResponseSchema = z.strictObject({
  message: z.literal(LEAD_MESSAGES.success),
});
export type PublicLeadResponse = z.infer<typeof publicLeadResponseSchema>;

/**
 * GET /api/form-contact/website/recent?after: website requests created after a position of the
 * board's order (the `cursor` of the previous answer); without `after`, none, and the position
 * of "now" to start from.
 */
export const recentLeadsQuerySchema = z.strictObject(
  { after: cursorSchema.optional() },
  { error: unknownParameter },
);
export type RecentLeadsQuery = z.input<typeof recentLeadsQuerySchema>;

/** At most this many per answer; the next poll continues from the last one's position. */
export const RECENT_LEADS_LIMIT = 20;

export const recentLeadsSchema = z.object({
  /** Oldest first, so the board's notices come in the order the leads came. */
  items: z.array(requestSchema),
  /** Pass back as `after` on the next poll. */
  cursor: z.string(),
  /** How long to wait before the next poll (the server's setting, at most 30 s). */
  pollAfterMs: z.number().int().positive(),
});
export type RecentLeads = z.infer<typeof recentLeadsSchema>;
