import { ACTIVITY_LABELS, dayIn, type Activity } from '@crm/shared';
import { browserTimeZone, formatShortDay, timeIn } from './format';

// An activity's due moment on screen, in one place: the Edit Request modal's "Actividades", the
// board's card and the agenda all say it the same way ("Hoy 15:00", "Mañana", "12 dic"), in the
// person's zone (issue 33): a timed activity planned by someone in another zone shows its instant
// there; a day without a time is a calendar day and shows as planned.

/** A day as `YYYY-MM-DD`, read in `timeZone` (the browser's when none is given: tests' days). */
export const dayOf = (date: Date, timeZone = browserTimeZone()): string => dayIn(date, timeZone);

/** An activity's due day and time as read in `timeZone`: what its form shows and sends back. */
export function dueIn(
  activity: Pick<Activity, 'dueDate' | 'dueTime' | 'dueAt'>,
  timeZone: string,
): Pick<Activity, 'dueDate' | 'dueTime'> {
  const { dueDate, dueTime, dueAt } = activity;
  const at = new Date(dueAt);
  if (!dueTime || Number.isNaN(at.getTime())) return { dueDate, dueTime };
  return { dueDate: dayIn(at, timeZone), dueTime: timeIn(at, timeZone) };
}

/** `day` (`YYYY-MM-DD`) moved by `days`, as a calendar day (no clock, no DST). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The quick choices of a due day: today, tomorrow, and next week's Monday (the first working day
 * of the coming week, not "seven days from now").
 */
export function quickDueDays(timeZone: string, now = new Date()) {
  const today = dayIn(now, timeZone);
  const toMonday = (8 - new Date(`${today}T00:00:00Z`).getUTCDay()) % 7 || 7;
  return { today, tomorrow: addDays(today, 1), nextWeek: addDays(today, toMonday) };
}

export type DueView = {
  /** "Hoy 15:00", "Mañana", "12 dic", "3 ene 2027". */
  text: string;
  /** Not done and past: for a day without a time, once that day is over. */
  overdue: boolean;
};

/** How a due moment reads in `timeZone`, seen at `now` (today and tomorrow there too). */
export function formatDue(
  activity: Pick<Activity, 'dueDate' | 'dueTime' | 'dueAt' | 'done'>,
  timeZone: string,
  now = new Date(),
): DueView {
  const { dueAt, done } = activity;
  const { dueDate, dueTime } = dueIn(activity, timeZone);
  const today = dayIn(now, timeZone);
  let day: string;
  if (dueDate === today) day = ACTIVITY_LABELS.today;
  else if (dueDate === addDays(today, 1)) day = ACTIVITY_LABELS.tomorrow;
  else {
    day = formatShortDay(dueDate, dueDate.slice(0, 4) !== today.slice(0, 4));
  }
  const overdue = !done && (dueTime ? Date.parse(dueAt) < now.getTime() : dueDate < today);
  return { text: dueTime ? `${day} ${dueTime}` : day, overdue };
}
