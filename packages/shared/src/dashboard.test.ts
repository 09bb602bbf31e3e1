import { describe, expect, it } from 'vitest';
import {
  DASHBOARD_MAX_DAYS,
  dashboardQuerySchema,
  daysOf,
  instantsOf,
  medianOf,
  mondayOf,
  percentileOf,
  periodDays,
  weekStarts,
} from './dashboard.js';
import { API_MESSAGES } from './messages.js';
import { messagesByPath } from './test-utils.js';

// Issue 22, Inicio's periods: calendar days in the caller's zone, weeks from Monday. Expected
// days and instants are written out by hand (Santiago: -03 in summer, -04 in winter; summer time
// ended on 2026-04-05 and starts again on 2026-09-06).

const SANTIAGO = 'America/Santiago';
const at = (iso: string) => new Date(iso);
const iso = ({ start, end }: { start: Date; end: Date }) => ({
  start: start.toISOString(),
  end: end.toISOString(),
});

describe('periodDays', () => {
  it('when the period is week, then it is Monday to Sunday of today, against the week before', () => {
    // Wednesday 2026-04-15.
    expect(periodDays({ period: 'week' }, at('2026-04-15T15:00:00Z'), SANTIAGO)).toEqual({
      from: '2026-04-13',
      to: '2026-04-19',
      previousFrom: '2026-04-06',
      previousTo: '2026-04-12',
    });
    // A Sunday is the last day of its week, a Monday the first of its own.
    expect(periodDays({ period: 'week' }, at('2026-04-19T15:00:00Z'), SANTIAGO).from).toBe(
      '2026-04-13',
    );
    expect(periodDays({ period: 'week' }, at('2026-04-20T15:00:00Z'), SANTIAGO).from).toBe(
      '2026-04-20',
    );
  });

  it('when it is already Monday in UTC but still Sunday in Santiago, then the week is Sunday’s', () => {
    // 2026-04-20T02:00Z is Sunday the 19th, 22:00 in Santiago.
    expect(periodDays({ period: 'week' }, at('2026-04-20T02:00:00Z'), SANTIAGO)).toEqual({
      from: '2026-04-13',
      to: '2026-04-19',
      previousFrom: '2026-04-06',
      previousTo: '2026-04-12',
    });
  });

  it('when the period is month, then it is the whole calendar month, against the one before', () => {
    expect(periodDays({ period: 'month' }, at('2026-03-10T12:00:00Z'), SANTIAGO)).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
      previousFrom: '2026-02-01',
      previousTo: '2026-02-28',
    });
    // January against December of the year before.
    expect(periodDays({ period: 'month' }, at('2026-01-20T12:00:00Z'), SANTIAGO)).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
      previousFrom: '2025-12-01',
      previousTo: '2025-12-31',
    });
    // 2026-05-01T02:00Z is still April 30th in Santiago.
    expect(periodDays({ period: 'month' }, at('2026-05-01T02:00:00Z'), SANTIAGO).from).toBe(
      '2026-04-01',
    );
    // A leap February.
    expect(periodDays({ period: 'month' }, at('2028-02-10T12:00:00Z'), SANTIAGO).to).toBe(
      '2028-02-29',
    );
  });

  it('when the period is quarter, then it is the calendar quarter, against the one before', () => {
    expect(periodDays({ period: 'quarter' }, at('2026-05-20T12:00:00Z'), SANTIAGO)).toEqual({
      from: '2026-04-01',
      to: '2026-06-30',
      previousFrom: '2026-01-01',
      previousTo: '2026-03-31',
    });
    expect(periodDays({ period: 'quarter' }, at('2026-02-01T12:00:00Z'), SANTIAGO)).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
      previousFrom: '2025-10-01',
      previousTo: '2025-12-31',
    });
    expect(periodDays({ period: 'quarter' }, at('2026-12-31T12:00:00Z'), SANTIAGO)).toEqual({
      from: '2026-10-01',
      to: '2026-12-31',
      previousFrom: '2026-07-01',
      previousTo: '2026-09-30',
    });
  });

  it('when the period is last30, then it is the 30 days ending today, against the 30 before', () => {
    expect(periodDays({ period: 'last30' }, at('2026-03-10T12:00:00Z'), SANTIAGO)).toEqual({
      from: '2026-02-09',
      to: '2026-03-10',
      previousFrom: '2026-01-10',
      previousTo: '2026-02-08',
    });
  });

  it('when the period is custom, then it is its days, against as many right before', () => {
    expect(
      periodDays(
        { period: 'custom', from: '2026-03-30', to: '2026-04-05' },
        at('2026-09-01T12:00:00Z'),
        SANTIAGO,
      ),
    ).toEqual({
      from: '2026-03-30',
      to: '2026-04-05',
      previousFrom: '2026-03-23',
      previousTo: '2026-03-29',
    });
    expect(
      periodDays(
        { period: 'custom', from: '2026-03-01', to: '2026-03-01' },
        at('2026-09-01T12:00:00Z'),
        SANTIAGO,
      ),
    ).toEqual({
      from: '2026-03-01',
      to: '2026-03-01',
      previousFrom: '2026-02-28',
      previousTo: '2026-02-28',
    });
  });
});

describe('instantsOf', () => {
  it('when summer time ends inside the days, then they run from one local midnight to the next', () => {
    // April 2026: 00:00 -03 on the 1st to 00:00 -04 on May 1st (an hour longer).
    expect(iso(instantsOf('2026-04-01', '2026-04-30', SANTIAGO))).toEqual({
      start: '2026-04-01T03:00:00.000Z',
      end: '2026-05-01T04:00:00.000Z',
    });
    // April 4th has 25 hours.
    expect(iso(instantsOf('2026-04-04', '2026-04-04', SANTIAGO))).toEqual({
      start: '2026-04-04T03:00:00.000Z',
      end: '2026-04-05T04:00:00.000Z',
    });
  });

  it('when summer time starts inside the days, then the day with no midnight starts at the jump', () => {
    // 2026-09-06: 00:00 -04 becomes 01:00 -03, a 23-hour day.
    expect(iso(instantsOf('2026-09-06', '2026-09-06', SANTIAGO))).toEqual({
      start: '2026-09-06T04:00:00.000Z',
      end: '2026-09-07T03:00:00.000Z',
    });
    expect(iso(instantsOf('2026-09-01', '2026-09-30', SANTIAGO))).toEqual({
      start: '2026-09-01T04:00:00.000Z',
      end: '2026-10-01T03:00:00.000Z',
    });
  });
});

describe('weekStarts', () => {
  it('when asked, then it gives the 12 Mondays up to this week’s, oldest first', () => {
    expect(weekStarts(at('2026-09-09T15:00:00Z'), SANTIAGO)).toEqual([
      '2026-06-22',
      '2026-06-29',
      '2026-07-06',
      '2026-07-13',
      '2026-07-20',
      '2026-07-27',
      '2026-08-03',
      '2026-08-10',
      '2026-08-17',
      '2026-08-24',
      '2026-08-31',
      '2026-09-07',
    ]);
  });

  it('when it is Monday 00:30 in Santiago (still Sunday in some zones), then this week is that Monday’s', () => {
    // 2026-04-13T04:30Z: Monday 00:30 (-04).
    expect(weekStarts(at('2026-04-13T04:30:00Z'), SANTIAGO).at(-1)).toBe('2026-04-13');
    // 2026-04-13T03:30Z: Sunday 23:30 (-04).
    expect(weekStarts(at('2026-04-13T03:30:00Z'), SANTIAGO).at(-1)).toBe('2026-04-06');
  });

  it('when a Monday is given, then mondayOf keeps it; a Sunday goes back six days', () => {
    expect(mondayOf('2026-04-13')).toBe('2026-04-13');
    expect(mondayOf('2026-04-19')).toBe('2026-04-13');
    expect(mondayOf('2026-03-01')).toBe('2026-02-23');
  });
});

describe('medianOf, percentileOf, daysOf', () => {
  it('when there is nothing, then null', () => {
    expect(medianOf([])).toBeNull();
    expect(percentileOf([], 90)).toBeNull();
  });

  it('when the count is odd or even, then the middle one or the mean of the two middle ones', () => {
    expect(medianOf([1, 2, 10])).toBe(2);
    expect(medianOf([1, 2, 4, 10])).toBe(3);
    expect(medianOf([7])).toBe(7);
  });

  it('when asked for the 90th percentile, then the nearest rank', () => {
    // ceil(0.9 × n)-th value: 1 of 1, 2 of 2, 5 of 5, 9 of 10, 10 of 11.
    expect(percentileOf([4], 90)).toBe(4);
    expect(percentileOf([1, 2], 90)).toBe(2);
    expect(percentileOf([1, 2, 3, 4, 5], 90)).toBe(5);
    expect(percentileOf([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90)).toBe(9);
    expect(percentileOf([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 90)).toBe(10);
  });

  it('when milliseconds are given, then days with one decimal', () => {
    expect(daysOf(2.25 * 86_400_000)).toBe(2.3);
    expect(daysOf(1.875 * 86_400_000)).toBe(1.9);
    expect(daysOf(2 * 3_600_000)).toBe(0.1);
    expect(daysOf(0)).toBe(0);
  });
});

describe('dashboardQuerySchema', () => {
  it('when nothing is given, then the period is this month', () => {
    expect(dashboardQuerySchema.parse({})).toEqual({ period: 'month' });
  });

  it('when a custom period is exactly 2 years long (a leap day included), then it is accepted', () => {
    const query = { period: 'custom', from: '2024-01-01', to: '2025-12-31' };
    expect(dashboardQuerySchema.parse(query)).toEqual(query);
    expect(DASHBOARD_MAX_DAYS).toBe(731);
  });

  it.each([
    [
      'a day longer than 2 years',
      { period: 'custom', from: '2024-01-01', to: '2026-01-01' },
      { to: [API_MESSAGES.periodTooLong(731)] },
    ],
    [
      'an end before its start',
      { period: 'custom', from: '2026-04-02', to: '2026-04-01' },
      { to: [API_MESSAGES.periodEndBeforeStart] },
    ],
    [
      'a day that does not exist',
      { period: 'custom', from: '2026-02-30', to: '2026-03-01' },
      { from: [API_MESSAGES.invalidPeriodDay] },
    ],
    [
      'text for a day',
      { period: 'custom', from: '2026-03-01', to: 'mañana' },
      { to: [API_MESSAGES.invalidPeriodDay] },
    ],
    [
      'days without custom',
      { period: 'week', from: '2026-03-01', to: '2026-03-02' },
      {
        from: [API_MESSAGES.periodDatesOnlyCustom],
        to: [API_MESSAGES.periodDatesOnlyCustom],
      },
    ],
    [
      'custom without days',
      { period: 'custom' },
      {
        from: [API_MESSAGES.periodDatesRequired],
        to: [API_MESSAGES.periodDatesRequired],
      },
    ],
    ['an unknown period', { period: 'year' }, { period: [API_MESSAGES.invalidPeriod] }],
    [
      'an unknown executive form',
      { vendor: 'todos' },
      { vendor: [API_MESSAGES.invalidDashboardVendor] },
    ],
  ])('when %s, then the error names the parameter', (_case, query, expected) => {
    expect(messagesByPath(dashboardQuerySchema, query)).toEqual(expected);
  });
});
