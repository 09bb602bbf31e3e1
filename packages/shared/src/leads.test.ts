import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES, CREATE_REQUEST_MESSAGES } from './messages.js';
import { LEAD_MESSAGES, publicLeadBodySchema, recentLeadsQuerySchema } from './leads.js';

const valid = {
  name: ' Ana ',
  email: 'ana@example.com',
  requestType: 'otro',
  message: 'Hola',
  altcha: 'payload',
};

const messagesOf = (input: unknown) => {
  const result = publicLeadBodySchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('publicLeadBodySchema (the website form)', () => {
  it('when only the four fields and the captcha come, then the optional ones are "" and names trimmed', () => {
    expect(publicLeadBodySchema.parse(valid)).toEqual({
      ...valid,
      name: 'Ana',
      company: '',
      jobPosition: '',
      contactNumber: '',
    });
  });

  it('when the four fields are missing, then §5’s create-request messages, and the captcha message', () => {
    expect(messagesOf({})).toEqual({
      name: CREATE_REQUEST_MESSAGES.nameRequired,
      email: CREATE_REQUEST_MESSAGES.emailRequired,
      requestType: CREATE_REQUEST_MESSAGES.requestTypeRequired,
      message: CREATE_REQUEST_MESSAGES.messageRequired,
      altcha: LEAD_MESSAGES.captchaRequired,
    });
  });

  it('when an optional field is too long, not text, or the phone has letters, then a clear Spanish message', () => {
    expect(
      messagesOf({ ...valid, company: 'x'.repeat(101), jobPosition: 7, contactNumber: 'llámame' }),
    ).toEqual({
      company: FIELD_MESSAGES.tooLong(100),
      jobPosition: LEAD_MESSAGES.textExpected,
      contactNumber: LEAD_MESSAGES.invalidPhone,
    });
    expect(messagesOf({ ...valid, contactNumber: '+56 (9) 1234-5678' })).toEqual({});
  });

  it('when the honeypot is filled, then the body still parses (the API decides, the bot learns nothing)', () => {
    expect(publicLeadBodySchema.parse({ ...valid, homepage: 'http://spam' })).toMatchObject({
      homepage: 'http://spam',
    });
  });
});

describe('recentLeadsQuerySchema', () => {
  it('when `after` is not a cursor or a parameter is unknown, then it is refused', () => {
    expect(recentLeadsQuerySchema.safeParse({ after: 'nope' }).success).toBe(false);
    expect(recentLeadsQuerySchema.safeParse({ since: 'x' }).success).toBe(false);
    expect(recentLeadsQuerySchema.parse({})).toEqual({});
  });
});

describe('leads-text.ts', () => {
  it('imports no zod, so the /form page that loads it stays small', () => {
    const source = readFileSync(new URL('./leads-text.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/from ['"]zod/);
    expect(source).not.toMatch(/from ['"]\.\/(fields|request|board|auth|user)\.js/);
  });
});
