import { describe, expect, it } from 'vitest';
import { addDays, dayOf, formatDue, quickDueDays } from './activity-due';

// Wednesday 9 December 2026, 12:00 in the runner's zone.
const NOW = new Date(2026, 11, 9, 12, 0);
const due = (dueDate: string, dueTime: string | null = null, done = false) => {
  const [year, month, day] = dueDate.split('-').map(Number);
  const [hour = 0, minute = 0] = (dueTime ?? '00:00').split(':').map(Number);
  const dueAt = new Date(year!, month! - 1, day, hour, minute).toISOString();
  return formatDue({ dueDate, dueTime, dueAt, done }, NOW);
};

describe('formatDue', () => {
  it('says today and tomorrow in words, with the time when there is one', () => {
    expect(due('2026-12-09', '15:00')).toEqual({ text: 'Hoy 15:00', overdue: false });
    expect(due('2026-12-10')).toEqual({ text: 'Mañana', overdue: false });
  });

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
});

describe('quickDueDays', () => {
  it('answers today, tomorrow and next week’s Monday', () => {
    expect(quickDueDays(NOW)).toEqual({
      today: '2026-12-09',
      tomorrow: '2026-12-10',
      nextWeek: '2026-12-14',
    });
    // From a Monday, next week's Monday is seven days on; from a Sunday, tomorrow.
    expect(quickDueDays(new Date(2026, 11, 14, 9)).nextWeek).toBe('2026-12-21');
    expect(quickDueDays(new Date(2026, 11, 13, 9)).nextWeek).toBe('2026-12-14');
  });

  it('counts calendar days across a month and a year', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(dayOf(new Date(2026, 0, 5))).toBe('2026-01-05');
  });
});
