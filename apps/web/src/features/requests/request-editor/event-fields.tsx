import { useEffect, useState, type ChangeEvent, type InputHTMLAttributes } from 'react';
import { TextInput } from '../../../components/ui/form-field';
import { eventDateToText, textToEventDate } from '../../../lib/format';
import { readEditValue } from './edit-value';

/**
 * How the "Evento" fields show the placeholders the server fills them with (§3: "unknown",
 * "pending", 0): as empty inputs that read "Pendiente", not as the raw words. The placeholder
 * value itself stays in the request: a field nobody touches is saved exactly as it came.
 */
export const PENDING_PLACEHOLDER = 'Pendiente';

/** The date's format, as every date of the product is written (the cards' dd/mm/yy, §9). */
export const EVENT_DATE_FORMAT = 'dd/mm/aaaa';
export const EVENT_DATE_INVALID = 'Fecha no válida: escríbela como dd/mm/aaaa';

/** "Pendiente" says something about the value: dark enough to read (4.5:1 on white). */
const READABLE_PLACEHOLDER = 'placeholder:text-slate-500!';

/** The text placeholder of paymentMethod and bussinesItem (§3), and its older empty form. */
const isTextPlaceholder = (value: string) => value === 'unknown' || value === '';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'>;

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
export function PlaceholderNumberInput({ value, onValue, ...props }: PlaceholderNumberInputProps) {
  const [text, setText] = useState(() => numberText(value));
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (textNumber(text) !== value) setText(numberText(value));
  }
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const next = readEditValue(event.target);
    const number = typeof next === 'number' ? next : 0;
    setText(event.target.value);
    setShown(number);
    onValue(number);
  };
  return (
    <TextInput
      {...props}
      type="number"
      placeholder={PENDING_PLACEHOLDER}
      className={READABLE_PLACEHOLDER}
      value={text}
      onChange={change}
    />
  );
}

export type EventDateInputProps = InputProps & {
  /** The stored form (midnight UTC), or null. */
  value: string | null;
  onValue: (value: string | null) => void;
  /** Whether the text typed is a day it can store; false until it is (see textToEventDate). */
  onValidChange: (valid: boolean) => void;
};

/**
 * eventDate as dd/mm/aaaa, like every date of the product. A text input, not a date input: a
 * date input writes the day in the browser's own format (mm/dd/yyyy in an English browser),
 * whatever the page's language. A day is stored as soon as the text is one; until then the
 * field says what it expects and the form keeps the last day it could read.
 */
export function EventDateInput({ value, onValue, onValidChange, ...props }: EventDateInputProps) {
  const [text, setText] = useState(() => eventDateToText(value));
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (textToEventDate(text) !== value) setText(eventDateToText(value));
  }
  const valid = textToEventDate(text) !== undefined;
  useEffect(() => onValidChange(valid), [onValidChange, valid]);
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.target.value;
    setText(typed);
    const next = textToEventDate(typed);
    if (next === undefined) return;
    setShown(next);
    onValue(next);
  };
  return (
    <TextInput
      {...props}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={EVENT_DATE_FORMAT}
      className={READABLE_PLACEHOLDER}
      aria-invalid={valid ? props['aria-invalid'] : true}
      value={text}
      onChange={change}
    />
  );
}
