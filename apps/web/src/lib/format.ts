import { formatDay, systemTimeZone, TIME_ZONES } from '@crm/shared';

// Every amount, number, date and time the web shows is written by @crm/shared's format.ts (issue
// 34), in the person's zone: their preference's effective zone (api/preferences' useTimeZone),
// never the browser's by accident. Here: the browser's zone as detected, the event date's field
// (a calendar day, no zone) and how people are named.

/** The browser's zone when it is one a user may choose (TIME_ZONES), else null. */
export function detectedTimeZone(): string | null {
  const zone = systemTimeZone();
  return TIME_ZONES.includes(zone) ? zone : null;
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
  return day ? formatDay(day) : '';
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

/** Initials of a person for the round avatars (§2). */
export function initials(person: { name: string; lastName: string }): string {
  return `${person.name.trim().charAt(0)}${person.lastName.trim().charAt(0)}`.toUpperCase();
}

export function fullName(person: { name: string; lastName: string }): string {
  return `${person.name} ${person.lastName}`;
}

/** A person in one glance (history, notes): "Ana C." from name and last name. */
export function shortName(person: { name: string; lastName: string }): string {
  const initial = person.lastName.trim().charAt(0).toUpperCase();
  return initial ? `${person.name.trim()} ${initial}.` : person.name.trim();
}
