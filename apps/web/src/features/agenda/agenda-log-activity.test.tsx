import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addRequest, addUser, db } from '../../test/fake-api';
import { renderApp } from '../../test/render';
// The screen is a lazy chunk: loaded with this file, not inside a first test's 5 s `findBy`
// (docs/testing.md).
import './agenda-page';
import { setupUser } from '../../test/user';

// Issue 33: "Registrar actividad" in the Agenda's header: which request (the board's search),
// then a call that already happened, in one step.

describe('/main/agenda: Registrar actividad (issue 33)', () => {
  it('when a request is found and a call logged, then it is done and the request’s history shows it', async () => {
    const bea = addUser({ role: 'vendor', name: 'Bea', lastName: 'Ruiz' });
    const marta = addRequest({
      name: 'Marta Díaz',
      email: 'marta.rojas@andes.cl',
      vendor: bea._id,
    });
    addRequest({ name: 'Otro Cliente', vendor: bea._id });
    renderApp('/main/agenda', bea);
    const user = setupUser();
    await screen.findByRole('heading', { level: 1, name: 'Agenda' });

    await user.click(screen.getByRole('button', { name: 'Registrar actividad' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar actividad' });
    await user.click(within(dialog).getByRole('button', { name: 'Registrar' }));
    expect(await within(dialog).findByText('Elige la solicitud.')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/^Buscar solicitud/), 'marta');
    await user.click(await within(dialog).findByRole('radio', { name: /Marta Díaz/ }));
    expect(within(dialog).queryByRole('radio', { name: /Otro Cliente/ })).toBeNull();
    await user.type(within(dialog).getByLabelText('Qué se hizo'), 'Llamé a Marta');
    await user.type(within(dialog).getByLabelText('Resultado (opcional)'), 'Confirma');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(db.activities.get(marta._id)).toEqual([
      expect.objectContaining({
        type: 'call',
        title: 'Llamé a Marta',
        done: true,
        ownerId: bea._id,
      }),
    ]);
    const history = db.history.get(marta._id) ?? [];
    expect(history.at(-1)).toMatchObject({ field: 'activityLogged', from: 'call', to: 'Confirma' });
  });
});
