import {
  CREATE_REQUEST_MESSAGES,
  EMAIL_PATTERN,
  FIELD_MESSAGES,
  LEAD_FIELD_MAX_LENGTH,
  LEAD_MESSAGES,
  LEAD_PHONE_PATTERN,
  REQUEST_TYPES,
  type LeadTextFields,
} from '@crm/shared/leads-text';

/** The form's fields as typed (before the API trims and checks them again). */
export type LeadFormValues = LeadTextFields;
export type LeadField = keyof LeadFormValues;
export type LeadFieldErrors = Partial<Record<LeadField, string>>;

const tooLong = (value: string, field: keyof typeof LEAD_FIELD_MAX_LENGTH) =>
  value.trim().length > LEAD_FIELD_MAX_LENGTH[field]
    ? FIELD_MESSAGES.tooLong(LEAD_FIELD_MAX_LENGTH[field])
    : undefined;

/**
 * The browser's copy of the API's rules (packages/shared/src/leads.ts), with the same §5
 * messages, so a person sees them before sending. Written without zod, which would weigh more
 * than this whole page; the API checks everything again and its field messages show the same way.
 */
export function validateLead(values: LeadFormValues): LeadFieldErrors {
  const errors: LeadFieldErrors = {};
  const name = values.name.trim();
  const email = values.email.trim();
  errors.name = !name ? CREATE_REQUEST_MESSAGES.nameRequired : tooLong(name, 'name');
  errors.email = !email
    ? CREATE_REQUEST_MESSAGES.emailRequired
    : (tooLong(email, 'email') ??
      (EMAIL_PATTERN.test(email) ? undefined : CREATE_REQUEST_MESSAGES.invalidEmail));
  errors.requestType = (REQUEST_TYPES as readonly string[]).includes(values.requestType)
    ? undefined
    : CREATE_REQUEST_MESSAGES.requestTypeRequired;
  errors.message = !values.message.trim()
    ? CREATE_REQUEST_MESSAGES.messageRequired
    : tooLong(values.message, 'message');
  errors.company = tooLong(values.company, 'company');
  errors.jobPosition = tooLong(values.jobPosition, 'jobPosition');
  errors.contactNumber =
    tooLong(values.contactNumber, 'contactNumber') ??
    (LEAD_PHONE_PATTERN.test(values.contactNumber.trim()) ? undefined : LEAD_MESSAGES.invalidPhone);
  for (const field of Object.keys(errors) as LeadField[]) {
    if (errors[field] === undefined) delete errors[field];
  }
  return errors;
}
