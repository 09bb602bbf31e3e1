import type { InputHTMLAttributes, Ref } from 'react';
import { REQUEST_FORM_LABELS, requestEventFieldsSchema } from '@crm/shared';
import { TextInput } from '../../../components/ui/form-field';
import { useTypedText } from '../../../components/ui/use-typed-text';
import { eventDateToText, textToEventDate } from '../../../lib/format';
import { readEditValue } from './edit-value';

/**
 * How the "Evento" fields show the placeholders the server fills them with (§3: "unknown",
 * "pending", 0): as empty inputs that read "Pendiente", not as the raw words. The placeholder
 * value itself stays in the request: a field nobody touches is saved exactly as it came.
 */
export const PENDING_PLACEHOLDER = REQUEST_FORM_LABELS.pending;

/** The date's format, as every date of the product is written (the cards' dd/mm/yy, §9). */
const EVENT_DATE_FORMAT = 'dd/mm/aaaa';
export const EVENT_DATE_INVALID = REQUEST_FORM_LABELS.eventDateInvalid;

/** "Pendiente" says something about the value: dark enough to read (4.5:1 on white). */
const READABLE_PLACEHOLDER = 'placeholder:text-slate-500!';

/** The text placeholder of paymentMethod and bussinesItem (§3), and its older empty form. */
const isTextPlaceholder = (value: string) => value === 'unknown' || value === '';

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'defaultValue' | 'onChange' | 'type'
> & {
  /** The form's ref for the field (useZodForm's `fieldRef`), so it can put the focus here. */
  ref?: Ref<HTMLInputElement>;
};

export type PlaceholderTextInputProps = InputProps & {
  value: string;
  /** The value the field started from: emptying the field gives back its placeholder. */
  initial: string;
  onValue: (value: string) => void;
};

/**
 * paymentMethod, bussinesItem: "unknown" shows as an empty input reading "Pendiente". Emptying
 * what was typed gives back the placeholder the field had ("unknown", or "" on older requests),
 * which the §5 rules count as missing either way, so nothing reads as changed.
 */
export function PlaceholderTextInput({
  value,
  initial,
  onValue,
  ...props
}: PlaceholderTextInputProps) {
  const empty = isTextPlaceholder(initial) ? initial : 'unknown';
  return (
    <TextInput
      {...props}
      type="text"
      placeholder={PENDING_PLACEHOLDER}
      className={READABLE_PLACEHOLDER}
      value={isTextPlaceholder(value) ? '' : value}
      onChange={(event) => onValue(event.target.value === '' ? empty : event.target.value)}
    />
  );
}

export type PlaceholderNumberInputProps = InputProps & {
  value: number;
  onValue: (value: number) => void;
};

const numberText = (value: number) => (value === 0 ? '' : String(value));
const textNumber = (text: string) => (text === '' ? 0 : Number(text));

/**
 * eventsQuantity, pax, amoutPaid: 0 (§3's placeholder, "missing" for the closed stage, §5)
 * shows as an empty input reading "Pendiente"; an emptied input is 0 again (§2: a number input
 * yields a number). The text typed is kept as typed ("0.", "0.5"), and follows the value when it
 * changes from outside (a reset, a newer copy merged in).
 */
export function PlaceholderNumberInput({
  value,
  onValue,
  ref,
  ...props
}: PlaceholderNumberInputProps) {
  const inputRef = useTypedText(ref, (text) => textNumber(text) === value, numberText(value));
  return (
    <TextInput
      {...props}
      ref={inputRef}
      type="number"
      placeholder={PENDING_PLACEHOLDER}
      className={READABLE_PLACEHOLDER}
      defaultValue={numberText(value)}
      onChange={(event) => {
        const next = readEditValue(event.target);
        onValue(typeof next === 'number' ? next : 0);
      }}
    />
  );
}

/**
 * Whether an eventDate value is a day the request can store (§7's rule for it, from
 * @crm/shared), rather than text typed in the field that is not one yet ("15/0", "31/02/2026").
 */
export const isStoredDay = (value: string | null) =>
  requestEventFieldsSchema.shape.eventDate.safeParse(value).success;

/** The text a stored day (or text typed that is none) shows as in the field. */
const dayText = (value: string | null) =>
  isStoredDay(value) ? eventDateToText(value) : (value ?? '');

export type EventDateInputProps = InputProps & {
  /**
   * The stored form (midnight UTC), or null; or, while what is typed is not a day, that text:
   * the draft holds what the person typed, and the form's rules refuse it until it is a day.
   */
  value: string | null;
  onValue: (value: string | null) => void;
};

/**
 * eventDate as dd/mm/aaaa, like every date of the product. A text input, not a date input: a
 * date input writes the day in the browser's own format (mm/dd/yyyy in an English browser),
 * whatever the page's language. A day is stored as soon as the text is one; until then the
 * field says what it expects (`aria-invalid`, EVENT_DATE_INVALID under it) and the save waits.
 */
export function EventDateInput({ value, onValue, ref, ...props }: EventDateInputProps) {
  const inputRef = useTypedText(
    ref,
    (text) => text === value || textToEventDate(text) === value,
    dayText(value),
  );
  return (
    <TextInput
      {...props}
      ref={inputRef}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={EVENT_DATE_FORMAT}
      className={READABLE_PLACEHOLDER}
      aria-invalid={isStoredDay(value) ? props['aria-invalid'] : true}
      defaultValue={dayText(value)}
      onChange={(event) => {
        const typed = event.target.value;
        const day = textToEventDate(typed);
        onValue(day === undefined ? typed : day);
      }}
    />
  );
}
