import { describe, expect, it } from 'vitest';
import { formatMoney, formatNumber, parseAmount } from './money';

describe('formatMoney (the one money format, issue 33)', () => {
  it('writes pesos as people read them in Chile, without decimals', () => {
    expect(formatMoney(12_340_000, 'CLP')).toBe('$12.340.000');
  });

  it('groups thousands from 1.000 up, as es-CL does (es-ES would write 1500)', () => {
    expect(formatMoney(1500, 'CLP')).toBe('$1.500');
    expect(formatNumber(1500)).toBe('1.500');
  });

  it('rounds other currencies to whole units too', () => {
    expect(formatMoney(1234.56, 'USD')).toMatch(/1\.235/);
  });

  it('writes the digits alone while the currency is not known', () => {
    expect(formatMoney(4_500_000, undefined)).toBe('4.500.000');
  });
});

describe('parseAmount (what the amount field reads)', () => {
  it('reads an amount with or without its dots and currency sign', () => {
    expect(parseAmount('$ 1.500.000')).toBe(1_500_000);
    expect(parseAmount('$1.500.000')).toBe(1_500_000);
    expect(parseAmount(' 1500000 ')).toBe(1_500_000);
  });

  it('reads empty as none, and anything else as not an amount', () => {
    expect(parseAmount('  ')).toBeNull();
    expect(parseAmount('$')).toBeNaN();
    expect(parseAmount('12,5')).toBeNaN();
    expect(parseAmount('1.500 CLP')).toBeNaN();
  });
});
