import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addDays,
  dueIn,
  formatDateTime,
  formatDay,
  formatDayRange,
  formatDecimal,
  formatDue,
  formatLongDay,
  formatMoney,
  formatNumber,
  formatPercent,
  formatPercentChange,
  formatShare,
  NO_VALUE,
  formatShortDate,
  formatShortDay,
  formatSignedNumber,
  formatSignedPercent,
  formatTime,
  parseAmount,
  zonedDueAt,
} from './format.js';
import { RUNTIME_ZONES as ZONES } from './test-utils.js';

/** Runs with the process time zone set to `zone` (Node reads TZ again when it changes). */
const inZone = (zone: string) => vi.stubEnv('TZ', zone);

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('formatMoney and formatNumber (es-CL, issue 34)', () => {
  it('when an amount is in pesos, then it reads as in Chile, without decimals', () => {
    expect(formatMoney(12_340_000, 'CLP')).toBe('$12.340.000');
    expect(formatMoney(1_500_000, 'CLP')).toBe('$1.500.000');
  });

  it('when a number has four digits, then its thousands are grouped (es-ES would write 1500)', () => {
    expect(formatMoney(1500, 'CLP')).toBe('$1.500');
    expect(formatNumber(1500)).toBe('1.500');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(0)).toBe('0');
  });

  it('when the currency is another, then it is rounded to whole units too', () => {
    expect(formatMoney(1234.56, 'USD')).toMatch(/1\.235/);
  });

  it('when the currency is not known yet, then the digits show alone', () => {
    expect(formatMoney(4_500_000, undefined)).toBe('4.500.000');
  });
});

describe('parseAmount (what the amount field reads)', () => {
  it('when an amount is typed with or without its dots and currency sign, then it is read', () => {
    expect(parseAmount('$ 1.500.000')).toBe(1_500_000);
    expect(parseAmount('$1.500.000')).toBe(1_500_000);
    expect(parseAmount(' 1500000 ')).toBe(1_500_000);
    expect(parseAmount(formatNumber(4_500_000))).toBe(4_500_000);
  });

  it('when empty, then none; anything else is not an amount', () => {
    expect(parseAmount('  ')).toBeNull();
    expect(parseAmount('$')).toBeNaN();
    expect(parseAmount('12,5')).toBeNaN();
    expect(parseAmount('1.500 CLP')).toBeNaN();
  });
});

describe("Inicio's figures", () => {
  it('when a figure has decimals, a share or a change, then es-CL writes it', () => {
    expect(formatDecimal(2.345)).toBe('2,3');
    expect(formatDecimal(2)).toBe('2,0');
    expect(formatPercent(0.5)).toBe('50%');
    expect(formatSignedNumber(3)).toBe('+3');
    expect(formatSignedNumber(-2)).toBe('-2');
    expect(formatSignedNumber(0)).toBe('0');
    expect(formatSignedNumber(1500)).toBe('+1.500');
    expect(formatSignedPercent(-0.12)).toBe('-12%');
  });

  it('when a figure has no value, then it shows a dash', () => {
    expect(formatDecimal(null)).toBe(NO_VALUE);
    expect(formatShare(1, 0)).toBe(NO_VALUE);
    expect(formatShare(1, 4)).toBe('25%');
    expect(formatPercentChange(5, 0)).toBe(NO_VALUE);
    expect(formatPercentChange(88, 100)).toBe('-12%');
  });
});

describe('formatShortDate (card "Fecha:", dd/mm/yy)', () => {
  it('when given an instant, then it writes dd/mm/yy with zero padding', () => {
    expect(formatShortDate('2026-03-05T15:00:00.000Z', 'UTC')).toBe('05/03/26');
    expect(formatShortDate('2009-12-31T10:00:00.000Z', 'UTC')).toBe('31/12/09');
    expect(formatShortDate('2000-01-01T10:00:00.000Z', 'UTC')).toBe('01/01/00');
    expect(formatShortDate('2026-07-20T23:30:00.000-03:00', 'UTC')).toBe('21/07/26');
  });

  it.each(ZONES)("reads the day in the person's zone, whatever the runtime's (%s)", (runtime) => {
    inZone(runtime);
    const iso = '2026-03-05T02:00:00.000Z';
    expect(formatShortDate(iso, 'UTC')).toBe('05/03/26');
    expect(formatShortDate(iso, 'America/New_York')).toBe('04/03/26');
    expect(formatShortDate(iso, 'Asia/Tokyo')).toBe('05/03/26');
  });

  it('when the date cannot be read, then it shows nothing', () => {
    expect(formatShortDate('not a date', 'UTC')).toBe('');
  });
});

describe('formatDateTime (history, notes, sessions: "dd/mm/yy HH:mm")', () => {
  it('formats to the minute, zero padded', () => {
    expect(formatDateTime('2026-11-23T10:42:59.000Z', 'UTC')).toBe('23/11/26 10:42');
    expect(formatDateTime('2026-01-02T03:04:00.000Z', 'UTC')).toBe('02/01/26 03:04');
    expect(formatDateTime('no es fecha', 'UTC')).toBe('');
  });

  it.each(ZONES)(
    "reads day and time in the person's zone, whatever the runtime's (%s)",
    (runtime) => {
      inZone(runtime);
      expect(formatDateTime('2026-11-23T10:42:00.000Z', 'America/Santiago')).toBe('23/11/26 07:42');
      expect(formatDateTime('2026-11-23T22:30:00.000Z', 'Asia/Kolkata')).toBe('24/11/26 04:00');
      // Clocks set back in Madrid: 02:30 happens twice; each instant keeps its own offset.
      expect(formatDateTime('2026-10-25T00:30:00.000Z', 'Europe/Madrid')).toBe('25/10/26 02:30');
      expect(formatDateTime('2026-10-25T01:30:00.000Z', 'Europe/Madrid')).toBe('25/10/26 02:30');
      expect(formatTime(new Date('2026-11-23T10:42:00.000Z'), 'America/Santiago')).toBe('07:42');
    },
  );
});

describe('calendar days (no zone)', () => {
  it.each(ZONES)('when a day is written, then it never moves with the runtime (%s)', (runtime) => {
    inZone(runtime);
    expect(formatDay('2026-05-10')).toBe('10/05/2026');
    expect(formatShortDay('2026-11-02')).toBe('2 nov');
    expect(formatShortDay('2027-01-03', true)).toBe('3 ene 2027');
    expect(formatLongDay('2026-11-02')).toBe('2 de noviembre de 2026');
    expect(formatDayRange('2026-11-02', '2026-11-02')).toBe('2 de noviembre de 2026');
    expect(formatDayRange('2026-11-01', '2026-11-30')).toMatch(/^1\s*–\s*30 de noviembre de 2026$/);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});

// The person's zone; the runtime is elsewhere (what shows follows the person's).
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

describe('formatDue (the relative day: "Hoy 15:00", "Mañana", "12 dic")', () => {
  it.each(['UTC', 'Asia/Tokyo'])(
    'says today and tomorrow in words, with the time (runtime in %s)',
    (runtime) => {
      inZone(runtime);
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
