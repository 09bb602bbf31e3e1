import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { MoneyInput } from './money-input';
import { setupUser } from '../../test/user';

/** The input as a form holds it: the value it reports is the value it is given back. */
function Field({ initial = null }: { initial?: number | null }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <>
      <MoneyInput aria-label="Monto" value={value} onValue={setValue} />
      <output data-testid="value">{String(value)}</output>
    </>
  );
}

const field = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Monto' });
const value = () => screen.getByTestId('value').textContent;

describe('MoneyInput (issue 33)', () => {
  it('shows an amount grouped by dots', () => {
    render(<Field initial={4_500_000} />);
    expect(field()).toHaveValue('4.500.000');
  });

  it('reads "$ 1.500.000" typed as 1500000 and shows it "1.500.000"', async () => {
    const user = setupUser();
    render(<Field />);
    await user.type(field(), '$ 1.500.000');
    expect(value()).toBe('1500000');
    expect(field()).toHaveValue('1.500.000');
  });

  it('groups the digits as they are typed, the caret after the digit typed', async () => {
    const user = setupUser();
    render(<Field />);
    await user.type(field(), '4500000');
    expect(field()).toHaveValue('4.500.000');
    expect(value()).toBe('4500000');

    // "1" typed after "4.": the dots move ("41.500.000"), the caret stays after the "1".
    await user.type(field(), '1', { initialSelectionStart: 2, initialSelectionEnd: 2 });
    expect(field()).toHaveValue('41.500.000');
    expect(field().selectionStart).toBe(2);
    expect(value()).toBe('41500000');
  });

  it('stays empty when emptied (none), and keeps what is not an amount as typed', async () => {
    const user = setupUser();
    render(<Field initial={200} />);
    await user.clear(field());
    expect(field()).toHaveValue('');
    expect(value()).toBe('null');

    await user.type(field(), '12,5');
    expect(field()).toHaveValue('12,5');
    expect(value()).toBe('NaN');
  });
});
