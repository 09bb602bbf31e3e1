import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MAIL_FAILURE_REASONS, REQUEST_EMAIL_MESSAGES } from '@crm/shared';
import {
  addEmailTemplate,
  addReceivedEmail,
  addRequest,
  db,
  fakeMail,
} from '../../../test/fake-api';
import { findNotice } from '../../../test/notice';
import { cardName } from '../../../test/requests';
import { type User } from '../../../test/user';
import { renderApp } from '../../../test/render';
import { setupUser } from '../../../test/user';
import { clickCard, fill, findEditor, openEditorAlone, seedUsers } from './edit-request.test-kit';

// Issue 35: "Correos" in the request window: the thread with the customer, "Enviar correo",
// answering, "Reintentar", the draft that stays with the request, and the card's unread mark.

const CUSTOMER = { name: 'Carla Soto', email: 'carla@cliente.cl' };

async function openCorreos(seed?: (requestId: string) => void) {
  const { admin } = seedUsers();
  const request = addRequest(CUSTOMER);
  seed?.(request._id);
  const opened = await openEditorAlone(request, admin);
  const section = within(within(opened.dialog).getByRole('region', { name: 'Correos' }));
  return { ...opened, request, section };
}

const composer = (section: ReturnType<typeof within>) =>
  within(section.getByRole('group', { name: /^(Nuevo correo|Correo: )/ }));

const sends = () =>
  db.calls.filter((call) => call.method === 'POST' && call.path.endsWith('/emails'));

async function write(
  user: User,
  section: ReturnType<typeof within>,
  subject: string,
  text: string,
) {
  const form = composer(section);
  await fill(user, form.getByLabelText('Asunto'), subject);
  await fill(user, form.getByLabelText('Mensaje'), text);
  return form;
}

describe('"Correos" in the request window (issue 35)', () => {
  it('"Enviar correo" writes to the request’s email; the mail shows sent, by whom, and the form closes', async () => {
    const { user, section, request } = await openCorreos();
    expect(await section.findByText('Aún no hay correos con este cliente.')).toBeVisible();

    await user.click(section.getByRole('button', { name: 'Enviar correo' }));
    expect(composer(section).getByLabelText('Para')).toHaveValue(CUSTOMER.email);
    const form = await write(user, section, 'Cotización', 'Hola Carla,\n\nTe envío los valores.');
    await user.click(form.getByRole('button', { name: 'Enviar' }));

    await findNotice('Correo enviado');
    expect(sends().map((call) => call.body)).toEqual([
      {
        to: [CUSTOMER.email],
        cc: [],
        subject: 'Cotización',
        text: 'Hola Carla,\n\nTe envío los valores.',
      },
    ]);
    const mail = within(await section.findByRole('listitem'));
    expect(mail.getByText('Enviado por Ana García')).toBeVisible();
    expect(mail.getByText('Enviado')).toBeVisible();
    expect(mail.getByText('Cotización')).toBeVisible();
    expect(section.queryByRole('group')).toBeNull();
    expect(localStorage.getItem(`crm.emailDraft.${request._id}`)).toBeNull();
  });

  it('a template fills the subject and adds its text, with the request’s values, keeping what was typed', async () => {
    addEmailTemplate({
      name: 'Cotización',
      subject: 'Cotización {{numero}} para {{empresa}}',
      text: 'Hola {{nombre}} {{apellido}},\n\nSaludos,\n{{ejecutivo}}',
    });
    const { admin, bea } = seedUsers();
    const request = addRequest({
      ...CUSTOMER,
      company: 'Eventos Sur',
      requestNumber: 12,
      vendor: bea._id,
    });
    const { user, dialog } = await openEditorAlone(request, admin);
    const section = within(within(dialog).getByRole('region', { name: 'Correos' }));
    await user.click(section.getByRole('button', { name: 'Enviar correo' }));
    const form = composer(section);
    await fill(user, form.getByLabelText('Mensaje'), 'Como conversamos:');
    await user.selectOptions(await form.findByLabelText('Plantilla'), 'Cotización');

    expect(form.getByLabelText('Asunto')).toHaveValue('Cotización 12 para Eventos Sur');
    expect(form.getByLabelText('Mensaje')).toHaveValue(
      'Como conversamos:\n\nHola Carla Soto,\n\nSaludos,\nBea Ruiz',
    );
  });

  it('says what is wrong in the spec’s words and sends nothing', async () => {
    const { user, section } = await openCorreos();
    await user.click(section.getByRole('button', { name: 'Enviar correo' }));
    const form = composer(section);
    await user.clear(form.getByLabelText('Para'));
    await fill(user, form.getByLabelText('Cc'), 'jefe@cliente.cl, no-es-correo');
    await user.click(form.getByRole('button', { name: 'Enviar' }));

    expect(await form.findByText(REQUEST_EMAIL_MESSAGES.toRequired)).toBeVisible();
    expect(form.getByText(REQUEST_EMAIL_MESSAGES.invalidAddress)).toBeVisible();
    expect(form.getByText(REQUEST_EMAIL_MESSAGES.subjectRequired)).toBeVisible();
    expect(form.getByText(REQUEST_EMAIL_MESSAGES.textRequired)).toBeVisible();
    expect(sends()).toEqual([]);
  });

  it('a customer’s mail shows new; "Responder" answers it with "Re: …" to its sender', async () => {
    const { user, section } = await openCorreos((id) =>
      addReceivedEmail(id, {
        from: { address: 'asistente@cliente.cl', name: 'Asistente' },
        subject: 'Consulta de precios',
        text: '¿Cuánto cuesta para 80 personas?',
      }),
    );
    const mail = within(await section.findByRole('listitem'));
    expect(mail.getByText('De: Asistente <asistente@cliente.cl>')).toBeVisible();
    expect(mail.getByText('Recibido')).toBeVisible();
    expect(mail.getByText('Nuevo')).toBeVisible();

    await user.click(mail.getByRole('button', { name: 'Responder' }));
    const form = composer(section);
    expect(form.getByLabelText('Para')).toHaveValue('asistente@cliente.cl');
    expect(form.getByLabelText('Asunto')).toHaveValue('Re: Consulta de precios');
    await fill(user, form.getByLabelText('Mensaje'), 'Le envío la cotización.');
    await user.click(form.getByRole('button', { name: 'Enviar' }));

    await findNotice('Correo enviado');
    expect(sends()[0]?.body).toMatchObject({
      to: ['asistente@cliente.cl'],
      subject: 'Re: Consulta de precios',
      inReplyTo: expect.any(String) as string,
    });
  });

  it('a mail the server refused shows "No enviado: <razón>" and "Reintentar" sends it', async () => {
    const { user, section } = await openCorreos();
    fakeMail.refuseNext = 1;
    await user.click(section.getByRole('button', { name: 'Enviar correo' }));
    const form = await write(user, section, 'Contrato', 'Adjunto el contrato.');
    await user.click(form.getByRole('button', { name: 'Enviar' }));

    await findNotice('El correo no se pudo enviar');
    const mail = within(await section.findByRole('listitem'));
    expect(await mail.findByText(`No enviado: ${MAIL_FAILURE_REASONS.refused}`)).toBeVisible();
    await user.click(mail.getByRole('button', { name: 'Reintentar' }));
    expect(await mail.findByText('Enviado')).toBeVisible();
    expect(mail.queryByRole('button', { name: 'Reintentar' })).toBeNull();
  });

  it('the draft of a mail not sent stays with the request: closed and opened again, it is there', async () => {
    const { admin } = seedUsers();
    const request = addRequest(CUSTOMER);
    const first = await openEditorAlone(request, admin);
    const section = within(within(first.dialog).getByRole('region', { name: 'Correos' }));
    await first.user.click(section.getByRole('button', { name: 'Enviar correo' }));
    await write(first.user, section, 'Propuesta', 'Lo que conversamos hoy…');
    cleanup();

    const again = await openEditorAlone(request, admin);
    const form = composer(within(within(again.dialog).getByRole('region', { name: 'Correos' })));
    expect(form.getByLabelText('Asunto')).toHaveValue('Propuesta');
    expect(form.getByLabelText('Mensaje')).toHaveValue('Lo que conversamos hoy…');
    await again.user.click(form.getByRole('button', { name: 'Descartar' }));
    expect(localStorage.getItem(`crm.emailDraft.${request._id}`)).toBeNull();
  });

  it('opens in pages, older mails on demand, and says when answers are not being read', async () => {
    const { user, section } = await openCorreos((id) => {
      for (let i = 1; i <= 25; i++) {
        addReceivedEmail(id, {
          subject: `Correo ${i}`,
          at: new Date(Date.UTC(2026, 10, 1, 10, i)).toISOString(),
          unread: false,
        });
      }
    });
    await waitFor(() => expect(section.getAllByRole('listitem')).toHaveLength(20));
    expect(section.getAllByRole('listitem')[0]).toHaveTextContent('Correo 25');
    expect(
      section.getByText(
        'Las respuestas de los clientes no se están leyendo: el buzón de ventas no está configurado.',
      ),
    ).toBeVisible();
    await user.click(section.getByRole('button', { name: 'Ver correos anteriores' }));
    await waitFor(() => expect(section.getAllByRole('listitem')).toHaveLength(25));
    expect(section.queryByRole('button', { name: 'Ver correos anteriores' })).toBeNull();
  });

  it('the card shows the customer’s unread mails until someone opens the request', async () => {
    const { admin } = seedUsers();
    const request = addRequest({ ...CUSTOMER, requestNumber: 77 });
    addReceivedEmail(request._id);
    addReceivedEmail(request._id, { subject: 'Otra' });
    renderApp('/main/requests', admin);
    const user = setupUser();
    const card = await screen.findByRole('article', { name: cardName(request) });
    expect(within(card).getByRole('img', { name: '2 correos sin leer' })).toBeVisible();

    await clickCard(user, request);
    const dialog = await findEditor();
    await within(within(dialog).getByRole('region', { name: 'Correos' })).findAllByText('Nuevo');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const after = screen.getByRole('article', { name: cardName(request) });
    expect(within(after).queryByRole('img', { name: /sin leer/ })).toBeNull();
  });
});
