import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES, OUTCOME_LABELS } from '@crm/shared';
import { db } from '../../../test/fake-api';
import { editAlone, putCalls, saveAndWait, saveButton, stored } from './edit-request.test-kit';

// Issue 21 in the Edit Request modal: "Monto estimado", and the outcome of a closed request.

describe('Edit Request modal: "Monto estimado"', () => {
  it('saves a whole amount (written with dots or not) with the update; emptied, none', async () => {
    const { request, user, dialog } = await editAlone({ expectedValue: 200 });
    const field = within(dialog).getByLabelText(OUTCOME_LABELS.expectedValue);
    expect(field).toHaveValue('200');

    await user.clear(field);
    await user.type(field, '1.500.000');
    await saveAndWait(user, dialog);
    expect(stored(request).expectedValue).toBe(1_500_000);

    const before = db.calls.length;
    await user.clear(field);
    await saveAndWait(user, dialog);
    expect(putCalls(before).at(-1)?.body).toMatchObject({ expectedValue: null });
    expect(stored(request).expectedValue).toBeNull();
  });

  it('refuses a negative or fractional amount next to the field, sending nothing', async () => {
    const { user, dialog } = await editAlone();
    const field = within(dialog).getByLabelText(OUTCOME_LABELS.expectedValue);
    const before = db.calls.length;

    await user.type(field, '12,5');
    await user.click(saveButton(dialog));

    expect(field).toHaveAccessibleDescription(FIELD_MESSAGES.expectedValueInvalid);
    expect(field).toHaveFocus();
    expect(putCalls(before)).toEqual([]);
  });
});

describe('Edit Request modal: the outcome of a closed request', () => {
  it('a request closed before issue 21 says "Sin resultado" and takes one with the update', async () => {
    const { request, user, dialog } = await editAlone({ status: 'closed' });
    expect(within(dialog).getByText(OUTCOME_LABELS.none)).toBeInTheDocument();
    const before = db.calls.length;

    await user.click(within(dialog).getByRole('radio', { name: OUTCOME_LABELS.lost }));
    await user.click(saveButton(dialog));
    // Perdida needs its reason: nothing is sent yet.
    expect(putCalls(before)).toEqual([]);
    await user.selectOptions(
      within(dialog).getByLabelText(OUTCOME_LABELS.reason),
      'Fecha no disponible',
    );
    await saveAndWait(user, dialog);

    expect(putCalls(before).at(-1)?.body).toMatchObject({
      outcome: { result: 'lost', reason: 'Fecha no disponible', comment: null },
    });
    expect(stored(request).outcome).toEqual({
      result: 'lost',
      reason: 'Fecha no disponible',
      comment: null,
    });
  });

  it('shows the outcome it has, and changes it to Ganada', async () => {
    const { request, user, dialog } = await editAlone({
      status: 'closed',
      outcome: { result: 'lost', reason: 'Motivo retirado', comment: 'Antiguo' },
    });
    // A reason since removed from the list stays readable.
    expect(within(dialog).getByLabelText(OUTCOME_LABELS.reason)).toHaveValue('Motivo retirado');

    await user.click(within(dialog).getByRole('radio', { name: OUTCOME_LABELS.won }));
    await saveAndWait(user, dialog);

    expect(stored(request).outcome).toEqual({ result: 'won', reason: null, comment: null });
  });
});
