import { afterEach, describe, expect, it, vi } from 'vitest';
import { zonedDueAt } from '@crm/shared';
import { addDays, dayOf, dueIn, formatDue, quickDueDays } from './activity-due';

afterEach(() => {
  vi.unstubAllEnvs();
});

// The person's zone; the browser is elsewhere (issue 33: what shows follows the person's).
const ZONE = 'America/Santiago';
// Wednesday 9 December 2026, 12:00 in Santiago (15:00 UTC).
const NOW = zonedDueAt('2026-12-09', '12:00', ZONE);
const activity = (dueDate: string, dueTime: string | null = null, done = false, zone = ZONE) => ({
  dueDate,
  dueTime,
  dueAt: zonedDueAt(dueDate, dueTime, zone).toISOString(),
  done,
});
const due = (dueDate: string, dueTime: string | null = null, done = false) =>
  formatDue(activity(dueDate, dueTime, done), ZONE, NOW);

describe('formatDue', () => {
  it.each(['UTC', 'Asia/Tokyo'])(
    'says today and tomorrow in words, with the time (browser in %s)',
    (browser) => {
      vi.stubEnv('TZ', browser);
      expect(due('2026-12-09', '15:00')).toEqual({ text: 'Hoy 15:00', overdue: false });
      expect(due('2026-12-10')).toEqual({ text: 'Mañana', overdue: false });
    },
  );

  it('says other days as day and month, and the year when it is another', () => {
    expect(due('2026-12-12').text).toBe('12 dic');
    expect(due('2026-03-03', '08:30').text).toBe('3 mar 08:30');
    expect(due('2027-01-03').text).toBe('3 ene 2027');
  });

  it('is overdue once its time has passed, or for a day without time once that day is over', () => {
    expect(due('2026-12-09', '11:59').overdue).toBe(true);
    expect(due('2026-12-09').overdue).toBe(false);
    expect(due('2026-12-08').overdue).toBe(true);
    expect(due('2026-12-08', null, true).overdue).toBe(false);
  });

  it('shows a timed activity planned in another zone at its instant in the person’s zone', () => {
    // Planned for 10:00 in Madrid on the 10th: 06:00 in Santiago, tomorrow from NOW.
    const madrid = activity('2026-12-10', '10:00', false, 'Europe/Madrid');
    expect(formatDue(madrid, ZONE, NOW).text).toBe('Mañana 06:00');
    expect(dueIn(madrid, ZONE)).toEqual({ dueDate: '2026-12-10', dueTime: '06:00' });
    // A day without a time is a calendar day: it shows as planned.
    const allDay = activity('2026-12-10', null, false, 'Europe/Madrid');
    expect(formatDue(allDay, ZONE, NOW).text).toBe('Mañana');
    expect(dueIn(allDay, ZONE)).toEqual({ dueDate: '2026-12-10', dueTime: null });
  });
});

describe('quickDueDays', () => {
  it('answers today, tomorrow and next week’s Monday, in the person’s zone', () => {
    vi.stubEnv('TZ', 'Asia/Tokyo');
    expect(quickDueDays(ZONE, NOW)).toEqual({
      today: '2026-12-09',
      tomorrow: '2026-12-10',
      nextWeek: '2026-12-14',
    });
    // 23:30 on Sunday 13th in Santiago is already Monday 14th in Tokyo: Santiago's Sunday counts.
    expect(quickDueDays(ZONE, zonedDueAt('2026-12-13', '23:30', ZONE))).toEqual({
      today: '2026-12-13',
      tomorrow: '2026-12-14',
      nextWeek: '2026-12-14',
    });
    // From a Monday, next week's Monday is seven days on.
    expect(quickDueDays(ZONE, zonedDueAt('2026-12-14', '09:00', ZONE)).nextWeek).toBe('2026-12-21');
  });

  it('counts calendar days across a month and a year', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(dayOf(new Date('2026-01-05T12:00:00Z'), 'UTC')).toBe('2026-01-05');
  });
});
