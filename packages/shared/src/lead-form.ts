// The public form's body schema for the browser: POST /api/form-contact/create's rules
// (`publicLeadBodySchema`, leads.ts), built with zod/mini from the same check lists
// (field-checks.ts), because the /form page has a 30 kB budget and classic zod alone takes 24 kB
// of it. The API validates with the classic schema, whose builders also carry the OpenAPI
// metadata; lead-form.test.ts holds the two to the same answers, field by field.
import * as z from 'zod/mini';
import { FIELD_MAX_LENGTH, REQUEST_TYPES } from './constants.js';
import {
  altchaPayloadChecks,
  optionalTextChecks,
  requiredEmailChecks,
  requiredFreeTextChecks,
  requiredTextChecks,
} from './field-checks.js';
import {
  LEAD_FIELD_MAX_LENGTH,
  LEAD_HONEYPOT_FIELD,
  LEAD_MESSAGES,
  LEAD_PHONE_PATTERN,
} from './leads-text.js';
import { CREATE_REQUEST_MESSAGES, LOGIN_MESSAGES } from './messages.js';

/** An optional line of the public form: one line, trimmed, bounded, "" when left out. */
const optionalLeadText = (max: number) =>
  z.pipe(
    z.optional(z.string({ error: LEAD_MESSAGES.textExpected }).check(...optionalTextChecks(max))),
    z.transform((value: string | undefined) => value ?? ''),
  );

/** The same fields, rules and messages as `publicLeadBodySchema`, in the same order. */
export const publicLeadFormSchema = z.object({
  name: z
    .string({ error: CREATE_REQUEST_MESSAGES.nameRequired })
    .check(...requiredTextChecks(CREATE_REQUEST_MESSAGES.nameRequired)),
  email: z
    .string({ error: CREATE_REQUEST_MESSAGES.emailRequired })
    .check(
      ...requiredEmailChecks(
        CREATE_REQUEST_MESSAGES.emailRequired,
        CREATE_REQUEST_MESSAGES.invalidEmail,
      ),
    ),
  requestType: z.enum(REQUEST_TYPES, { error: CREATE_REQUEST_MESSAGES.requestTypeRequired }),
  message: z
    .string({ error: CREATE_REQUEST_MESSAGES.messageRequired })
    .check(
      ...requiredFreeTextChecks(CREATE_REQUEST_MESSAGES.messageRequired, FIELD_MAX_LENGTH.message),
    ),
  company: optionalLeadText(LEAD_FIELD_MAX_LENGTH.company),
  jobPosition: optionalLeadText(LEAD_FIELD_MAX_LENGTH.jobPosition),
  contactNumber: optionalLeadText(LEAD_FIELD_MAX_LENGTH.contactNumber).check(
    z.refine((phone) => LEAD_PHONE_PATTERN.test(phone), LEAD_MESSAGES.invalidPhone),
  ),
  altcha: z.string({ error: LOGIN_MESSAGES.captchaRequired }).check(...altchaPayloadChecks()),
  [LEAD_HONEYPOT_FIELD]: z.optional(z.unknown()),
});
