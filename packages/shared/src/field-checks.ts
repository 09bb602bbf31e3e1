// The rules of the common text fields as lists of zod checks, written once. The field builders
// (fields.ts, classic zod, with the OpenAPI metadata) and the public form's zod/mini schema
// (lead-form.ts) put the very same lists on their strings, so the browser and the API can't
// drift. Only zod's core here, neither classic zod nor zod/mini: the /form page bundles this
// module and has a 30 kB budget, which classic zod (about 24 kB gzipped on its own) would use
// up, and the staff app loads it too without needing zod/mini.
import {
  $ZodCustom,
  _maxLength,
  _minLength,
  _refine,
  _regex,
  _trim,
  type $ZodCheck,
} from 'zod/v4/core';
import {
  BIDI_CONTROLS,
  EMAIL_PATTERN,
  FIELD_MAX_LENGTH,
  CONTROL_CHARACTERS,
  LINE_SEPARATORS,
} from './constants.js';
import { FIELD_MESSAGES, LOGIN_MESSAGES } from './messages.js';

/**
 * The length check every string starts with. `abort` stops the field there, so no pattern or
 * refinement after it ever runs on an over-long value.
 */
export const maxLength = (max: number) => ({ message: FIELD_MESSAGES.tooLong(max), abort: true });

const NOT_ON_ONE_LINE = new RegExp(`[${CONTROL_CHARACTERS}${LINE_SEPARATORS}${BIDI_CONTROLS}]`);

/**
 * No control character (tab, CR, LF, NUL, DEL, C1), no line or paragraph separator and no
 * bidirectional control (issue 32: U+202E makes a name read backwards). The latter are "control
 * characters" to a reader as much as to Unicode (Bidi_Control), so FIELD_MESSAGES.notSingleLine
 * says it for them too.
 */
export const isSingleLine = (text: string): boolean => !NOT_ON_ONE_LINE.test(text);

type StringChecks = $ZodCheck<string>[];

/** A refinement as a bare core check (zod's own `refine` comes with its classic or mini class). */
const refine = (
  fn: (value: string) => boolean,
  params: string | { message: string; abort: boolean },
): $ZodCheck<string> => _refine($ZodCustom, fn, params);

/** A one-line string as sent: bounded, then free of control characters and line breaks. */
const singleLineChecks = (max: number): StringChecks => [
  _maxLength(max, maxLength(max)),
  refine(isSingleLine, { message: FIELD_MESSAGES.notSingleLine, abort: true }),
];

/** One line that must hold something besides blanks; `message` for both missing and blank. */
export const requiredTextChecks = (
  message: string,
  max: number = FIELD_MAX_LENGTH.name,
): StringChecks => [...singleLineChecks(max), _trim(), _minLength(1, message)];

/** An optional line, trimmed and bounded ("" when blank). */
export const optionalTextChecks = (max: number = FIELD_MAX_LENGTH.name): StringChecks => [
  ...singleLineChecks(max),
  _trim(),
];

/** Free text (any character, line breaks included) that must hold something besides blanks. */
export const requiredFreeTextChecks = (message: string, max: number): StringChecks => [
  _maxLength(max, maxLength(max)),
  _trim(),
  _minLength(1, message),
];

/** Required e-mail with the spec's two messages (required, then format). */
export const requiredEmailChecks = (
  requiredMessage: string,
  formatMessage: string,
): StringChecks => [
  ...singleLineChecks(FIELD_MAX_LENGTH.email),
  _trim(),
  _minLength(1, requiredMessage),
  // Not `abort`: an aborted field would stop the form's cross-field checks (zod 4).
  refine((email) => email === '' || EMAIL_PATTERN.test(email), formatMessage),
];

/** Standard base64, as the ALTCHA widget encodes its solution (`btoa`). */
export const ALTCHA_PAYLOAD_PATTERN = /^[A-Za-z0-9+/]+={0,2}$/;

/** The ALTCHA widget's solution, in form (whether it solves a challenge, only the server knows). */
export const altchaPayloadChecks = (): StringChecks => [
  _maxLength(FIELD_MAX_LENGTH.captcha, maxLength(FIELD_MAX_LENGTH.captcha)),
  _minLength(1, LOGIN_MESSAGES.captchaRequired),
  _regex(ALTCHA_PAYLOAD_PATTERN, LOGIN_MESSAGES.captchaRequired),
];
