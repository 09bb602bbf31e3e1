import { screen, waitFor, within } from '@testing-library/react';
import { OUTCOME_LABELS } from '@crm/shared';
import { expect } from 'vitest';
import { type User } from './user';

/**
 * Issue 21's closing question, once a move to CERRADO has asked it and it takes presses: a lazy
 * chunk (issue 33), it is drawn a moment before it joins the dialogs' stack, and until then the
 * window under it leaves it no pointer events (a person can't click that fast; a test can).
 */
export async function findOutcomeDialog() {
  const dialog = await screen.findByRole('dialog', { name: OUTCOME_LABELS.question });
  await waitFor(() => expect(getComputedStyle(dialog).pointerEvents).not.toBe('none'));
  return dialog;
}

/**
 * Answers "¿Ganada o perdida?": Ganada, or Perdida with its reason (and a comment), then
 * "Cerrar solicitud".
 */
export async function answerOutcome(
  user: User,
  answer: 'won' | { reason: string; comment?: string },
) {
  const dialog = await findOutcomeDialog();
  if (answer === 'won') {
    await user.click(within(dialog).getByRole('radio', { name: OUTCOME_LABELS.won }));
  } else {
    await user.click(within(dialog).getByRole('radio', { name: OUTCOME_LABELS.lost }));
    await user.selectOptions(within(dialog).getByLabelText(OUTCOME_LABELS.reason), answer.reason);
    if (answer.comment) {
      await user.type(within(dialog).getByLabelText(OUTCOME_LABELS.comment), answer.comment);
    }
  }
  await user.click(within(dialog).getByRole('button', { name: OUTCOME_LABELS.confirm }));
}
