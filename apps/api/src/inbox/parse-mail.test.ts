import { describe, expect, it } from 'vitest';
import { KEPT_LIMITS, parseIncomingMail } from './parse-mail.js';

const mail = (headers: string[], body: string[] = ['Hola, ¿me envían una cotización?']) =>
  Buffer.from([...headers, '', ...body, ''].join('\r\n'));

const reply = mail([
  'From: Carla Soto <Carla@Cliente.cl>',
  'To: Ventas <ventas@crm.test>',
  'Cc: jefe@cliente.cl',
  'Subject: Re: Cotización 2026',
  'Message-ID: <respuesta-1@cliente.cl>',
  'In-Reply-To: <enviado-9@crm.test>',
  'References: <primero@crm.test> <enviado-9@crm.test>',
  'Date: Mon, 07 Dec 2026 10:00:00 -0300',
  'Content-Type: text/plain; charset=utf-8',
]);

describe('reading a message of the sales mailbox (issue 35)', () => {
  it('reads who wrote, to whom, the subject, the text and what it answers', async () => {
    const read = await parseIncomingMail(reply);

    expect(read).toMatchObject({
      messageId: '<respuesta-1@cliente.cl>',
      inReplyTo: '<enviado-9@crm.test>',
      references: ['<primero@crm.test>', '<enviado-9@crm.test>'],
      from: { address: 'carla@cliente.cl', name: 'Carla Soto' },
      to: [{ address: 'ventas@crm.test', name: 'Ventas' }],
      cc: [{ address: 'jefe@cliente.cl', name: '' }],
      subject: 'Re: Cotización 2026',
      attachments: [],
    });
    expect(read.text.trim()).toBe('Hola, ¿me envían una cotización?');
    expect(read.date?.toISOString()).toBe('2026-12-07T13:00:00.000Z');
    expect(read.automatic).toBeUndefined();
  });

  it('a message without a Message-ID is keyed by its bytes: the same mail, the same key', async () => {
    const withoutId = mail(['From: carla@cliente.cl', 'Subject: Sin identificador']);

    const first = await parseIncomingMail(withoutId);
    const again = await parseIncomingMail(Buffer.from(withoutId));
    const other = await parseIncomingMail(mail(['From: carla@cliente.cl', 'Subject: Otro']));

    expect(first.messageId).toMatch(/^<sha256-[0-9a-f]{64}@sin-message-id\.crm>$/);
    expect(again.messageId).toBe(first.messageId);
    expect(other.messageId).not.toBe(first.messageId);
  });

  it.each([
    ['Auto-Submitted: auto-replied'],
    ['Auto-Submitted: auto-generated'],
    ['X-Autoreply: yes'],
    ['X-Autorespond: Estoy de vacaciones'],
    ['Precedence: auto_reply'],
  ])('an out-of-office or auto-responder (%s) is an auto-reply', async (header) => {
    const read = await parseIncomingMail(
      mail(['From: carla@cliente.cl', 'Subject: Fuera de la oficina', header]),
    );

    expect(read.automatic).toBe('auto-reply');
  });

  it('Auto-Submitted: no is a person writing', async () => {
    const read = await parseIncomingMail(
      mail(['From: carla@cliente.cl', 'Subject: Hola', 'Auto-Submitted: no']),
    );

    expect(read.automatic).toBeUndefined();
  });

  it('a delivery report is a bounce that names the mail it returns, which is no attachment', async () => {
    const report = mail(
      [
        'From: Mail Delivery Subsystem <mailer-daemon@googlemail.com>',
        'To: ventas@crm.test',
        'Subject: Delivery Status Notification (Failure)',
        'Message-ID: <dsn-1@google.com>',
        'Content-Type: multipart/report; report-type=delivery-status; boundary="b1"',
      ],
      [
        '--b1',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Address not found',
        '--b1',
        'Content-Type: message/delivery-status',
        '',
        'Reporting-MTA: dns; googlemail.com',
        '',
        'Final-Recipient: rfc822; nadie@cliente.cl',
        'Action: failed',
        'Status: 5.1.1',
        '--b1',
        'Content-Type: message/rfc822',
        '',
        'From: ventas@crm.test',
        'To: nadie@cliente.cl',
        'Subject: Re: Cotización',
        'Message-ID: <enviado-123@crm.test>',
        '',
        'Hola',
        '--b1--',
      ],
    );

    const read = await parseIncomingMail(report);

    expect(read.automatic).toBe('bounce');
    expect(read.bouncedMessageId).toBe('<enviado-123@crm.test>');
    expect(read.attachments).toEqual([]);
  });

  it('a plain message from postmaster is a bounce too', async () => {
    const read = await parseIncomingMail(
      mail(['From: postmaster@cliente.cl', 'Subject: Undeliverable: Cotización']),
    );

    expect(read.automatic).toBe('bounce');
    expect(read.bouncedMessageId).toBeUndefined();
  });

  it('keeps an attachment with its name, type and bytes', async () => {
    const pdf = Buffer.from('%PDF-1.4 orden de compra');
    const read = await parseIncomingMail(
      mail(
        [
          'From: carla@cliente.cl',
          'Subject: Orden de compra',
          'Content-Type: multipart/mixed; boundary="m1"',
        ],
        [
          '--m1',
          'Content-Type: text/plain; charset=utf-8',
          '',
          'Adjunto la orden.',
          '--m1',
          'Content-Type: application/pdf; name="orden.pdf"',
          'Content-Disposition: attachment; filename="orden.pdf"',
          'Content-Transfer-Encoding: base64',
          '',
          pdf.toString('base64'),
          '--m1--',
        ],
      ),
    );

    expect(read.attachments).toEqual([
      { fileName: 'orden.pdf', contentType: 'application/pdf', size: pdf.length, content: pdf },
    ]);
    expect(read.text.trim()).toBe('Adjunto la orden.');
  });

  it('an unknown charset or text without headers is read as far as it goes, never thrown', async () => {
    const unknown = await parseIncomingMail(
      Buffer.concat([
        Buffer.from(
          'From: a@cliente.cl\r\nSubject: x\r\nContent-Type: text/plain; charset=x-nadie\r\n\r\n',
        ),
        Buffer.from([0x68, 0x6f, 0x6c, 0x61, 0x0d, 0x0a]),
      ]),
    );
    const garbage = await parseIncomingMail(Buffer.from('esto no es un correo'));

    expect(unknown.text.trim()).toBe('hola');
    expect(garbage.subject).toBe('');
    expect(garbage.from).toBeUndefined();
    expect(garbage.messageId).toMatch(/^<sha256-/);
  });

  it('a hostile message is kept within bounds: a 1 MB header, 2 MB of text, 1,000 parts', async () => {
    const hugeHeader = await parseIncomingMail(
      mail([
        'From: a@cliente.cl',
        `Subject: ${'x'.repeat(1_000_000)}`,
        `Message-ID: <${'y'.repeat(5_000)}@cliente.cl>`,
        `References: ${Array.from({ length: 500 }, (_, i) => `<r${i}@x.cl>`).join(' ')}`,
      ]),
    );
    expect(hugeHeader.subject.length).toBe(KEPT_LIMITS.line);
    // A Message-ID longer than a line is no ID: the message is keyed by its bytes.
    expect(hugeHeader.messageId).toMatch(/^<sha256-/);
    expect(hugeHeader.references).toHaveLength(KEPT_LIMITS.references);
    expect(hugeHeader.references.at(-1)).toBe('<r499@x.cl>');

    const longText = await parseIncomingMail(
      mail(['From: a@cliente.cl', 'Subject: largo'], ['z'.repeat(2_000_000)]),
    );
    expect(longText.text.length).toBe(KEPT_LIMITS.text);

    const boundary = 'limite';
    const partsOf = (count: number) =>
      Array.from({ length: count }, (_, i) =>
        [
          `--${boundary}`,
          `Content-Type: application/octet-stream; name="parte${i}.bin"`,
          'Content-Disposition: attachment',
          '',
          `contenido ${i}`,
        ].join('\r\n'),
      );
    const many = await parseIncomingMail(
      mail(
        [
          'From: a@cliente.cl',
          'Subject: partes',
          `Content-Type: multipart/mixed; boundary=${boundary}`,
        ],
        [...partsOf(1_000), `--${boundary}--`],
      ),
    );
    const some = await parseIncomingMail(
      mail(
        [
          'From: a@cliente.cl',
          'Subject: partes',
          `Content-Type: multipart/mixed; boundary=${boundary}`,
        ],
        [...partsOf(150), `--${boundary}--`],
      ),
    );
    expect(some.attachments).toHaveLength(KEPT_LIMITS.attachments);
    expect(many.subject).toBe('partes');
    // Past the parser's 1,000 parts: kept by its headers, without a body, never thrown.
    expect(many.from?.address).toBe('a@cliente.cl');
    expect(many.text).toBe('');
    expect(many.attachments).toEqual([]);
  });
});
