import { dayIn, TIME_ZONES, wallClockOf } from '@crm/shared';

// Every date and time the web shows is read in the person's zone (issue 33): their preference's
// effective zone (api/preferences' useTimeZone), never the browser's by accident. The functions
// here take that zone; calendar days (eventDate, a due day) have no zone and never move.

/** The browser's own zone (the detected one, offered first in Perfil). */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The browser's zone when it is one a user may choose (TIME_ZONES), else null. */
export function detectedTimeZone(): string | null {
  const zone = browserTimeZone();
  return TIME_ZONES.includes(zone) ? zone : null;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** The time of day an instant shows in a zone: "15:04". */
export function timeIn(date: Date, timeZone: string): string {
  const wall = wallClockOf(date, timeZone);
  return `${twoDigits(wall.getUTCHours())}:${twoDigits(wall.getUTCMinutes())}`;
}

/** createdAt on a card: dd/mm/yy, the day it was in `timeZone` (§2, §9). */
export function formatCardDate(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const [year = '', mm = '', dd = ''] = dayIn(date, timeZone).split('-');
  return `${dd}/${mm}/${twoDigits(Number(year) % 100)}`;
}

// Calendar days (`YYYY-MM-DD`: a due day, a dashboard's period) have no zone: read at UTC
// midnight in UTC, they never shift with the person's or the browser's.
const calendarDay = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('es-CL', { ...options, timeZone: 'UTC' });
const LONG_DAY = calendarDay({ day: 'numeric', month: 'long', year: 'numeric' });
const SHORT_DAY = calendarDay({ day: 'numeric', month: 'short' });
const SHORT_DAY_YEAR = calendarDay({ day: 'numeric', month: 'short', year: 'numeric' });
const dateOf = (day: string) => new Date(`${day}T00:00:00Z`);

/** A day in short: "2 nov", or "3 ene 2027" `withYear` (without the "." or "de" some browsers add). */
export const formatShortDay = (day: string, withYear = false) =>
  (withYear ? SHORT_DAY_YEAR : SHORT_DAY)
    .format(dateOf(day))
    .replace(/\./g, '')
    .replace(/ de /g, ' ');

/** A day in full: "2 de noviembre de 2026". */
export const formatLongDay = (day: string) => LONG_DAY.format(dateOf(day));

/** A run of days: "1–30 de noviembre de 2026", "29 de diciembre de 2025 – 4 de enero de 2026". */
export const formatDayRange = (from: string, to: string) =>
  from === to ? formatLongDay(from) : LONG_DAY.formatRange(dateOf(from), dateOf(to));

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

/** Initials of a person for the round avatars (§2). */
export function initials(person: { name: string; lastName: string }): string {
  return `${person.name.trim().charAt(0)}${person.lastName.trim().charAt(0)}`.toUpperCase();
}

export function fullName(person: { name: string; lastName: string }): string {
  return `${person.name} ${person.lastName}`;
}

/** When something happened, to the minute (history, notes, sessions): "23/11/26 10:42" in `timeZone`. */
export function formatDateTime(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${formatCardDate(iso, timeZone)} ${timeIn(date, timeZone)}`;
}

/** A person in one glance (history, notes): "Ana C." from name and last name. */
export function shortName(person: { name: string; lastName: string }): string {
  const initial = person.lastName.trim().charAt(0).toUpperCase();
  return initial ? `${person.name.trim()} ${initial}.` : person.name.trim();
}
