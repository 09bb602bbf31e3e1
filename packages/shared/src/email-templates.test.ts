import { describe, expect, it } from 'vitest';
import {
  EMAIL_TEMPLATE_MESSAGES,
  emailTemplateBodySchema,
  mergeTemplate,
  mergeValuesOf,
} from './email-templates.js';

describe('email templates (issue 35)', () => {
  const values = mergeValuesOf(
    { name: 'Carla  Soto Pérez', company: 'Eventos Sur', requestNumber: 42 },
    'Bea Ruiz',
  );

  it('fills the merge fields with the request’s values', () => {
    expect(values).toEqual({
      nombre: 'Carla',
      apellido: 'Soto Pérez',
      empresa: 'Eventos Sur',
      ejecutivo: 'Bea Ruiz',
      numero: '42',
    });
    expect(
      mergeTemplate(
        {
          subject: 'Cotización {{numero}} para {{empresa}}',
          text: 'Hola {{Nombre}} {{ apellido }},\n\nSaludos,\n{{ejecutivo}}',
        },
        values,
      ),
    ).toEqual({
      subject: 'Cotización 42 para Eventos Sur',
      text: 'Hola Carla Soto Pérez,\n\nSaludos,\nBea Ruiz',
    });
  });

  it('puts values in as text: never read as fields again, never a line break in the subject', () => {
    const hostile = mergeValuesOf(
      { name: 'Eva', company: '{{numero}}\r\nBcc: espia@x.cl', requestNumber: null },
      'constructor',
    );
    const merged = mergeTemplate(
      { subject: 'Para {{empresa}}', text: '{{empresa}} {{constructor}}' },
      hostile,
    );
    expect(merged.subject).toBe('Para {{numero}} Bcc: espia@x.cl');
    expect(merged.text).toBe('{{numero}}\r\nBcc: espia@x.cl {{constructor}}');
    expect(mergeValuesOf({ name: 'Eva', company: '', requestNumber: null }, '').numero).toBe(
      'unnasigned',
    );
  });

  it('refuses a template naming a field that does not exist', () => {
    const parsed = emailTemplateBodySchema.safeParse({
      name: 'Bienvenida',
      subject: 'Hola {{nombre}}',
      text: 'Su código es {{codigo}}',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toMatchObject([
      { path: ['text'], message: EMAIL_TEMPLATE_MESSAGES.unknownField('codigo') },
    ]);
  });
});
