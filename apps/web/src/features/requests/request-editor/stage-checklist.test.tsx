import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addRequest } from '../../../test/fake-api';
import { dragWithKeys, findCard } from '../../../test/board';
import { matchPhoneWidth } from '../../../test/media';
import { COMPLETE_FIELDS } from '../../../test/requests';
import { renderApp } from '../../../test/render';
import { clickCard, findEditor, openEditorAlone, seedUsers } from './edit-request.test-kit';
import { setupUser } from '../../../test/user';

// Issue 33 item 6: the stage checklist warns only about what the person can fix, once per stage
// change; on a phone one compact move notice at a time.

const DONE = 'Requisitos de la etapa completos';
const DISMISS = 'Ocultar el aviso de datos que faltan';

describe('the stage checklist names only what this person can fix', () => {
  it('a vendor is not told about the source of contact (nobody edits it) nor the executive (an admin assigns it)', async () => {
    const { bea } = seedUsers();
    const request = addRequest({
      ...COMPLETE_FIELDS,
      status: 'contacted',
      sourceOfContact: 'unknown',
      vendor: null,
    });
    const { dialog } = await openEditorAlone(request, bea);

    expect(within(dialog).getByText(DONE)).toBeInTheDocument();
    expect(within(dialog).queryByText(/fuente de contacto|ejecutivo asignado/)).toBeNull();
  });

  it('a request lost in CERRADO is not asked for the amount paid nor the closing mail', async () => {
    const { admin } = seedUsers();
    const request = addRequest({
      ...COMPLETE_FIELDS,
      status: 'closed',
      vendor: admin._id,
      amoutPaid: 0,
      emailSentToCloseEvents: 'pending',
      outcome: { result: 'lost', reason: 'Precio', comment: null },
    });
    const { dialog } = await openEditorAlone(request, admin);

    expect(within(dialog).getByText(DONE)).toBeInTheDocument();
    expect(within(dialog).queryByText(/monto pagado|correo de cierre/)).toBeNull();
  });
});

describe('the stage checklist speaks once per stage change', () => {
  it('the first open in a stage warns (until "Entendido"); the next open does not; a move in the modal warns again', async () => {
    const { admin } = seedUsers();
    const request = addRequest({
      ...COMPLETE_FIELDS,
      name: 'Sin cargo',
      status: 'contacted',
      vendor: admin._id,
      jobPosition: '',
    });
    renderApp('/main/requests', admin);
    const user = setupUser();

    await clickCard(user, request);
    let dialog = await findEditor();
    expect(within(dialog).getByText('Falta: cargo.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await clickCard(user, request);
    dialog = await findEditor();
    expect(within(dialog).queryByText('Falta: cargo.')).not.toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText('Etapa de la solicitud'), 'En espera');
    expect(await within(dialog).findByText('Falta: cargo.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: DISMISS }));
    expect(within(dialog).queryByText('Falta: cargo.')).not.toBeInTheDocument();
  });

  it('said by the notice of the move that entered the stage, it is not said again when the request is opened', async () => {
    const { admin } = seedUsers();
    const request = addRequest({
      ...COMPLETE_FIELDS,
      name: 'Movida sin cargo',
      status: 'contacted',
      vendor: admin._id,
      jobPosition: '',
    });
    renderApp('/main/requests', admin);

    await dragWithKeys(await findCard('Movida sin cargo'), '[ArrowRight]');
    expect(await screen.findByText('Falta: cargo.')).toBeInTheDocument();

    await clickCard(setupUser(), request);
    const dialog = await findEditor();
    expect(within(dialog).queryByText('Falta: cargo.')).not.toBeInTheDocument();
  });
});

describe('the move notice on a phone', () => {
  it('two moves in a row leave one notice, the latest', async () => {
    matchPhoneWidth();
    const { admin } = seedUsers();
    addRequest({ name: 'Primera' });
    addRequest({ name: 'Segunda' });
    renderApp('/main/requests', admin);
    const user = setupUser();

    for (const name of ['Primera', 'Segunda']) {
      await user.click(within(await findCard(name)).getByRole('button', { name: /^Mover a…/ }));
      await user.click(screen.getByRole('menuitem', { name: 'EN ESPERA' }));
      await screen.findByText(new RegExp(`: ${name}$`), { selector: '.Toastify__toast *' });
    }

    await waitFor(() => expect(document.querySelectorAll('.Toastify__toast')).toHaveLength(1));
    expect(document.querySelector('.Toastify__toast')).toHaveTextContent('Segunda');
  });
});
