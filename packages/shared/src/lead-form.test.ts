import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { FIELD_MAX_LENGTH } from './constants.js';
import { publicLeadFormSchema } from './lead-form.js';
import { LEAD_FIELD_MAX_LENGTH, publicLeadBodySchema, type PublicLeadBody } from './leads.js';

const valid = {
  name: 'Ana',
  email: 'ana@example.com',
  requestType: 'otro',
  message: 'Hola',
  altcha: 'cGF5bG9hZA==',
};

const tooLong = (max: number) => 'x'.repeat(max + 1);

/** Values each field may be sent with: good ones, and each rule broken at least once. */
const VARIANTS: Record<string, unknown[]> = {
  name: [' Ana ', '', '   ', tooLong(FIELD_MAX_LENGTH.name), 'Ana\tBea', 'Ana\u2028', 7, null],
  email: [
    ' ana@example.com ',
    '',
    'ana@',
    'ana bea@example.com',
    `${tooLong(FIELD_MAX_LENGTH.email)}@example.com`,
    'ana@example.com\n',
    undefined,
  ],
  requestType: ['agendar reunión', 'obtener una demo', 'OTRO', '', undefined, 3],
  message: [' Hola ', '   ', 'línea 1\nlínea 2\u0000', tooLong(FIELD_MAX_LENGTH.message), 5],
  company: ['Acme', '  ', tooLong(LEAD_FIELD_MAX_LENGTH.company), 'Acme\r\nBcc: x', 7, undefined],
  jobPosition: ['CEO', tooLong(LEAD_FIELD_MAX_LENGTH.jobPosition), '\u0085', null],
  contactNumber: [
    '+56 (9) 1234-5678',
    ' 600.123.456 ',
    'llámame',
    tooLong(LEAD_FIELD_MAX_LENGTH.contactNumber),
    '600\n123',
    undefined,
  ],
  altcha: ['', 'not base64!', tooLong(FIELD_MAX_LENGTH.captcha), 'YWJj', undefined, 1],
  homepage: ['http://spam.example', '', 42],
};

const bodies: unknown[] = [
  valid,
  {},
  { ...valid, unknownField: 'dropped' },
  ...Object.entries(VARIANTS).flatMap(([field, values]) =>
    values.map((value) => ({ ...valid, [field]: value })),
  ),
];

/** What a schema answers, in the terms a form or a client sees. */
function answerOf(schema: z.core.$ZodType, body: unknown) {
  const result = (schema as typeof publicLeadBodySchema).safeParse(body);
  return result.success
    ? { data: result.data }
    : { issues: result.error.issues.map(({ path, message }) => ({ path, message })) };
}

describe("publicLeadFormSchema, the browser's copy of the website form's rules", () => {
  it.each(bodies.map((body) => [JSON.stringify(body).slice(0, 80), body]))(
    'when sent %s, then it answers exactly what the API schema answers',
    (_name, body) => {
      expect(answerOf(publicLeadFormSchema, body)).toEqual(answerOf(publicLeadBodySchema, body));
    },
  );

  it('has the fields of the API schema and gives the same output type', () => {
    expect(Object.keys(publicLeadFormSchema.shape)).toEqual(
      Object.keys(publicLeadBodySchema.shape),
    );
    expectTypeOf<z.output<typeof publicLeadFormSchema>>().toEqualTypeOf<PublicLeadBody>();
  });
});
