import { ACTIVITY_LABELS, type Activity } from '@crm/shared';

// An activity's due moment on screen, in one place: the Edit Request modal's "Actividades", the
// board's card and the agenda all say it the same way ("Hoy 15:00", "Mañana", "12 dic").

/** A day as `YYYY-MM-DD`, read in the viewer's time zone. */
export function dayOf(date: Date): string {
  const mm = String(date.getMonth() + 1).padStart(2, '0');
  const dd = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${mm}-${dd}`;
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
export function quickDueDays(now = new Date()) {
  const today = dayOf(now);
  const toMonday = (8 - now.getDay()) % 7 || 7;
  return { today, tomorrow: addDays(today, 1), nextWeek: addDays(today, toMonday) };
}

const dayMonth = new Intl.DateTimeFormat('es', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayMonthYear = new Intl.DateTimeFormat('es', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

export type DueView = {
  /** "Hoy 15:00", "Mañana", "12 dic", "3 ene 2027". */
  text: string;
  /** Not done and past: for a day without a time, once that day is over. */
  overdue: boolean;
};

/** How a due moment reads, seen at `now` (today and tomorrow in the viewer's zone). */
export function formatDue(
  activity: Pick<Activity, 'dueDate' | 'dueTime' | 'dueAt' | 'done'>,
  now = new Date(),
): DueView {
  const { dueDate, dueTime, dueAt, done } = activity;
  const today = dayOf(now);
  let day: string;
  if (dueDate === today) day = ACTIVITY_LABELS.today;
  else if (dueDate === addDays(today, 1)) day = ACTIVITY_LABELS.tomorrow;
  else {
    const date = new Date(`${dueDate}T00:00:00Z`);
    const sameYear = dueDate.slice(0, 4) === today.slice(0, 4);
    day = (sameYear ? dayMonth : dayMonthYear).format(date).replace(/\.$/, '').replace(' de ', ' ');
  }
  const overdue = !done && (dueTime ? Date.parse(dueAt) < now.getTime() : dueDate < today);
  return { text: dueTime ? `${day} ${dueTime}` : day, overdue };
}
