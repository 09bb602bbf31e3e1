type EditableElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * The value conversion of the Edit Request modal (§2): a checkbox yields a boolean, a number
 * input a number (0 when emptied), and the string "null" becomes null.
 */
export function readEditValue(element: EditableElement): string | number | boolean | null {
  if (element instanceof HTMLInputElement && element.type === 'checkbox') return element.checked;
  if (element instanceof HTMLInputElement && element.type === 'number') {
    return Number.isNaN(element.valueAsNumber) ? 0 : element.valueAsNumber;
  }
  if (element.value === 'null') return null;
  return element.value;
}
