import { describe, expect, it } from 'vitest';
import { sameValue } from './same-value';

describe('sameValue', () => {
  it('compares primitives by identity and arrays and objects by contents', () => {
    expect(sameValue('a', 'a')).toBe(true);
    expect(sameValue(0, '0')).toBe(false);
    expect(sameValue(null, undefined)).toBe(false);
    expect(sameValue(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameValue(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(sameValue({ a: [1] }, { a: [1] })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 1, b: 2 })).toBe(false);
  });
});
