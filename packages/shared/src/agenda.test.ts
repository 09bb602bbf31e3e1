import { describe, expect, it } from 'vitest';
import { zonedDueAt } from './format.js';
import {
  AGENDA_BUCKETS,
  agendaBounds,
  agendaBucketOf,
  dueAtEnvelope,
  dueRange,
  isInDueRange,
} from './agenda.js';

// Issue 32: a date-only activity is due on its day as the viewer counts days, whatever zone it
// was planned in; the index envelope of a range holds every such activity's dueAt.

const ZONES = [
  'Pacific/Kiritimati',
  'Asia/Tokyo',
  'Europe/Madrid',
  'UTC',
  'America/Santiago',
  'America/Los_Angeles',
  'Pacific/Pago_Pago',
  'Etc/GMT+12',
];
const dateOnly = (dueDate: string, plannedIn: string) => ({
  dueDate,
  dueTime: null,
  dueAt: zonedDueAt(dueDate, null, plannedIn).toISOString(),
});

describe('date-only activities in the agenda’s ranges', () => {
  it('when seen from any zone, then its range follows the viewer’s day, not the planner’s', () => {
    // 10 May 05:00 in Los Angeles; already the 11th in Kiritimati and Tokyo.
    const now = new Date('2026-05-10T12:00:00.000Z');
    const viewer = agendaBounds(now, 'America/Los_Angeles');
    for (const plannedIn of ZONES) {
      expect(agendaBucketOf(dateOnly('2026-05-09', plannedIn), viewer), plannedIn).toBe('overdue');
      expect(agendaBucketOf(dateOnly('2026-05-10', plannedIn), viewer), plannedIn).toBe('today');
      expect(agendaBucketOf(dateOnly('2026-05-11', plannedIn), viewer), plannedIn).toBe('week');
      expect(agendaBucketOf(dateOnly('2026-05-18', plannedIn), viewer), plannedIn).toBe('later');
    }
  });

  it('when a timed one is seen, then its instant decides, as before', () => {
    const now = new Date('2026-05-10T12:00:00.000Z');
    const bounds = agendaBounds(now, 'UTC');
    const timed = (dueAt: string) => ({ dueDate: dueAt.slice(0, 10), dueTime: '10:00', dueAt });
    expect(agendaBucketOf(timed('2026-05-10T11:59:00.000Z'), bounds)).toBe('overdue');
    expect(agendaBucketOf(timed('2026-05-10T12:00:00.000Z'), bounds)).toBe('today');
    expect(agendaBucketOf(timed('2026-05-11T00:00:00.000Z'), bounds)).toBe('week');
  });

  it('when a range is read through the dueAt index, then its envelope holds every activity the range has', () => {
    const missed: string[] = [];
    for (const viewerZone of ZONES) {
      const bounds = agendaBounds(new Date('2026-03-29T01:30:00.000Z'), viewerZone);
      for (const due of AGENDA_BUCKETS) {
        const range = dueRange(due, bounds);
        const { from, before } = dueAtEnvelope(range);
        for (let offset = -3; offset <= 12; offset++) {
          const day = new Date(Date.UTC(2026, 2, 29 + offset)).toISOString().slice(0, 10);
          for (const plannedIn of ZONES) {
            const activity = dateOnly(day, plannedIn);
            if (!isInDueRange(activity, range)) continue;
            const at = Date.parse(activity.dueAt);
            if ((from && at < from.getTime()) || (before && at >= before.getTime())) {
              missed.push(`${viewerZone} ${due} ${day} planned in ${plannedIn}`);
            }
          }
        }
      }
    }
    expect(missed).toEqual([]);
  });
});
