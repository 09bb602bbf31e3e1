import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FIELD_MESSAGES } from '@crm/shared';
import { db } from '../../../test/fake-api';
import { matchPhoneWidth } from '../../../test/media';
import { editAlone, fill } from './edit-request.test-kit';
import { type User } from '../../../test/user';

// Issue 33 items 5 and 10: "Registrar actividad" from the request window, the contact links,
// and a phone's window opening on what a rep uses most.

/** Links to mail programs, dialers and wa.me go nowhere in the tests (jsdom can't navigate). */
const stayOnPage = (event: MouseEvent) => {
  if (event.target instanceof Element && event.target.closest('a')) event.preventDefault();
};
beforeEach(() => window.addEventListener('click', stayOnPage));
afterEach(() => window.removeEventListener('click', stayOnPage));

const logDialog = () => screen.findByRole('dialog', { name: 'Registrar actividad' });

async function logIn(user: User, dialog: HTMLElement, what: string, outcome?: string) {
  await fill(user, within(dialog).getByLabelText('Qué se hizo'), what);
  if (outcome) await fill(user, within(dialog).getByLabelText('Resultado (opcional)'), outcome);
  await user.click(within(dialog).getByRole('button', { name: 'Registrar' }));
}

/** The window's "Historial", unfolded: its lines. */
async function historyLines(user: User, editor: HTMLElement) {
  const toggle = within(editor).getByRole('button', { name: /^Historial/ });
  if (toggle.getAttribute('aria-expanded') !== 'true') await user.click(toggle);
  const list = await within(editor).findByRole('list', { name: 'Historial' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}

describe('Registrar actividad in the request window (issue 33)', () => {
  it('when a call that already happened is logged in one step, then it is done and in the history', async () => {
    const { request, user, dialog: editor } = await editAlone({ name: 'Marta Díaz' });

    await user.click(within(editor).getByRole('button', { name: 'Registrar actividad' }));
    const dialog = await logDialog();
    expect(within(dialog).getByLabelText('Tipo')).toHaveValue('call');
    await logIn(user, dialog, 'Llamé a Marta', 'Interesada, pide cotización');

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Registrar actividad' })).toBeNull(),
    );
    expect(db.activities.get(request._id)).toEqual([
      expect.objectContaining({
        type: 'call',
        title: 'Llamé a Marta',
        outcome: 'Interesada, pide cotización',
        done: true,
      }),
    ]);
    await waitFor(async () =>
      expect(await historyLines(user, editor)).toEqual([
        expect.stringContaining(
          'registró llamada «Llamé a Marta» · resultado: «Interesada, pide cotización»',
        ),
      ]),
    );
  });

  it('when "Qué se hizo" is empty, then it says so under the field and logs nothing', async () => {
    const { request, user, dialog: editor } = await editAlone();
    await user.click(within(editor).getByRole('button', { name: 'Registrar actividad' }));
    const dialog = await logDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Registrar' }));
    expect(
      await within(dialog).findByText(FIELD_MESSAGES.activityTitleRequired),
    ).toBeInTheDocument();
    expect(db.activities.get(request._id) ?? []).toEqual([]);
  });
});

describe('Reaching the customer from the request window (issue 33)', () => {
  it('offers mailto: beside the email, and tel: and WhatsApp (+56) beside a Chilean phone', async () => {
    const { dialog } = await editAlone({
      email: 'marta.rojas@andes.cl',
      contactNumber: '9 1234 5678',
    });
    expect(
      await within(dialog).findByRole('link', { name: 'Escribir correo a marta.rojas@andes.cl' }),
    ).toHaveAttribute('href', 'mailto:marta.rojas@andes.cl');
    expect(within(dialog).getByRole('link', { name: 'Llamar al 9 1234 5678' })).toHaveAttribute(
      'href',
      'tel:+56912345678',
    );
    const whatsApp = within(dialog).getByRole('link', {
      name: 'Escribir por WhatsApp al 9 1234 5678',
    });
    expect(whatsApp).toHaveAttribute('href', 'https://wa.me/56912345678');
    expect(whatsApp).toHaveAttribute('target', '_blank');
  });

  it('keeps a foreign number’s code, and offers no phone link for a number too short', async () => {
    const { user, dialog } = await editAlone({ contactNumber: '+34 600 123 456' });
    expect(
      await within(dialog).findByRole('link', { name: 'Escribir por WhatsApp al +34 600 123 456' }),
    ).toHaveAttribute('href', 'https://wa.me/34600123456');

    await fill(user, within(dialog).getByLabelText('Teléfono'), '123');
    expect(within(dialog).queryByRole('link', { name: /^Llamar/ })).toBeNull();
    expect(within(dialog).queryByRole('link', { name: /WhatsApp/ })).toBeNull();
  });

  it('when a link is used, then Registrar actividad opens on its type, and logs it', async () => {
    const {
      request,
      user,
      dialog: editor,
    } = await editAlone({
      email: 'marta.rojas@andes.cl',
      contactNumber: '9 1234 5678',
    });

    await user.click(await within(editor).findByRole('link', { name: /^Escribir correo a/ }));
    let dialog = await logDialog();
    expect(within(dialog).getByLabelText('Tipo')).toHaveValue('email');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Registrar actividad' })).toBeNull(),
    );

    await user.click(within(editor).getByRole('link', { name: /WhatsApp/ }));
    dialog = await logDialog();
    expect(within(dialog).getByLabelText('Tipo')).toHaveValue('call');
    await logIn(user, dialog, 'Hablamos por WhatsApp');
    await waitFor(() =>
      expect(db.activities.get(request._id)).toEqual([
        expect.objectContaining({ type: 'call', title: 'Hablamos por WhatsApp', done: true }),
      ]),
    );
  });
});

describe('The request window on a phone (issue 33)', () => {
  it('opens on Registrar actividad, the activities and the contact, the other fields behind "Más datos"', async () => {
    matchPhoneWidth();
    const { user, dialog } = await editAlone({ name: 'Marta Díaz' });

    const log = within(dialog).getByRole('button', { name: 'Registrar actividad' });
    const activities = within(dialog).getByRole('button', { name: /^Actividades/ });
    const contact = within(dialog).getByRole('group', { name: 'Información de contacto' });
    const more = within(dialog).getByRole('button', { name: 'Más datos' });
    /** A section by its legend, shown or folded. */
    const fieldset = (legend: string) =>
      within(dialog).getByText(legend, { selector: 'legend' }).closest('fieldset')!;
    const general = fieldset('Información general');
    const order = [log, activities, contact, more, general];
    for (const [at, element] of order.entries()) {
      const next = order[at + 1];
      if (next) {
        expect(
          element.compareDocumentPosition(next) & Node.DOCUMENT_POSITION_FOLLOWING,
        ).toBeTruthy();
      }
    }
    expect(activities).toHaveAttribute('aria-expanded', 'true');
    expect(within(dialog).getByLabelText('Correo')).toBeVisible();
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(general).not.toBeVisible();
    expect(fieldset('Evento')).not.toBeVisible();
    expect(fieldset('Detalles')).not.toBeVisible();

    await user.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(within(dialog).getByRole('group', { name: 'Información general' })).toBeVisible();
    expect(within(dialog).getByLabelText('Prioridad')).toBeVisible();
  });
});
