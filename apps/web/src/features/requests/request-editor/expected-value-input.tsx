import type { ComponentProps } from 'react';
import { TextInput } from '../../../components/ui/form-field';
import { useTypedText } from './event-fields';

/** Digits grouped by dots, as people here write amounts: "12.340.000". */
const GROUPED = /^\d{1,3}(\.\d{3})+$/;

/**
 * What is typed, as the draft holds it: empty is none (null); digits (grouped or not) a number;
 * anything else NaN, which the shared rules refuse with their message under the field.
 */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const digits = GROUPED.test(trimmed) ? trimmed.replace(/\./g, '') : trimmed;
  return /^-?\d+(\.\d+)?$/.test(digits) ? Number(digits) : Number.NaN;
}

const amountText = (value: number | null) =>
  value === null || Number.isNaN(value) ? '' : String(value);

export type ExpectedValueInputProps = Omit<
  ComponentProps<'input'>,
  'value' | 'defaultValue' | 'onChange' | 'type'
> & {
  value: number | null;
  onValue: (value: number | null) => void;
};

/**
 * "Monto estimado" (issue 21): a whole amount, or empty for none. A text input (a number input
 * drops what it can't read, so a wrong amount would silently become none); what is typed stays
 * as typed and follows the value when it changes from outside (a reset, a newer copy).
 */
export function ExpectedValueInput({ value, onValue, ref, ...props }: ExpectedValueInputProps) {
  const inputRef = useTypedText(
    ref,
    (text) => Object.is(parseAmount(text), value),
    amountText(value),
  );
  return (
    <TextInput
      {...props}
      ref={inputRef}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      defaultValue={amountText(value)}
      onChange={(event) => onValue(parseAmount(event.target.value))}
    />
  );
}
