import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AGENDA_LABELS } from '@crm/shared';
import { addRequest, db } from '../../../test/fake-api';
import { cardName } from '../../../test/requests';
import { openEditor, seedUsers } from './edit-request.test-kit';

// Behind the modal the board is hidden from screen readers (aria-modal); it is still drawn.
const card = (request: Parameters<typeof cardName>[0]) =>
  screen.getByRole('article', { name: cardName(request), hidden: true });
const bell = (count: number) =>
  screen.queryByRole('link', { name: AGENDA_LABELS.bell(count), hidden: true });

describe('an activity change in the modal, on the board (issue 20)', () => {
  it('when a call is planned for today and completed, then the card and the bell follow', async () => {
    const { admin } = seedUsers();
    const request = addRequest({ name: 'Cliente Sigue' });
    const { user, dialog } = await openEditor(request, admin);
    await waitFor(() => expect(bell(0)).not.toBeNull());
    expect(card(request)).toHaveTextContent('Sin próxima acción');
    const section = within(within(dialog).getByRole('region', { name: 'Actividades' }));
    const boardReadsBefore = db.calls.filter((call) => call.path === '/api/form-contact/board');

    await user.click(section.getByRole('button', { name: 'Planificar actividad' }));
    const form = within(section.getByRole('group', { name: 'Planificar actividad' }));
    await user.type(form.getByLabelText('Título'), 'Llamar a Juan');
    await user.click(form.getByRole('button', { name: 'Hoy' }));
    await user.click(form.getByRole('button', { name: 'Planificar' }));

    await waitFor(() => expect(card(request)).toHaveTextContent('Llamada: Hoy · Llamar a Juan'));
    await waitFor(() => expect(bell(1)).not.toBeNull());

    await user.click(await section.findByRole('checkbox', { name: 'Hecha: Llamar a Juan' }));

    await waitFor(() => expect(card(request)).toHaveTextContent('Sin próxima acción'));
    await waitFor(() => expect(bell(0)).not.toBeNull());
    // Only that request was read again, not the board.
    expect(db.calls.filter((call) => call.path === '/api/form-contact/board')).toEqual(
      boardReadsBefore,
    );
  });
});
