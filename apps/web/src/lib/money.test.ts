import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

describe('formatMoney', () => {
  it('writes pesos as people read them in Chile, without decimals', () => {
    expect(formatMoney(12_340_000, 'CLP')).toBe('$12.340.000');
  });

  it('rounds other currencies to whole units too', () => {
    expect(formatMoney(1234.56, 'USD')).toMatch(/1\.235/);
  });
});
