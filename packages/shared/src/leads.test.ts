import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES, CREATE_REQUEST_MESSAGES } from './messages.js';
import {
  LEAD_MAIL,
  LEAD_MESSAGES,
  LEAD_UNVERIFIED_PREFIX,
  publicLeadBodySchema,
  recentLeadsQuerySchema,
  singleLine,
  type LeadMailFields,
} from './leads.js';

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

describe('LEAD_MAIL (the emails of a website request)', () => {
  const BREAKS = ['\r\n', '\n', '\r', '\u2028', '\u2029', '\u0085', '\v', '\f', '\u0000'];
  const hostile = (field: string) =>
    BREAKS.map((brk) => `${field}${brk}Bcc: victim@example.com`).join('');
  const lead: LeadMailFields = {
    name: hostile('Marta'),
    email: hostile('marta@example.com'),
    company: hostile('Acme'),
    jobPosition: hostile('Gerente'),
    contactNumber: hostile('+56'),
    requestType: hostile('otro'),
    message: `Su cuenta será bloqueada.${hostile('\nVerifique en http://phish.example')}`,
    requestNumber: 42,
  };

  it('when a field holds line breaks or control characters, then singleLine makes it one plain line', () => {
    expect(singleLine('  Ana\r\nBcc: x@y.z\u0000\u202Efdp.exe  ')).toBe('Ana Bcc: x@y.z fdp.exe');
    for (const brk of BREAKS) expect(singleLine(`a${brk}b`)).toBe('a b');
  });

  it('when the message is a phishing text, then the confirmation quotes none of it: the name at most, on its line', () => {
    for (const followUp of [false, true]) {
      const text = LEAD_MAIL.confirmationText(lead, followUp);
      expect(text).not.toContain('bloqueada');
      expect(text).not.toContain('phish');
      expect(text.split('\n')[0]).toBe(`Hola, ${singleLine(lead.name)}:`);
      expect(text).toContain('42');
      expect(LEAD_MAIL.confirmationSubject(lead, followUp)).not.toMatch(/Marta|Bcc/);
    }
  });

  it('when any field holds line breaks, then the admins’ notice keeps one line per field and the subject one line', () => {
    for (const followUp of [false, true]) {
      const lines = LEAD_MAIL.adminText(lead, followUp).split('\n');
      expect(lines.map((line) => line.replace(/:.*/, ''))).toEqual([
        expect.stringContaining('formulario web'),
        '',
        'Nombre',
        'Correo',
        'Compañía',
        'Cargo',
        'Teléfono',
        'Tipo de solicitud',
        'Mensaje',
      ]);
      for (const line of lines) expect(line).not.toMatch(/[\p{Cc}\u2028\u2029]/u);
      expect(lines.at(-1)).toContain('Verifique en http://phish.example');
      expect(LEAD_MAIL.adminSubject(lead, followUp)).not.toMatch(/[\p{Cc}\u2028\u2029]/u);
    }
  });

  it('when a follow-up note is made, then it starts with the unverified mark', () => {
    expect(LEAD_MESSAGES.followUpNote('Hola').startsWith(LEAD_UNVERIFIED_PREFIX)).toBe(true);
    expect(LEAD_MESSAGES.followUpNote('Hola')).toContain('Hola');
  });
});
