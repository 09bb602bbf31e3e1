import { describe, expect, it } from 'vitest';
import {
  addActivityBodySchema,
  changeActivityBodySchema,
  compareActivities,
  dueText,
  type Activity,
} from './activity.js';
import { isTimeZone, zonedDueAt } from './format.js';
import { FIELD_MAX_LENGTH } from './constants.js';
import { FIELD_MESSAGES } from './messages.js';

const iso = (date: Date) => date.toISOString();

describe('zonedDueAt', () => {
  it('when a day and time are given, then they are read in the zone', () => {
    expect(iso(zonedDueAt('2026-01-15', '15:00', 'America/Santiago'))).toBe(
      '2026-01-15T18:00:00.000Z',
    );
    expect(iso(zonedDueAt('2026-07-15', '15:00', 'America/Santiago'))).toBe(
      '2026-07-15T19:00:00.000Z',
    );
    expect(iso(zonedDueAt('2026-07-15', null, 'Europe/Madrid'))).toBe('2026-07-14T22:00:00.000Z');
    expect(iso(zonedDueAt('2026-12-31', '23:59', 'UTC'))).toBe('2026-12-31T23:59:00.000Z');
  });

  it('when Santiago’s spring day has no midnight, then the day starts at 01:00 (the jump)', () => {
    // 2026-09-06: clocks go from 00:00 (-04) to 01:00 (-03).
    expect(iso(zonedDueAt('2026-09-06', null, 'America/Santiago'))).toBe(
      '2026-09-06T04:00:00.000Z',
    );
    expect(iso(zonedDueAt('2026-09-06', '00:30', 'America/Santiago'))).toBe(
      '2026-09-06T04:30:00.000Z',
    );
    expect(iso(zonedDueAt('2026-09-06', '09:00', 'America/Santiago'))).toBe(
      '2026-09-06T12:00:00.000Z',
    );
  });

  it('when Santiago’s autumn night repeats 23:00-24:00, then the first one counts', () => {
    // 2026-04-05 00:00 (-03) becomes 2026-04-04 23:00 (-04).
    expect(iso(zonedDueAt('2026-04-04', '23:30', 'America/Santiago'))).toBe(
      '2026-04-05T02:30:00.000Z',
    );
    expect(iso(zonedDueAt('2026-04-05', null, 'America/Santiago'))).toBe(
      '2026-04-05T04:00:00.000Z',
    );
  });

  it('when Madrid skips 02:00-03:00 and repeats it, then gaps move forward and repeats take the first', () => {
    expect(iso(zonedDueAt('2026-03-29', '02:30', 'Europe/Madrid'))).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    expect(iso(zonedDueAt('2026-03-29', '03:00', 'Europe/Madrid'))).toBe(
      '2026-03-29T01:00:00.000Z',
    );
    expect(iso(zonedDueAt('2026-10-25', '02:30', 'Europe/Madrid'))).toBe(
      '2026-10-25T00:30:00.000Z',
    );
  });

  it('knows real zones only', () => {
    expect(isTimeZone('America/Santiago')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('the activity bodies', () => {
  const valid = { type: 'call', title: ' Llamar ', dueDate: '2028-02-29', dueTime: '09:05' };

  it('when valid, then the title is trimmed', () => {
    expect(addActivityBodySchema.parse(valid)).toEqual({ ...valid, title: 'Llamar' });
  });

  it.each([
    ['title', '   ', FIELD_MESSAGES.activityTitleRequired],
    ['title', 'x'.repeat(FIELD_MAX_LENGTH.activityTitle + 1), FIELD_MESSAGES.tooLong(200)],
    ['type', 'visit', FIELD_MESSAGES.activityTypeInvalid],
    ['dueDate', '2026-02-29', FIELD_MESSAGES.activityDateInvalid],
    ['dueDate', '2100-02-29', FIELD_MESSAGES.activityDateInvalid],
    ['dueDate', '12/12/2026', FIELD_MESSAGES.activityDateInvalid],
    ['dueDate', undefined, FIELD_MESSAGES.activityDateRequired],
    ['dueTime', '24:00', FIELD_MESSAGES.activityTimeInvalid],
    ['dueTime', '9:00', FIELD_MESSAGES.activityTimeInvalid],
  ])('when %s is %j, then it is refused with its message', (field, value, message) => {
    const result = addActivityBodySchema.safeParse({ ...valid, [field]: value });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      [field, message],
    ]);
  });

  it('when a change has a time without its date, then dueTime is refused', () => {
    const result = changeActivityBodySchema.safeParse({ version: 0, dueTime: '10:00' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['dueTime', FIELD_MESSAGES.activityTimeWithoutDate],
    ]);
    expect(changeActivityBodySchema.safeParse({ version: 0, dueTime: null }).success).toBe(false);
    expect(changeActivityBodySchema.safeParse({ version: 0, dueDate: '2026-01-01' }).success).toBe(
      true,
    );
  });
});

describe('compareActivities and dueText', () => {
  const activity = (
    _id: string,
    done: boolean,
    dueAt: string,
    doneAt: string | null = null,
  ): Pick<Activity, '_id' | 'done' | 'dueAt' | 'doneAt' | 'createdAt'> => ({
    _id,
    done,
    dueAt,
    doneAt,
    createdAt: '2026-01-01T00:00:00.000Z',
  });

  it('puts planned ones first, nearest first, then done ones, newest first', () => {
    const list = [
      activity('a', true, '2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z'),
      activity('b', false, '2026-03-01T00:00:00.000Z'),
      activity('c', true, '2026-01-01T00:00:00.000Z', '2026-01-05T00:00:00.000Z'),
      activity('d', false, '2026-02-01T00:00:00.000Z'),
    ];
    expect(list.sort(compareActivities).map(({ _id }) => _id)).toEqual(['d', 'b', 'c', 'a']);
  });

  it('writes a due moment as the history keeps it', () => {
    expect(dueText({ dueDate: '2026-12-12', dueTime: '15:00' })).toBe('2026-12-12 15:00');
    expect(dueText({ dueDate: '2026-12-12', dueTime: null })).toBe('2026-12-12');
  });
});
