import * as z from 'zod/mini';
import { EMAIL_PATTERN, FIELD_MAX_LENGTH, REQUEST_TYPES } from '../../../../packages/shared/dist/constants.js';
import { LEAD_HONEYPOT_FIELD, LEAD_MESSAGES, LEAD_PHONE_PATTERN, LEAD_FIELD_MAX_LENGTH } from '../../../../packages/shared/dist/leads-text.js';
import { CREATE_REQUEST_MESSAGES, FIELD_MESSAGES } from '../../../../packages/shared/dist/messages.js';
const maxLength = (max: number) => ({ message: FIELD_MESSAGES.tooLong(max), abort: true });
const requiredText = (message: string, max: number = FIELD_MAX_LENGTH.name) => z.string({ error: message }).check(z.trim(), z.maxLength(max, maxLength(max)), z.minLength(1, message));
const requiredEmail = (r: string, f: string) => z.string({ error: r }).check(z.trim(), z.maxLength(FIELD_MAX_LENGTH.email, maxLength(FIELD_MAX_LENGTH.email)), z.minLength(1, r), z.refine((e) => e === '' || EMAIL_PATTERN.test(e), f));
const optionalLeadText = (max: number) => z.pipe(z.optional(z.string({ error: LEAD_MESSAGES.textExpected }).check(z.trim(), z.maxLength(max, maxLength(max)))), z.transform((v) => v ?? ''));
export const publicLeadBodySchema = z.object({
  name: requiredText(CREATE_REQUEST_MESSAGES.nameRequired),
  email: requiredEmail(CREATE_REQUEST_MESSAGES.emailRequired, CREATE_REQUEST_MESSAGES.invalidEmail),
  requestType: z.enum(REQUEST_TYPES, { error: CREATE_REQUEST_MESSAGES.requestTypeRequired }),
  message: requiredText(CREATE_REQUEST_MESSAGES.messageRequired, FIELD_MAX_LENGTH.message),
  company: optionalLeadText(LEAD_FIELD_MAX_LENGTH.company),
  jobPosition: optionalLeadText(LEAD_FIELD_MAX_LENGTH.jobPosition),
  contactNumber: optionalLeadText(LEAD_FIELD_MAX_LENGTH.contactNumber).check(z.refine((phone) => LEAD_PHONE_PATTERN.test(phone), LEAD_MESSAGES.invalidPhone)),
  altcha: z.string({ error: LEAD_MESSAGES.captchaRequired }).check(z.maxLength(FIELD_MAX_LENGTH.captcha, maxLength(FIELD_MAX_LENGTH.captcha)), z.minLength(1, LEAD_MESSAGES.captchaRequired)),
  [LEAD_HONEYPOT_FIELD]: z.optional(z.unknown()),
});
