import { describe, expect, it } from 'vitest';
import {
  BOARD_COLUMNS,
  DEFAULT_REQUEST_TYPE,
  PASSWORD_PATTERN,
  REQUEST_STATUSES,
  priorityColor,
} from './constants.js';

describe('§9 constants', () => {
  it('orders the board columns like the statuses, with their titles', () => {
    expect(BOARD_COLUMNS.map((c) => c.status)).toEqual([...REQUEST_STATUSES]);
    expect(BOARD_COLUMNS.map((c) => c.title)).toEqual([
      'NUEVA SOLICITUD',
      'CONTACTADO',
      'COTIZACIÓN ENVIADA',
      'EN ESPERA',
      'CERRADO',
    ]);
  });

  it('defaults a new request to "otro"', () => {
    expect(DEFAULT_REQUEST_TYPE).toBe('otro');
  });

  it('colours low green, mid orange and anything else red', () => {
    expect(priorityColor('low')).toBe('green');
    expect(priorityColor('mid')).toBe('orange');
    expect(priorityColor('high')).toBe('red');
    expect(priorityColor('urgent')).toBe('red');
  });

  it('needs 8 characters in a password', () => {
    expect(PASSWORD_PATTERN.test('Abcde.f')).toBe(false);
    expect(PASSWORD_PATTERN.test('Abcde.fg')).toBe(true);
  });
});
