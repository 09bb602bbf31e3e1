import { describe, expect, it } from 'vitest';
import { readEditValue } from './edit-value';

function input(type: string, value = '') {
  const element = document.createElement('input');
  element.type = type;
  element.value = value;
  return element;
}

function select(values: string[], chosen: string) {
  const element = document.createElement('select');
  for (const value of values) {
    const option = document.createElement('option');
    option.value = value;
    option.textContent = value;
    element.append(option);
  }
  element.value = chosen;
  return element;
}

describe('readEditValue (§2 value conversion when editing)', () => {
  it('a ticked checkbox yields true, an unticked one false', () => {
    const checkbox = input('checkbox');
    checkbox.checked = true;
    expect(readEditValue(checkbox)).toBe(true);
    checkbox.checked = false;
    expect(readEditValue(checkbox)).toBe(false);
  });

  it('a checkbox yields a boolean even when its value attribute is "null"', () => {
    const checkbox = input('checkbox', 'null');
    checkbox.checked = true;
    expect(readEditValue(checkbox)).toBe(true);
  });

  it('a number input yields a number', () => {
    expect(readEditValue(input('number', '12'))).toBe(12);
    expect(readEditValue(input('number', '2500.5'))).toBe(2500.5);
    expect(readEditValue(input('number', '0'))).toBe(0);
  });

  it('an emptied number input yields 0', () => {
    expect(readEditValue(input('number', ''))).toBe(0);
  });

  it('the string "null" becomes null, from an input or a select', () => {
    expect(readEditValue(input('text', 'null'))).toBeNull();
    expect(readEditValue(select(['null', 'low'], 'null'))).toBeNull();
  });

  it('other strings stay as they are (text, textarea, select, date)', () => {
    expect(readEditValue(input('text', 'ACME'))).toBe('ACME');
    expect(readEditValue(input('text', ''))).toBe('');
    expect(readEditValue(input('text', '42'))).toBe('42');
    expect(readEditValue(input('email', 'ana@crm.test'))).toBe('ana@crm.test');
    expect(readEditValue(input('date', '2026-05-10'))).toBe('2026-05-10');
    const textarea = document.createElement('textarea');
    textarea.value = 'Nullable note';
    expect(readEditValue(textarea)).toBe('Nullable note');
    expect(readEditValue(select(['low', 'mid', 'high'], 'mid'))).toBe('mid');
  });
});
