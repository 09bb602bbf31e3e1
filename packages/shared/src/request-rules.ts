import { EDIT_REQUEST_MESSAGES } from './messages.js';
import type { FieldError } from './error.js';

/** Fields that must be filled once a request leaves "new request" (§5 Edit request). */
export const STAGE_REQUIRED_FIELDS = [
  'paymentMethod',
  'eventsQuantity',
  'pax',
  'sourceOfContact',
  'bussinesItem',
  'company',
  'jobPosition',
  'requestNumber',
  'vendor',
] as const;
/** Added to the list above when the status is "closed". */
export const CLOSED_REQUIRED_FIELDS = [
  ...STAGE_REQUIRED_FIELDS,
  'amoutPaid',
  'emailSentToCloseEvents',
] as const;

const isMissing = (value: unknown) => value === undefined || value === null || value === '';

/**
 * The §5 edit-request rules: computed on every change, never shown as errors and never
 * blocking a save. "Present" means not undefined, null or an empty string.
 */
export function checkStageRules(request: Readonly<Record<string, unknown>>): FieldError[] {
  const status = request.status;
  if (status === 'new request') return [];
  if (status === 'closed') {
    return CLOSED_REQUIRED_FIELDS.filter((field) => {
      const value = request[field];
      return isMissing(value) || value === 'unknown' || value === 'pending' || value === 0;
    }).map((field) => ({
      path: field,
      message: EDIT_REQUEST_MESSAGES.requiredNotUnknownOrZero(field),
    }));
  }
  return STAGE_REQUIRED_FIELDS.filter((field) => {
    const value = request[field];
    return isMissing(value) || value === 'unknown';
  }).map((field) => ({ path: field, message: EDIT_REQUEST_MESSAGES.requiredNotUnknown(field) }));
}
