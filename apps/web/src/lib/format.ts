/** createdAt on a card: dd/mm/yy in the viewer's time zone (§2, §9). */
export function formatCardDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const dd = String(date.getDate()).padStart(2, '0');
  const mm = String(date.getMonth() + 1).padStart(2, '0');
  const yy = String(date.getFullYear() % 100).padStart(2, '0');
  return `${dd}/${mm}/${yy}`;
}

/**
 * eventDate is a calendar day stored as midnight UTC. §3 displays it "shifted by the timezone
 * offset", which amounts to reading its UTC day: the day shown never moves with the viewer's zone.
 */
export function eventDateToInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  // The UTC calendar day; adding the offset and reading local fields slips a day across DST changes.
  return date.toISOString().slice(0, 10);
}

/** eventDate as the product writes every date: dd/mm/yyyy (its UTC day); empty when unset. */
export function eventDateToText(iso: string | null): string {
  const day = eventDateToInput(iso);
  return day ? day.split('-').reverse().join('/') : '';
}

/**
 * A day typed as dd/mm/yyyy (or d/m/yyyy, with "/", "-" or "." between) back to the stored
 * form (midnight UTC); null when the text is empty; undefined when it is not a real day
 * (31/02/2026) or not in that form.
 */
export function textToEventDate(text: string): string | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(trimmed);
  if (!match) return undefined;
  const [, day = '', month = '', year = ''] = match;
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00.000Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso) return undefined;
  return `${iso}T00:00:00.000Z`;
}

/** The value of a date input (yyyy-mm-dd) back to the stored form, or null when cleared. */
export function inputToEventDate(value: string): string | null {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000Z` : null;
}

/** Initials of a person for the round avatars (§2). */
export function initials(person: { name: string; lastName: string }): string {
  return `${person.name.trim().charAt(0)}${person.lastName.trim().charAt(0)}`.toUpperCase();
}

export function fullName(person: { name: string; lastName: string }): string {
  return `${person.name} ${person.lastName}`;
}

/** When something happened, to the minute (history, notes): "23/11/26 10:42", viewer's zone. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const hh = String(date.getHours()).padStart(2, '0');
  const min = String(date.getMinutes()).padStart(2, '0');
  return `${formatCardDate(iso)} ${hh}:${min}`;
}

/** A person in one glance (history, notes): "Ana C." from name and last name. */
export function shortName(person: { name: string; lastName: string }): string {
  const initial = person.lastName.trim().charAt(0).toUpperCase();
  return initial ? `${person.name.trim()} ${initial}.` : person.name.trim();
}
