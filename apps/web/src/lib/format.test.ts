import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  detectedTimeZone,
  eventDateToInput,
  eventDateToText,
  initials,
  shortName,
  textToEventDate,
} from './format';
import { RUNTIME_ZONES as ZONES } from '@crm/shared/test-utils';

/** Runs with the process time zone set to `zone` (Node reads TZ again when it changes). */
function inZone(zone: string) {
  vi.stubEnv('TZ', zone);
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('eventDateToInput (eventDate shown as its UTC day)', () => {
  it.each(ZONES)('shows 2026-05-10 for 2026-05-10T00:00:00.000Z in %s', (zone) => {
    inZone(zone);
    expect(eventDateToInput('2026-05-10T00:00:00.000Z')).toBe('2026-05-10');
  });

  it.each(ZONES)('keeps the UTC day at the edges of the day and year in %s', (zone) => {
    inZone(zone);
    expect(eventDateToInput('2026-01-01T00:00:00.000Z')).toBe('2026-01-01');
    expect(eventDateToInput('2025-12-31T23:59:59.999Z')).toBe('2025-12-31');
    expect(eventDateToInput('2028-02-29T00:00:00.000Z')).toBe('2028-02-29');
  });

  // Days on which the zone changes its offset within hours of midnight UTC.
  it.each([
    ['America/Santiago', '2026-04-05'],
    ['America/Santiago', '2026-09-06'],
    ['Asia/Beirut', '2026-03-29'],
    ['Asia/Beirut', '2026-10-25'],
    ['America/New_York', '2026-03-08'],
    ['America/New_York', '2026-11-01'],
    ['Europe/Madrid', '2026-03-29'],
    ['Europe/Madrid', '2026-10-25'],
  ])('keeps the UTC day on a daylight-saving change day (%s, %s)', (zone, day) => {
    inZone(zone);
    expect(eventDateToInput(`${day}T00:00:00.000Z`)).toBe(day);
  });

  it('is empty for no date or a date it cannot read', () => {
    expect(eventDateToInput(null)).toBe('');
    expect(eventDateToInput('')).toBe('');
    expect(eventDateToInput('not a date')).toBe('');
  });
});

describe('initials (avatars)', () => {
  it('takes the first letter of name and lastName, upper-cased', () => {
    expect(initials({ name: 'Ana', lastName: 'García' })).toBe('AG');
    expect(initials({ name: 'bea', lastName: 'ruiz' })).toBe('BR');
  });

  it('ignores surrounding spaces and keeps accented letters', () => {
    expect(initials({ name: '  Íñigo ', lastName: ' Óscar' })).toBe('ÍÓ');
  });

  it('uses only the first word of compound names', () => {
    expect(initials({ name: 'María José', lastName: 'de la Fuente' })).toBe('MD');
  });

  it('gives what there is when a part is empty', () => {
    expect(initials({ name: 'Ana', lastName: '' })).toBe('A');
    expect(initials({ name: '', lastName: '' })).toBe('');
  });
});

describe("detectedTimeZone (the browser's zone, offered and set on the first sign-in)", () => {
  it('is the browser’s zone when a user may choose it', () => {
    inZone('Asia/Tokyo');
    expect(detectedTimeZone()).toBe('Asia/Tokyo');
    inZone('UTC');
    expect(detectedTimeZone()).toBe('UTC');
  });
});

describe('shortName', () => {
  it('is the name and the initial of the last name', () => {
    expect(shortName({ name: 'Ana', lastName: 'castro' })).toBe('Ana C.');
    expect(shortName({ name: 'Ana', lastName: '' })).toBe('Ana');
  });
});

describe('eventDateToText / textToEventDate (the event date as dd/mm/yyyy)', () => {
  it.each(ZONES)('writes the UTC day as dd/mm/yyyy and reads it back unchanged (%s)', (zone) => {
    vi.stubEnv('TZ', zone);
    for (const iso of ['2026-05-10T00:00:00.000Z', '2024-02-29T00:00:00.000Z']) {
      expect(textToEventDate(eventDateToText(iso))).toBe(iso);
    }
    expect(eventDateToText('2026-05-10T00:00:00.000Z')).toBe('10/05/2026');
  });

  it('is empty for no date, and an empty text is no date', () => {
    expect(eventDateToText(null)).toBe('');
    expect(textToEventDate('')).toBeNull();
    expect(textToEventDate('   ')).toBeNull();
  });

  it('takes one-digit days and months and other separators', () => {
    expect(textToEventDate('5/6/2026')).toBe('2026-06-05T00:00:00.000Z');
    expect(textToEventDate('05-06-2026')).toBe('2026-06-05T00:00:00.000Z');
    expect(textToEventDate('05.06.2026')).toBe('2026-06-05T00:00:00.000Z');
  });

  it.each([
    '31/02/2026',
    '29/02/2026',
    '00/01/2026',
    '10/13/2026',
    '2026-05-10',
    '10/05/26',
    'mañana',
  ])('refuses "%s" (not a day in dd/mm/yyyy)', (text) => {
    expect(textToEventDate(text)).toBeUndefined();
  });
});
