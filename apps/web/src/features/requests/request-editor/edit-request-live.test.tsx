import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CONFLICT_LABELS, EVENT_LABELS, requestsApi } from '@crm/shared';
import { addRequest, db } from '../../../test/fake-api';
import { callAs, streamOpen } from '../../../test/live';
import {
  append,
  openEditor,
  putCalls,
  saveAndWait,
  saveButton,
  seedUsers,
  stored,
} from './edit-request.test-kit';

// Issue 36: the request window open while someone else changes or deletes the same request
// (their change reaches it through the live stream).

/**
 * The window open as Bea on a request of hers; Ana, elsewhere, is the other person. Another of
 * Bea's requests, "Centinela", is on the board behind the window.
 */
async function openAsBea() {
  const { admin: ana, bea } = seedUsers();
  const sentinel = addRequest({ name: 'Centinela', vendor: bea._id });
  const request = addRequest({ name: 'Nombre original', company: '', vendor: bea._id });
  const opened = await openEditor(request, bea);
  await streamOpen();
  return { ana, bea, request, sentinel, ...opened };
}

describe('Edit Request modal, live', () => {
  it('when someone else saves the request while I have typed something, then it says who, keeps what I typed, and shows their version on "Ver su versión", as a refused save would', async () => {
    const { ana, request, user, dialog } = await openAsBea();
    await append(user, within(dialog).getByLabelText('Compañía'), 'ACME');

    await callAs(ana, requestsApi.update, {
      params: { id: request._id },
      body: { ...request, name: 'Nombre de Ana' },
    });

    const warning = await within(dialog).findByRole('alert');
    expect(warning).toHaveTextContent(EVENT_LABELS.othersChanged('Ana García'));
    // Nothing of theirs until asked: what I see is what I typed on the copy I opened.
    expect(within(dialog).getByLabelText('Nombre')).toHaveValue('Nombre original');
    expect(within(dialog).getByLabelText('Compañía')).toHaveValue('ACME');

    await user.click(within(warning).getByRole('button', { name: EVENT_LABELS.showTheirs }));

    expect(within(dialog).getByLabelText('Nombre')).toHaveValue('Nombre de Ana');
    expect(within(dialog).getByLabelText('Compañía')).toHaveValue('ACME');
    expect(within(dialog).getByText(/Otra persona guardó esta solicitud/)).toHaveTextContent(
      'Tomamos sus cambios en: Nombre.',
    );
    const before = db.calls.length;
    await saveAndWait(user, dialog);
    expect(putCalls(before)).toHaveLength(1);
    expect(stored(request)).toMatchObject({ name: 'Nombre de Ana', company: 'ACME', version: 2 });
  });

  it('when I save with their change still held, then their version is shown first and nothing is sent', async () => {
    const { ana, request, user, dialog } = await openAsBea();
    await append(user, within(dialog).getByLabelText('Nombre'), ' y más');
    await callAs(ana, requestsApi.update, {
      params: { id: request._id },
      body: { ...request, name: 'Nombre de Ana' },
    });
    await within(dialog).findByRole('alert');
    const before = db.calls.length;

    await user.click(saveButton(dialog));

    // Both changed the name: the conflict's choice, as after a 409.
    const panel = await within(dialog).findByRole('alert', { name: CONFLICT_LABELS.title });
    expect(within(panel).getByText('Nombre de Ana')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Nombre')).toHaveValue('Nombre original y más');
    expect(putCalls(before)).toHaveLength(0);
  });

  it('when someone else changes it and I have typed nothing, then their version is in the form and it says whose', async () => {
    const { ana, request, dialog } = await openAsBea();

    await callAs(ana, requestsApi.move, {
      params: { id: request._id },
      body: { from: 'new request', to: 'contacted' },
    });

    const said = await within(dialog).findByText(EVENT_LABELS.othersChanged('Ana García'), {
      exact: false,
    });
    expect(said).toHaveTextContent(CONFLICT_LABELS.seeTheirs);
    expect(within(dialog).getByLabelText('Etapa de la solicitud')).toHaveValue('contacted');
    expect(within(dialog).queryByRole('button', { name: EVENT_LABELS.showTheirs })).toBeNull();
  });

  it('when my own change comes back through the stream, then the window says nothing', async () => {
    const { ana, sentinel, user, dialog } = await openAsBea();
    await append(user, within(dialog).getByLabelText('Compañía'), 'ACME');
    await saveAndWait(user, dialog);

    // An event after mine: once the board behind the window shows it, mine has been read too.
    await callAs(ana, requestsApi.move, {
      params: { id: sentinel._id },
      body: { from: 'new request', to: 'contacted' },
    });
    const contacted = screen.getByRole('region', { name: 'CONTACTADO', hidden: true });
    await within(contacted).findByRole('article', { name: /: Centinela$/, hidden: true });
    expect(within(dialog).queryByText(/cambió esta solicitud/)).toBeNull();
    expect(within(dialog).getByLabelText('Compañía')).toHaveValue('ACME');
  });

  it('when someone else deletes it, then the window says who and cannot save it', async () => {
    const { ana, request, user, dialog } = await openAsBea();
    await append(user, within(dialog).getByLabelText('Compañía'), 'ACME');

    await callAs(ana, requestsApi.remove, { params: { id: request._id } });

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      EVENT_LABELS.deletedMeanwhile('Ana García'),
    );
    expect(saveButton(dialog)).toBeDisabled();
    // Still open, with what was typed, until closed.
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(within(dialog).getByLabelText('Compañía')).toHaveValue('ACME');
  });
});
