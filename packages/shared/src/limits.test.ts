import { describe, expect, it } from 'vitest';
import { loginBodySchema } from './auth.js';
import {
  EMAIL_LOOKUP_PATTERN,
  EMAIL_PATTERN,
  FIELD_MAX_LENGTH,
  MAX_NOTES_PER_REQUEST,
} from './constants.js';
import { createRequestBodySchema, notesSchema, requestSchema } from './request.js';
import { allStrings, messagesByPath, storedRequest } from './test-utils.js';
import { createUserBodySchema } from './user.js';

/** The pattern §5's email check had before it was rewritten not to backtrack. */
const BACKTRACKING_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

describe('the email pattern', () => {
  it('accepts exactly what the old pattern accepted, but for a dot at the end (issue 32)', () => {
    // Every string of up to 7 characters over the characters that matter to either pattern.
    for (const candidate of allStrings(['a', '@', '.', ' '], 7)) {
      const old = BACKTRACKING_EMAIL_PATTERN.test(candidate);
      expect(EMAIL_LOOKUP_PATTERN.test(candidate), JSON.stringify(candidate)).toBe(old);
      expect(EMAIL_PATTERN.test(candidate), JSON.stringify(candidate)).toBe(
        old && !candidate.endsWith('.'),
      );
    }
  });

  it('answers at once on the input that froze the API', () => {
    // The old pattern needs seconds here; a wrong answer or a hang fails the test's timeout.
    for (const pattern of [EMAIL_PATTERN, EMAIL_LOOKUP_PATTERN]) {
      expect(pattern.test('a@' + '.'.repeat(128_000) + '@')).toBe(false);
      expect(pattern.test('a@' + 'b'.repeat(128_000) + '.c')).toBe(true);
    }
    expect(EMAIL_PATTERN.test('a@b.' + 'c.'.repeat(64_000))).toBe(false);
  });
});

describe('field limits', () => {
  const tooLong = (max: number) => `Demasiado largo: máximo ${max} caracteres`;

  it('says a name is too long, not that it is missing', () => {
    const name = 'x'.repeat(FIELD_MAX_LENGTH.name + 1);
    expect(
      messagesByPath(createRequestBodySchema, {
        name,
        email: 'a@b.co',
        requestType: 'otro',
        message: 'hola',
      }),
    ).toEqual({ name: [tooLong(FIELD_MAX_LENGTH.name)] });
    expect(
      messagesByPath(createRequestBodySchema, {
        name: 'x'.repeat(FIELD_MAX_LENGTH.name),
        email: 'a@b.co',
        requestType: 'otro',
        message: 'hola',
      }),
    ).toEqual({});
  });

  it('stops an over-long email before its format check', () => {
    const email = 'a@' + '.'.repeat(FIELD_MAX_LENGTH.email) + '@';
    expect(messagesByPath(loginBodySchema, { email, password: 'x', altcha: 'y' }).email).toEqual([
      tooLong(FIELD_MAX_LENGTH.email),
    ]);
    expect(
      messagesByPath(createUserBodySchema, {
        name: 'A',
        lastName: 'B',
        email,
        password: 'Secreto.123',
        role: 'vendor',
      }).email,
    ).toEqual([tooLong(FIELD_MAX_LENGTH.email)]);
  });

  it('bounds notes one by one, in number and in total', () => {
    expect(notesSchema.safeParse(['x'.repeat(FIELD_MAX_LENGTH.note)]).success).toBe(true);
    expect(messagesByPath(notesSchema, ['x'.repeat(FIELD_MAX_LENGTH.note + 1)])).toEqual({
      '0': [tooLong(FIELD_MAX_LENGTH.note)],
    });
    expect(messagesByPath(notesSchema, Array(MAX_NOTES_PER_REQUEST + 1).fill('n'))).toEqual({
      '': ['Demasiadas notas: máximo 100 por solicitud'],
    });
    expect(messagesByPath(notesSchema, Array(11).fill('x'.repeat(2000)))).toEqual({
      '': ['Las notas suman demasiado texto: máximo 20000 caracteres en total'],
    });
  });

  it('still reads a stored request whose name is longer than today’s limit', () => {
    const stored = { ...storedRequest, name: 'x'.repeat(150) };
    expect(requestSchema.safeParse(stored).success).toBe(true);
  });
});
