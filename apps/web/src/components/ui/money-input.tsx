import type { ComponentProps } from 'react';
import { formatNumber, parseAmount } from '@crm/shared';
import { TextInput } from './form-field';
import { useTypedText } from './use-typed-text';

export type MoneyInputProps = Omit<
  ComponentProps<'input'>,
  'value' | 'defaultValue' | 'onChange' | 'type'
> & {
  /** A whole amount, null for none; NaN while what is typed is not an amount. */
  value: number | null;
  onValue: (value: number | null) => void;
};

const amountText = (value: number | null) =>
  value === null || Number.isNaN(value) ? '' : formatNumber(value);

/** Whole amounts (not negative) are shown grouped as typed; anything else stays as typed. */
const isWhole = (amount: number | null): amount is number =>
  amount !== null && Number.isSafeInteger(amount) && amount >= 0;

/**
 * The text regrouped ("1500" → "1.500"), the caret kept after the same digits it followed.
 */
function regroup(input: HTMLInputElement, amount: number) {
  const text = formatNumber(amount);
  if (text === input.value) return;
  const caret = input.selectionStart ?? input.value.length;
  const digitsBefore = input.value.slice(0, caret).replace(/\D/g, '').length;
  let position = 0;
  for (let seen = 0; position < text.length && seen < digitsBefore; position += 1) {
    if (/\d/.test(text.charAt(position))) seen += 1;
  }
  input.value = text;
  input.setSelectionRange(position, position);
}

/**
 * An amount of money (issue 21's "Monto estimado", issue 33): a text input (a number input drops
 * what it can't read, so a wrong amount would silently become none) that groups the digits by
 * dots as they are typed ("4.500.000", @crm/shared's formatNumber) and reads "$ 1.500.000" as well.
 * Empty is none; anything else that is not an amount stays as typed and gives NaN, which the
 * shared rules refuse with their message under the field. It follows the value when it changes
 * from outside (a reset, a newer copy).
 */
export function MoneyInput({ value, onValue, ref, ...props }: MoneyInputProps) {
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
      onChange={(event) => {
        const amount = parseAmount(event.target.value);
        if (isWhole(amount)) regroup(event.target, amount);
        onValue(amount);
      }}
    />
  );
}
