import { within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerDiscardPrompt } from '../../../test/discard-prompt';
import { db } from '../../../test/fake-api';
import {
  editAlone,
  stored,
  putCalls,
  section,
  saveButton,
  saveAndWait,
  append,
  fill,
} from './edit-request.test-kit';

// The Edit Request modal's "Evento" fields: how their placeholders show and what they send.

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('Edit Request modal: "Evento" fields', () => {
  it('shows the placeholders ("unknown", 0) as empty fields reading "Pendiente"', async () => {
    const { dialog } = await editAlone();
    const event = section(dialog, 'Evento');

    for (const label of ['Método de pago', 'Rubro']) {
      expect(within(event).getByLabelText(label)).toHaveValue('');
      expect(within(event).getByLabelText(label)).toHaveAttribute('placeholder', 'Pendiente');
    }
    for (const label of ['Cantidad de eventos', 'Pax', 'Monto pagado']) {
      expect(within(event).getByLabelText(label)).toHaveValue(null);
      expect(within(event).getByLabelText(label)).toHaveAttribute('placeholder', 'Pendiente');
    }
    expect(within(event).getByLabelText('Fecha del evento')).toHaveValue('');
    expect(within(event).getByLabelText('Fecha del evento')).toHaveAttribute(
      'placeholder',
      'dd/mm/aaaa',
    );
    expect(within(event).queryByDisplayValue('unknown')).not.toBeInTheDocument();
    expect(within(event).queryByDisplayValue('0')).not.toBeInTheDocument();
    // "pending" is not a word on screen either: the box is unticked and says it is pending.
    expect(within(event).getByText('(pendiente)')).toBeInTheDocument();
  });

  it('saves a placeholder nobody touched as the same placeholder, and one typed then emptied too', async () => {
    const { request, user, dialog } = await editAlone({ company: 'ACME' });
    const event = section(dialog, 'Evento');

    // Typed, then emptied again: back to "unknown" and 0, so the form has nothing to save.
    await append(user, within(event).getByLabelText('Rubro'), 'bodas');
    await user.type(within(event).getByLabelText('Pax'), '12');
    await user.clear(within(event).getByLabelText('Rubro'));
    await user.clear(within(event).getByLabelText('Pax'));
    await append(user, within(dialog).getByLabelText('Compañía'), ' SA');
    const before = db.calls.length;
    await saveAndWait(user, dialog);

    expect(putCalls(before)[0]!.body).toMatchObject({
      company: 'ACME SA',
      paymentMethod: 'unknown',
      bussinesItem: 'unknown',
      eventsQuantity: 0,
      pax: 0,
      amoutPaid: 0,
      emailSentToCloseEvents: 'pending',
      eventDate: null,
    });
    expect(stored(request)).toMatchObject({
      company: 'ACME SA',
      paymentMethod: 'unknown',
      bussinesItem: 'unknown',
      pax: 0,
      emailSentToCloseEvents: 'pending',
    });
  });

  it('an older request with an empty text keeps it empty', async () => {
    const { user, dialog } = await editAlone({ paymentMethod: '' });
    const method = within(dialog).getByLabelText('Método de pago');
    expect(method).toHaveValue('');

    await user.type(method, 'x');
    await user.clear(method);
    await append(user, within(dialog).getByLabelText('Cargo'), 'Jefa');
    const before = db.calls.length;
    await saveAndWait(user, dialog);

    expect(putCalls(before)[0]!.body).toMatchObject({ paymentMethod: '', jobPosition: 'Jefa' });
  });

  it('shows the event fields and sends numbers, text and a boolean', async () => {
    const { request, user, dialog } = await editAlone();
    const event = section(dialog, 'Evento');
    expect(
      within(event).getByRole('checkbox', { name: 'Correo de cierre enviado' }),
    ).not.toBeChecked();

    // The numbers are typed key by key: a half-typed number ("2500.") must not lose its text.
    const replace = async (label: string, text: string) => {
      const input = within(event).getByLabelText(label);
      await user.clear(input);
      await user.type(input, text);
    };
    await fill(user, within(event).getByLabelText('Método de pago'), 'transferencia');
    await fill(user, within(event).getByLabelText('Rubro'), 'bodas');
    await replace('Cantidad de eventos', '12');
    await replace('Pax', '150');
    await replace('Monto pagado', '2500.5');
    await user.click(within(event).getByRole('checkbox', { name: 'Correo de cierre enviado' }));
    const before = db.calls.length;
    await saveAndWait(user, dialog);

    const body = putCalls(before)[0]!.body;
    expect(body).toMatchObject({
      paymentMethod: 'transferencia',
      bussinesItem: 'bodas',
      eventsQuantity: 12,
      pax: 150,
      amoutPaid: 2500.5,
      emailSentToCloseEvents: true,
    });
    expect(stored(request)).toMatchObject({
      eventsQuantity: 12,
      pax: 150,
      amoutPaid: 2500.5,
      emailSentToCloseEvents: true,
    });
    expect(within(event).getByLabelText('Pax')).toHaveValue(150);
    expect(within(event).getByLabelText('Monto pagado')).toHaveValue(2500.5);
    expect(within(event).getByRole('checkbox', { name: 'Correo de cierre enviado' })).toBeChecked();
  });

  it('an emptied number sends 0 and unticking the checkbox sends false', async () => {
    const { user, dialog } = await editAlone({ pax: 80, emailSentToCloseEvents: true });

    await user.clear(within(dialog).getByLabelText('Pax'));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Correo de cierre enviado' }));
    const before = db.calls.length;
    await saveAndWait(user, dialog);

    expect(putCalls(before)[0]!.body).toMatchObject({ pax: 0, emailSentToCloseEvents: false });
  });

  it.each(['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati', 'Asia/Tokyo'])(
    'the date shows the UTC day of eventDate as dd/mm/yyyy and sends midnight UTC (time zone %s)',
    async (zone) => {
      vi.stubEnv('TZ', zone);
      const { request, user, dialog } = await editAlone({ eventDate: '2026-05-10T00:00:00.000Z' });

      const date = within(dialog).getByLabelText('Fecha del evento');
      expect(date).toHaveValue('10/05/2026');

      await user.clear(date);
      await user.type(date, '15/06/2026');
      expect(date).toHaveValue('15/06/2026');
      const before = db.calls.length;
      await saveAndWait(user, dialog);

      expect(putCalls(before)[0]!.body).toMatchObject({ eventDate: '2026-06-15T00:00:00.000Z' });
      expect(stored(request).eventDate).toBe('2026-06-15T00:00:00.000Z');
      expect(within(dialog).getByLabelText('Fecha del evento')).toHaveValue('15/06/2026');
    },
  );

  it('an untouched date saves the same day; an emptied one saves null', async () => {
    const { user, dialog } = await editAlone({ eventDate: '2026-05-10T00:00:00.000Z' });

    await append(user, within(dialog).getByLabelText('Cargo'), 'Jefa');
    let before = db.calls.length;
    await saveAndWait(user, dialog);
    expect(putCalls(before)[0]!.body).toMatchObject({ eventDate: '2026-05-10T00:00:00.000Z' });

    await user.clear(within(dialog).getByLabelText('Fecha del evento'));
    before = db.calls.length;
    await saveAndWait(user, dialog);
    expect(putCalls(before)[0]!.body).toMatchObject({ eventDate: null });
  });

  it('a day it cannot read is not saved: the field says what it expects and takes the focus', async () => {
    const { user, dialog } = await editAlone({ eventDate: '2026-05-10T00:00:00.000Z' });
    const date = within(dialog).getByLabelText('Fecha del evento');

    await user.clear(date);
    await user.type(date, '31/02/2026');
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(date).toHaveAccessibleDescription('Fecha no válida: escríbela como dd/mm/aaaa');
    const before = db.calls.length;
    await user.click(saveButton(dialog));

    expect(putCalls(before)).toEqual([]);
    expect(date).toHaveFocus();
  });
  it('a day it cannot read counts as unsaved: closing asks first, and the text typed stays', async () => {
    const { user, dialog } = await editAlone();
    const date = within(dialog).getByLabelText('Fecha del evento');

    await user.type(date, '15/0');
    await user.keyboard('{Escape}');
    await answerDiscardPrompt(user, 'Seguir editando');

    expect(date).toHaveValue('15/0');
    expect(date).toHaveAccessibleDescription('Fecha no válida: escríbela como dd/mm/aaaa');
  });

  it('when a newer copy brings event values, then the fields left alone show them; one typed in keeps its text until "Usar la suya"', async () => {
    const { request, user, dialog } = await editAlone();
    const event = section(dialog, 'Evento');

    await user.type(within(event).getByLabelText('Monto pagado'), '2500.');
    // Another person saves meanwhile: the save below is refused and their copy read (409).
    Object.assign(stored(request), {
      pax: 150,
      amoutPaid: 99,
      eventDate: '2026-07-01T00:00:00.000Z',
      version: 1,
    });
    await user.click(saveButton(dialog));
    await within(dialog).findByRole('alert', { name: 'Otra persona cambió esta solicitud' });

    expect(within(event).getByLabelText('Pax')).toHaveValue(150);
    expect(within(event).getByLabelText('Fecha del evento')).toHaveValue('01/07/2026');
    // Both changed the amount: mine stays on screen (beside theirs in the panel) as I typed it.
    expect(within(event).getByLabelText('Monto pagado')).toHaveValue(2500);
    await user.type(within(event).getByLabelText('Monto pagado'), '5');
    expect(within(event).getByLabelText('Monto pagado')).toHaveValue(2500.5);

    // "Usar la suya": their amount replaces the text typed.
    const panel = within(dialog).getByRole('alert', { name: 'Otra persona cambió esta solicitud' });
    await user.click(within(panel).getByRole('button', { name: 'Usar la suya' }));
    expect(within(event).getByLabelText('Monto pagado')).toHaveValue(99);
  });
});
