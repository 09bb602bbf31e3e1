import {
  BOARD_COLUMNS,
  HISTORY_EDITED_FIELD_LABELS,
  MISSING_REQUEST_NUMBER,
  OUTCOME_LABELS,
  PRIORITY_LABELS,
  REQUEST_FORM_LABELS,
  REQUEST_SECTION_LABELS,
  SOURCE_OF_CONTACT_LABELS,
  type Request,
  type User,
  APP_LABELS,
  formatNumber,
} from '@crm/shared';
import { eventDateToText, fullName } from '../../../lib/format';
import { outcomeText } from '../outcome';
import { isStoredDay } from './event-fields';
import type { RequestField } from './merge-request';

/** Each field by the label the Edit Request modal gives it (§2, and the "Evento" section). */
export const FIELD_LABELS: Record<RequestField, string> = {
  // The fields a save records in the history (issue 25) carry the same labels there.
  ...HISTORY_EDITED_FIELD_LABELS,
  status: REQUEST_FORM_LABELS.status,
  vendor: REQUEST_FORM_LABELS.vendor,
  requestNumber: REQUEST_FORM_LABELS.number,
  sourceOfContact: REQUEST_FORM_LABELS.sourceOfContact,
  message: REQUEST_SECTION_LABELS.message,
  notes: REQUEST_SECTION_LABELS.notes,
  expectedValue: OUTCOME_LABELS.expectedValue,
  outcome: OUTCOME_LABELS.filter,
};

/** Shown for an empty text, so "nothing" is visible beside a value. */
const EMPTY_VALUE = REQUEST_FORM_LABELS.emptyValue;

type Person = Pick<User, '_id' | 'name' | 'lastName'>;

/** A field's value in words, as the modal shows it (labels of the selects, names of people). */
export function formatFieldValue(
  field: RequestField,
  fieldValue: Request[RequestField],
  users: readonly Person[],
): string {
  // The outcome (issue 21) is the one object: in its words, "Sin resultado" when none.
  if (field === 'outcome') return outcomeText(fieldValue as Request['outcome']);
  const value = fieldValue as Exclude<Request[RequestField], Request['outcome']>;
  if (value === null || value === undefined || value === '') {
    if (field === 'vendor') return APP_LABELS.noVendor;
    if (field === 'requestNumber') return MISSING_REQUEST_NUMBER;
    return EMPTY_VALUE;
  }
  switch (field) {
    case 'status':
      return BOARD_COLUMNS.find((column) => column.status === value)?.stageLabel ?? String(value);
    case 'priority':
      return PRIORITY_LABELS[value as Request['priority']];
    case 'sourceOfContact':
      return SOURCE_OF_CONTACT_LABELS[value as Request['sourceOfContact']];
    case 'vendor': {
      const user = users.find((candidate) => candidate._id === value);
      return user ? fullName(user) : String(value);
    }
    case 'eventDate':
      // A day typed that is not one yet (the draft keeps the text) shows as typed.
      return isStoredDay(String(value)) ? eventDateToText(String(value)) : String(value);
    case 'emailSentToCloseEvents':
      return value === true
        ? REQUEST_FORM_LABELS.yes
        : value === false
          ? REQUEST_FORM_LABELS.no
          : REQUEST_FORM_LABELS.pending;
    case 'notes':
      return (value as string[]).filter((note) => note !== '').join(' · ') || EMPTY_VALUE;
    case 'expectedValue':
      // As the amount field shows it (formatNumber): "4.500.000".
      return formatNumber(value as number);
    default:
      return String(value);
  }
}
