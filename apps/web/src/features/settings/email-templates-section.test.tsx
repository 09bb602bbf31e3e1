import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EMAIL_TEMPLATE_MESSAGES } from '@crm/shared';
import { addEmailTemplate, addUser, emailTemplates } from '../../test/fake-api';
import { findNotice } from '../../test/notice';
import { renderApp } from '../../test/render';
import './settings-page';
import { setupUser, type User } from '../../test/user';

// Issue 35: Ajustes' "Plantillas de correo", kept by a system admin.

/** Text with braces, put in as a paste (user-event's typing reads "{" as a key's name). */
async function paste(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function openTemplates() {
  const admin = addUser({ role: 'system admin' });
  renderApp('/main/settings', admin);
  const section = within(await screen.findByRole('region', { name: 'Plantillas de correo' }));
  return { user: setupUser(), section };
}

describe('Ajustes: "Plantillas de correo" (issue 35)', () => {
  it('writes a new template with merge fields, and lists it by name', async () => {
    addEmailTemplate({ name: 'Seguimiento', subject: 'Seguimos en contacto' });
    const { user, section } = await openTemplates();
    await section.findByText('Seguimiento');
    await user.click(section.getByRole('button', { name: 'Nueva plantilla' }));
    await paste(user, section.getByLabelText('Nombre de la plantilla'), 'Cotización');
    await paste(user, section.getByLabelText('Asunto'), 'Cotización {{numero}}');
    await paste(user, section.getByLabelText('Mensaje'), 'Hola {{nombre}},');
    await user.click(section.getByRole('button', { name: 'Guardar plantilla' }));

    await findNotice('Plantilla guardada');
    expect(
      emailTemplates.map(({ name, subject, text }) => ({ name, subject, text })),
    ).toContainEqual({
      name: 'Cotización',
      subject: 'Cotización {{numero}}',
      text: 'Hola {{nombre}},',
    });
    await waitFor(() =>
      expect(
        within(section.getByRole('list', { name: 'Plantillas de correo' }))
          .getAllByRole('listitem')
          .map((item) => item.querySelector('p')?.textContent),
      ).toEqual(['Cotización', 'Seguimiento']),
    );
  });

  it('refuses a field that does not exist, in its words', async () => {
    const { user, section } = await openTemplates();
    await user.click(await section.findByRole('button', { name: 'Nueva plantilla' }));
    await paste(user, section.getByLabelText('Nombre de la plantilla'), 'Mala');
    await paste(user, section.getByLabelText('Asunto'), 'Hola');
    await paste(user, section.getByLabelText('Mensaje'), 'Código {{codigo}}');
    await user.click(section.getByRole('button', { name: 'Guardar plantilla' }));
    expect(await section.findByText(EMAIL_TEMPLATE_MESSAGES.unknownField('codigo'))).toBeVisible();
    expect(emailTemplates).toEqual([]);
  });

  it('changes and deletes a template', async () => {
    addEmailTemplate({ name: 'Bienvenida', subject: 'Hola', text: 'Bienvenido' });
    const { user, section } = await openTemplates();
    await user.click(await section.findByRole('button', { name: 'Editar Bienvenida' }));
    await user.clear(section.getByLabelText('Asunto'));
    await paste(user, section.getByLabelText('Asunto'), 'Bienvenido, {{nombre}}');
    await user.click(section.getByRole('button', { name: 'Guardar plantilla' }));
    await findNotice('Plantilla guardada');
    expect(emailTemplates[0]).toMatchObject({ subject: 'Bienvenido, {{nombre}}', version: 1 });

    await user.click(section.getByRole('button', { name: 'Eliminar Bienvenida' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    await findNotice('Plantilla eliminada');
    expect(emailTemplates).toEqual([]);
  });
});
