import { describe, expect, it } from 'vitest';
import { loginBodySchema } from './auth.js';
import { decodeBoardCursor, encodeBoardCursor, boardQuerySchema } from './board.js';
import {
  EMAIL_PATTERN,
  FIELD_MAX_LENGTH,
  NOT_BLANK_PATTERN,
  PADDED_EMAIL_PATTERN,
  REQUIRED_SINGLE_LINE_PATTERN,
  SINGLE_LINE_PATTERN,
  TRIMMED_CHARACTERS,
} from './constants.js';
import { optionalText, requiredEmail, requiredFreeText, requiredText } from './fields.js';
import { publicLeadBodySchema } from './leads.js';
import { FIELD_MESSAGES } from './messages.js';
import { createRequestBodySchema } from './request.js';
import { allStrings, messagesByPath } from './test-utils.js';
import { createUserBodySchema } from './user.js';

const NOT_SINGLE_LINE = FIELD_MESSAGES.notSingleLine;
/** NUL, CR/LF, tab, ESC, DEL, C1's NEL, the line and paragraph separators. */
const HOSTILE = [
  'a\u0000b',
  'Ana\r\nBcc: x',
  'a\tb',
  'a\u001bb',
  'a\u007f',
  '\u0085a',
  'a\u2028',
  'a\u2029b',
];

/** What matters to the text rules: a letter, the email's signs, blanks, controls, separators. */
const ALPHABET = ['a', '@', '.', ' ', '\u00a0', '\t', '\n', '\u0000', '\u2028'];

describe('the characters `trim` strips', () => {
  it('when any character of the Basic Multilingual Plane is trimmed, then it goes exactly when TRIMMED_CHARACTERS has it', () => {
    const trimmed = new RegExp(`^[${TRIMMED_CHARACTERS}]$`);
    const differing: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      const char = String.fromCharCode(code);
      if ((char.trim() === '') !== trimmed.test(char)) differing.push(code.toString(16));
    }
    expect(differing).toEqual([]);
  });
});

describe('one-line text (names, company, contact fields)', () => {
  const name = requiredText('Name is required');

  it('when it holds a control character or a line break, then only "no line breaks or control characters" is said', () => {
    for (const value of HOSTILE) {
      expect(messagesByPath(name, value), JSON.stringify(value)).toEqual({ '': [NOT_SINGLE_LINE] });
      expect(messagesByPath(optionalText(), value), JSON.stringify(value)).toEqual({
        '': [NOT_SINGLE_LINE],
      });
    }
  });

  it('when it is blank, then it is missing; when padded, then trimmed', () => {
    expect(messagesByPath(name, ' \u00a0\u3000')).toEqual({ '': ['Name is required'] });
    expect(name.parse('  Ana Pérez  ')).toBe('Ana Pérez');
    expect(optionalText().parse('   ')).toBe('');
  });

  it('when it is longer than the limit as sent, then it is too long, blanks included', () => {
    const max = FIELD_MAX_LENGTH.name;
    expect(name.safeParse('x'.repeat(max)).success).toBe(true);
    expect(messagesByPath(name, 'x'.repeat(max + 1))).toEqual({
      '': [FIELD_MESSAGES.tooLong(max)],
    });
    expect(messagesByPath(name, ` ${'x'.repeat(max)}`)).toEqual({
      '': [FIELD_MESSAGES.tooLong(max)],
    });
  });

  it('when checked against its published patterns, then they accept exactly the same strings', () => {
    const required = requiredText('required', 4);
    const optional = optionalText(4);
    const strings = [...allStrings(ALPHABET, 4)];
    const disagreeing = (schema: typeof required, pattern: RegExp) =>
      strings
        .filter((value) => schema.safeParse(value).success !== pattern.test(value))
        .map((value) => JSON.stringify(value));
    expect(disagreeing(required, REQUIRED_SINGLE_LINE_PATTERN)).toEqual([]);
    expect(disagreeing(optional, SINGLE_LINE_PATTERN)).toEqual([]);
  });
});

describe('free text (a message, a note)', () => {
  const message = requiredFreeText('Message is required', 20);

  it('when it holds NUL, other control characters and line breaks, then it is kept as sent', () => {
    const text = 'a\u0000\u0001\r\n\t\u001b\u007f\u0085\u2028b';
    expect(message.parse(text)).toBe(text);
  });

  it('when it holds only blanks and line breaks, then it is missing', () => {
    expect(messagesByPath(message, ' \r\n\t\u2028\u3000')).toEqual({ '': ['Message is required'] });
  });

  it('when checked against its published pattern, then they accept exactly the same strings', () => {
    const short = requiredFreeText('required', 4);
    const disagreements = [...allStrings(ALPHABET, 4)].filter(
      (value) => short.safeParse(value).success !== NOT_BLANK_PATTERN.test(value),
    );
    expect(disagreements.map((value) => JSON.stringify(value))).toEqual([]);
  });
});

describe('emails', () => {
  const email = requiredEmail('Correo es requerido', 'Formato de correo inválido');

  it('when an email holds a control character or a line break, then it says so, not "invalid format"', () => {
    for (const value of ['ana@example.com\u0000', 'ana\r\n@example.com', 'ana@exa\u007fmple.com']) {
      expect(messagesByPath(email, value), JSON.stringify(value)).toEqual({
        '': [NOT_SINGLE_LINE],
      });
    }
  });

  it('when the pattern meets a control character, then it refuses it, as the sign-in does', () => {
    expect(EMAIL_PATTERN.test('ana@example.com')).toBe(true);
    for (const char of ['\u0000', '\u0001', '\u007f', '\u0085', '\u2028', '\ufeff']) {
      expect(EMAIL_PATTERN.test(`an${char}a@example.com`), char.charCodeAt(0).toString(16)).toBe(
        false,
      );
    }
  });

  it('when checked against its published pattern, then they accept exactly the same strings', () => {
    const padded = [' a@a.a ', '\u00a0a@a.a', '\ta@a.a', 'a@a.a\n', '\u2028a@a.a', 'a@a.a\u0000'];
    // 59,000 strings: one assertion on the disagreements, not one per string (that cost 16 s).
    const disagreements = [...allStrings(ALPHABET, 5), ...padded].filter(
      (value) => email.safeParse(value).success !== PADDED_EMAIL_PATTERN.test(value),
    );
    expect(disagreements.map((value) => JSON.stringify(value))).toEqual([]);
  });
});

describe('invisible characters (issue 32)', () => {
  /** Bidirectional controls: ALM, LRM, RLM, LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI. */
  const BIDI = [0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e]
    .concat([0x2066, 0x2067, 0x2068, 0x2069])
    .map((code) => String.fromCodePoint(code));
  const isFormat = (char: string) => /^\p{Cf}$/u.test(char);
  const email = requiredEmail('Correo es requerido', 'Formato de correo inválido');

  it('when a name holds a bidirectional control, then it is refused as a control character', () => {
    const name = requiredText('Name is required');
    for (const char of BIDI) {
      const hex = char.codePointAt(0)?.toString(16);
      for (const value of [`Ana${char}elbat`, `${char}Ana`, `Ana ${char}`]) {
        expect(messagesByPath(name, value), hex).toEqual({ '': [NOT_SINGLE_LINE] });
        expect(messagesByPath(optionalText(), value), hex).toEqual({ '': [NOT_SINGLE_LINE] });
      }
    }
  });

  it('when a name holds another format character (a joiner, a soft hyphen), then it is kept', () => {
    // Scripts need them (ZWNJ in Persian, ZWJ in emoji), and they reorder nothing.
    for (const value of ['Mi\u200cnoo', 'Ana 👩\u200d💻', 'Pa\u00adblo']) {
      expect(requiredText('Name is required').parse(value)).toBe(value);
    }
  });

  it('when an email holds any format character, anywhere, then its format is invalid', () => {
    const formats: string[] = [];
    for (let code = 0; code <= 0x10ffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const char = String.fromCodePoint(code);
      if (isFormat(char)) formats.push(char);
    }
    expect(formats.length).toBeGreaterThan(150);
    for (const char of formats) {
      const hex = char.codePointAt(0)?.toString(16) ?? '';
      for (const value of [
        `vendorb@crm.test${char}`,
        `ven${char}dorb@crm.test`,
        `a@cr${char}m.test`,
      ]) {
        expect(EMAIL_PATTERN.test(value), `${hex} in ${JSON.stringify(value)}`).toBe(false);
        const parsed = email.safeParse(value);
        // U+FEFF around it is a blank, trimmed away like a space: what is stored has none.
        if (parsed.success) expect([...parsed.data].some(isFormat), hex).toBe(false);
        else expect(parsed.error.issues[0]?.message, hex).toMatch(/^(Formato de correo|No puede)/);
      }
    }
    expect(messagesByPath(email, 'vendorb@crm.test\u200b')).toEqual({
      '': ['Formato de correo inválido'],
    });
  });

  it('when an email ends in a dot, then its format is invalid; a dot inside is still fine', () => {
    expect(messagesByPath(email, 'a@crm.test.')).toEqual({ '': ['Formato de correo inválido'] });
    expect(messagesByPath(email, ' a@crm.test. ')).toEqual({ '': ['Formato de correo inválido'] });
    expect(email.parse('ana.perez@ventas.crm.test')).toBe('ana.perez@ventas.crm.test');
    expect(email.parse('josé@crm.test')).toBe('josé@crm.test');
  });

  it('when checked against the published patterns, then they accept exactly the same strings', () => {
    const alphabet = ['a', '@', '.', '\u200b', '\u202e', '\u{e0001}', '\u{1f600}'];
    const short = requiredText('required', 8);
    const disagreements = [...allStrings(alphabet, 5)].filter(
      (value) =>
        email.safeParse(value).success !== PADDED_EMAIL_PATTERN.test(value) ||
        short.safeParse(value).success !== REQUIRED_SINGLE_LINE_PATTERN.test(value),
    );
    expect(disagreements.map((value) => JSON.stringify(value))).toEqual([]);
  });

  it('when a stored address predates the rule, then sign-in still takes it', () => {
    const body = { password: 'x', altcha: 'eA==' };
    expect(loginBodySchema.safeParse({ ...body, email: 'a@crm.test.' }).success).toBe(true);
    expect(loginBodySchema.safeParse({ ...body, email: 'a@crm.test\u200b' }).success).toBe(true);
  });
});

describe('the schemas that use the field builders', () => {
  it('when any one-line field of a form holds a line break, then that field is refused', () => {
    const forms = [
      {
        schema: createUserBodySchema,
        valid: { name: 'A', lastName: 'B', email: 'a@b.co', password: 'Secreto.1', role: 'vendor' },
        fields: ['name', 'lastName', 'email', 'photo'],
      },
      {
        schema: createRequestBodySchema,
        valid: { name: 'A', email: 'a@b.co', requestType: 'otro', message: 'Hola' },
        fields: ['name', 'email'],
      },
      {
        schema: publicLeadBodySchema,
        valid: { name: 'A', email: 'a@b.co', requestType: 'otro', message: 'Hola', altcha: 'eA==' },
        fields: ['name', 'email', 'company', 'jobPosition', 'contactNumber'],
      },
    ];
    for (const { schema, valid, fields } of forms) {
      expect(schema.safeParse(valid).success).toBe(true);
      for (const field of fields) {
        expect(messagesByPath(schema, { ...valid, [field]: '1\r\n2' }), field).toEqual({
          [field]: [NOT_SINGLE_LINE],
        });
      }
    }
  });

  it('when the request message holds line breaks and control characters, then they are kept', () => {
    const message = 'Hola,\r\n\tgracias\u0000';
    const valid = { name: 'A', email: 'a@b.co', requestType: 'otro', message };
    expect(createRequestBodySchema.parse(valid).message).toBe(message);
    expect(publicLeadBodySchema.parse({ ...valid, altcha: 'eA==' }).message).toBe(message);
  });

  it('when the board is searched for a control character, then `q` is refused', () => {
    expect(messagesByPath(boardQuerySchema, { q: '\u0000' })).toEqual({ q: [NOT_SINGLE_LINE] });
    expect(boardQuerySchema.parse({ q: '  Ana  ' }).q).toBe('Ana');
  });
});

describe('board cursors', () => {
  const position = { createdAt: '2026-03-01T10:20:30.456Z', _id: '0123456789abcdef01234567' };

  it('when a position is written as a cursor, then the cursor reads back as that position', () => {
    const cursor = encodeBoardCursor(position);
    expect(cursor).toBe(`${Date.parse(position.createdAt)}-${position._id}`);
    expect(decodeBoardCursor(cursor)).toEqual(position);
  });

  it('when a cursor is not one the API writes, then it names no position', () => {
    for (const cursor of ['', 'nope', `1-${'A'.repeat(24)}`, `${'9'.repeat(16)}-${position._id}`]) {
      expect(decodeBoardCursor(cursor), cursor).toBeNull();
    }
  });
});
