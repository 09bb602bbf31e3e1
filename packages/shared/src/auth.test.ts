import { describe, expect, it } from 'vitest';
import { loginBodySchema, loginFormSchema } from './auth.js';
import { FIELD_MESSAGES } from './messages.js';
import { messagesByPath } from './test-utils.js';

/** `altcha`: base64, as the widget encodes its solution. */
const valid = { email: 'ana@example.com', password: 'x', altcha: 'eyJzb2x2ZWQiOnRydWV9' };

describe('§5 Login', () => {
  it('accepts an email, a non-empty password and a captcha solution', () => {
    expect(loginFormSchema.safeParse(valid).success).toBe(true);
    expect(loginBodySchema.safeParse(valid).success).toBe(true);
  });

  it.each(['', 'ana', 'ana@example', 'ana @example.com', ' ana@example.com', 'ana@exa mple.com'])(
    'says "Invalid email format" for %j',
    (email) => {
      expect(messagesByPath(loginFormSchema, { ...valid, email })).toEqual({
        email: ['Invalid email format'],
      });
    },
  );

  it('says "Password cannot be empty" when the password is empty or missing', () => {
    expect(messagesByPath(loginFormSchema, { ...valid, password: '' })).toEqual({
      password: ['Password cannot be empty'],
    });
    expect(messagesByPath(loginFormSchema, { email: valid.email, altcha: 'x' })).toEqual({
      password: ['Password cannot be empty'],
    });
  });

  it('says "Por favor rellenar el captcha" when the captcha is not completed', () => {
    expect(messagesByPath(loginFormSchema, { ...valid, altcha: '' })).toEqual({
      altcha: ['Por favor rellenar el captcha'],
    });
    expect(messagesByPath(loginBodySchema, { email: valid.email, password: 'x' })).toEqual({
      altcha: ['Por favor rellenar el captcha'],
    });
  });

  it('when the captcha field is not base64, then it says the captcha is missing, as for a wrong one', () => {
    for (const altcha of ['solved-payload', 'eyJ9\n', '{"challenge":{}}']) {
      expect(messagesByPath(loginBodySchema, { ...valid, altcha }), altcha).toEqual({
        altcha: ['Por favor rellenar el captcha'],
      });
    }
  });

  it('when the email holds a control character, then it says so', () => {
    expect(messagesByPath(loginBodySchema, { ...valid, email: 'ana@example.com\u0000' })).toEqual({
      email: [FIELD_MESSAGES.notSingleLine],
    });
  });

  it('reports every wrong field at once', () => {
    expect(Object.keys(messagesByPath(loginFormSchema, {}))).toEqual([
      'email',
      'password',
      'altcha',
    ]);
  });
});
