import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, zonedDueAt } from '@crm/shared';
import { dayOf, quickDueDays } from './activity-due';

afterEach(() => {
  vi.unstubAllEnvs();
});

// The person's zone; the browser is elsewhere (issue 33). formatDue: shared's format.test.ts.
const ZONE = 'America/Santiago';
// Wednesday 9 December 2026, 12:00 in Santiago (15:00 UTC).
const NOW = zonedDueAt('2026-12-09', '12:00', ZONE);

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
