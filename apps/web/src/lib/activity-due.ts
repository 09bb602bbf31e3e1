import { addDays, dayIn, systemTimeZone } from '@crm/shared';

// An activity's due day in the person's zone (issue 33). How a due moment reads ("Hoy 15:00",
// "Mañana", "12 dic") is @crm/shared's formatDue, with the zone of useTimeZone.

/** A day as `YYYY-MM-DD`, read in `timeZone` (the browser's when none is given: tests' days). */
export const dayOf = (date: Date, timeZone = systemTimeZone()): string => dayIn(date, timeZone);

/**
 * The quick choices of a due day: today, tomorrow, and next week's Monday (the first working day
 * of the coming week, not "seven days from now").
 */
export function quickDueDays(timeZone: string, now = new Date()) {
  const today = dayIn(now, timeZone);
  const toMonday = (8 - new Date(`${today}T00:00:00Z`).getUTCDay()) % 7 || 7;
  return { today, tomorrow: addDays(today, 1), nextWeek: addDays(today, toMonday) };
}
