import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { SOURCE_OF_CONTACT_LABELS } from '@crm/shared';
import { card, editDialog, openAs, signInAsAdmin, snap, unique } from '../support/app.js';
import { messageIdMailedTo } from '../support/mail.js';
import { deliverToSalesMailbox } from '../support/mailbox.js';
import { BASE_URL } from '../support/stack.js';

// Issue 35, on real parts: the rep writes from the request, the customer's mail server (the
// stack's smtp-server) receives it; the customer's answer, delivered into the product's Dovecot
// mailbox, shows in the request's thread; a mail from a new address becomes a request.

/** A customer's mail as their program writes it. */
function customerMail(fields: {
  from: string;
  subject: string;
  text: string;
  id: string;
  inReplyTo?: string;
  /** A file attached, as a mail program attaches one (base64, its name in the disposition). */
  attachment?: { name: string; type: string; content: string };
}) {
  const boundary = 'limite-de-partes';
  const text = [
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    fields.text,
  ];
  const body = fields.attachment
    ? [
        `Content-Type: multipart/mixed; boundary="${boundary}"`,
        '',
        `--${boundary}`,
        ...text,
        `--${boundary}`,
        `Content-Type: ${fields.attachment.type}; name="${fields.attachment.name}"`,
        `Content-Disposition: attachment; filename="${fields.attachment.name}"`,
        'Content-Transfer-Encoding: base64',
        '',
        Buffer.from(fields.attachment.content).toString('base64'),
        `--${boundary}--`,
      ]
    : text;
  return [
    `From: ${fields.from}`,
    'To: ventas@crm.test',
    `Subject: ${fields.subject}`,
    `Message-ID: <${fields.id}@cliente.test>`,
    ...(fields.inReplyTo
      ? [`In-Reply-To: ${fields.inReplyTo}`, `References: ${fields.inReplyTo}`]
      : []),
    `Date: ${new Date().toUTCString()}`,
    'MIME-Version: 1.0',
    ...body,
    '',
  ].join('\r\n');
}

const PLAN = {
  name: 'plano salón.pdf',
  type: 'application/pdf',
  content: '%PDF-1.4 plano del salón',
};

test.describe('email on the request', () => {
  test('a rep writes to the customer from the request and sees the answer there', async ({
    page,
    request,
  }) => {
    const admin = await signInAsAdmin(request);
    const name = unique('Carla ');
    const created = await admin.api.createRequest(name);
    await openAs(page, admin.session);
    await card(page, name).getByRole('button', { name: 'Editar solicitud' }).click();
    const correos = editDialog(page).getByRole('region', { name: 'Correos' });
    await expect(correos.getByText('Aún no hay correos con este cliente.')).toBeVisible();

    await correos.getByRole('button', { name: 'Enviar correo' }).click();
    await expect(correos.getByLabel('Para')).toHaveValue(created.email);
    await correos.getByLabel('Asunto').fill('Cotización evento');
    await correos.getByLabel('Mensaje').fill('Hola Carla,\n\nTe envío los valores.\n\nSaludos');
    await correos.getByRole('button', { name: 'Enviar', exact: true }).click();
    await expect(correos.getByText('Enviado', { exact: true })).toBeVisible();

    // The customer's mail server has it, with the product's Message-ID.
    const messageId = await messageIdMailedTo(BASE_URL, created.email, 'Te envío los valores.');

    await deliverToSalesMailbox(
      customerMail({
        from: `${name} <${created.email}>`,
        subject: 'Re: Cotización evento',
        text: '¡Gracias! Confirmamos para 80 personas.',
        id: unique('respuesta-').replace(/\s/g, ''),
        inReplyTo: messageId,
        attachment: PLAN,
      }),
    );
    // Read every 5 s here (IMAP_POLL_SECONDS), the open thread asked again at that pace.
    await expect(correos.getByText('¡Gracias! Confirmamos para 80 personas.')).toBeVisible({
      timeout: 60_000,
    });
    await expect(correos.getByText('Recibido', { exact: true })).toBeVisible();

    // Its attachment is kept with the request, and downloads as the bytes the customer sent.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      correos.getByRole('button', { name: `Descargar ${PLAN.name}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(PLAN.name);
    const saved = await download.path();
    expect(readFileSync(saved, 'utf8')).toBe(PLAN.content);
    const archivos = editDialog(page).getByRole('region', { name: 'Archivos' });
    await editDialog(page)
      .getByRole('button', { name: /^Archivos/ })
      .click();
    await expect(archivos.getByText(PLAN.name)).toBeVisible();
    await snap(page, 'email-thread');
  });

  test('a mail from a new address becomes a request on the board, from "Correo"', async ({
    page,
    request,
  }) => {
    const admin = await signInAsAdmin(request);
    const name = unique('Pedro ');
    const address = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@empresa.test`;
    await deliverToSalesMailbox(
      customerMail({
        from: `${name} <${address}>`,
        subject: 'Evento de fin de año',
        text: 'Somos 120 personas, ¿tienen fecha en diciembre?',
        id: unique('nuevo-').replace(/\s/g, ''),
      }),
    );
    await openAs(page, admin.session);
    await expect(async () => {
      await page.reload();
      await expect(card(page, name)).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 60_000 });

    await card(page, name).getByRole('button', { name: 'Editar solicitud' }).click();
    await expect(editDialog(page).getByText(SOURCE_OF_CONTACT_LABELS.email).first()).toBeVisible();
    const correos = editDialog(page).getByRole('region', { name: 'Correos' });
    await expect(
      correos.getByText('Somos 120 personas, ¿tienen fecha en diciembre?'),
    ).toBeVisible();
    await snap(page, 'email-lead');
  });
});
